import type { Member, Voter } from '@livevote/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useQrDataUrl } from '../../ui/hooks/useQrDataUrl';
import { usePersonalLink } from '../hooks/useMembers';

export interface PersonalLinkPanelProps {
  shortCode: string;
  member: Member;
  voter: Voter;
  onClose: () => void;
}

/**
 * A voter's personal portal link for helping an owner at the desk: a QR code to scan with
 * the owner's phone, and the link to copy. It is the link of the invite: whoever holds it
 * votes for the unit, so it is shown only on request.
 */
export function PersonalLinkPanel({
  shortCode,
  member,
  voter,
  onClose,
}: PersonalLinkPanelProps) {
  const id = useId();
  const { t } = useTranslation();
  const link = usePersonalLink(shortCode);
  const [copied, setCopied] = useState<'yes' | 'no'>();
  const heading = useRef<HTMLHeadingElement>(null);
  const { mutate } = link;
  const url = link.data?.portalUrl;
  const qr = useQrDataUrl(url);

  useEffect(() => {
    mutate({ memberKey: member.key, email: voter.email });
    heading.current?.focus();
  }, [mutate, member.key, voter.email]);

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <section
      className="panel personal-link"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {t('members.link.title', { name: voter.name, unit: member.unit })}
      </h3>
      <p className="hint">{t('members.link.hint')}</p>
      <ErrorMessage error={link.error} />
      {link.isPending && <Loading label={t('members.link.making')} />}
      {url && (
        <div className="personal-link-body">
          {qr && (
            <img
              className="qr"
              src={qr}
              width={220}
              height={220}
              alt={t('members.link.qr', { name: voter.name })}
            />
          )}
          <div className="stack-small">
            <div className="field">
              <label htmlFor={`${id}-url`}>{t('members.link.label')}</label>
              <input
                id={`${id}-url`}
                readOnly
                value={url}
                onFocus={(event) => event.target.select()}
              />
            </div>
            <div className="button-row">
              <button
                type="button"
                className="primary"
                onClick={() => void copy()}
              >
                {t('members.link.copy')}
              </button>
              <button type="button" className="secondary" onClick={onClose}>
                {t('common.close')}
              </button>
            </div>
            <p role="status" className="hint">
              {copied === 'yes' && t('members.link.copied')}
              {copied === 'no' && t('members.link.copyRefused')}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
