import type { ProxyHolderSummary } from '@livevote/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { DeliveryStatus } from '../../ui/components/DeliveryStatus';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useResendHolderLink } from '../hooks/useProxies';

/**
 * The holders named on proxies (by e-mail) and the link each was mailed: when it went, or that
 * it bounced, and a button to send it again (docs/proxies.md).
 */
export function HolderLinks({
  shortCode,
  holders,
}: {
  shortCode: string;
  holders: ProxyHolderSummary[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const resend = useResendHolderLink(shortCode);
  const named = holders.filter((holder) => holder.email);
  if (!named.length) return null;
  const resent = named.find((h) => h.key === resend.variables);

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('proxiesStaff.links.title')}</h3>
      <p className="muted">{t('proxiesStaff.links.hint')}</p>
      <ErrorMessage error={resend.error} />
      {resend.isSuccess && resent && (
        <Alert tone="success">
          {t('proxiesStaff.links.sent', { email: resent.email })}
        </Alert>
      )}
      <ul className="pick-list" aria-label={t('proxiesStaff.links.title')}>
        {named.map((holder) => (
          <li key={holder.key} className="pick-row">
            <span>
              <span className="pick-title">{holder.name}</span>
              <span className="pick-meta">{holder.email}</span>
              <DeliveryStatus delivery={holder.notice} kind="link" />
            </span>
            <button
              type="button"
              className="secondary"
              disabled={resend.isPending}
              aria-label={t('proxiesStaff.links.resendTo', {
                name: holder.name,
              })}
              onClick={() => resend.mutate(holder.key)}
            >
              {resend.isPending && resend.variables === holder.key
                ? t('common.sending')
                : t('proxiesStaff.links.resend')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
