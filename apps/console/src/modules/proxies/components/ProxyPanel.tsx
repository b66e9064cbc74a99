import type { MemberProxy, ProxyForm, ProxyStatus } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionLine } from '../utils/split';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useZonedTime } from '../../../i18n/use-language';
import {
  useOwnProxy,
  useProxyForm,
  useSubmitProxy,
  useWithdrawProxy,
} from '../hooks/useMemberProxy';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { ProxyFormView } from './ProxyFormView';

/** The catalog keys of a proxy's status, as its member reads it (docs/i18n.md). */
export const STATUS_TEXT: Record<ProxyStatus, string> = {
  submitted: 'proxyForm.status.submitted',
  verified: 'proxyForm.status.verified',
  rejected: 'proxyForm.status.rejected',
  withdrawn: 'proxyForm.status.withdrawn',
  revoked: 'proxyForm.status.revoked',
};

/** A matter's texts in the voter's language, as the portal's meeting gives them. */
export interface MatterTexts {
  name: string;
  header: string;
  optionLabels: readonly string[];
}

/** The form's matters in the voter's language where the portal's meeting has them (docs/i18n.md). */
function inVoterLanguage(
  form: ProxyForm,
  texts: ReadonlyMap<string, MatterTexts> | undefined,
): ProxyForm & {
  matters: (ProxyForm['matters'][number] & { optionLabels?: string[] })[];
} {
  if (!texts) return form;
  return {
    ...form,
    matters: form.matters.map((matter) => {
      const shown = texts.get(matter.matterKey);
      return shown
        ? {
            ...matter,
            name: shown.name,
            header: shown.header,
            optionLabels: [...shown.optionLabels],
          }
        : matter;
    }),
  };
}

/** The member's proxy in the portal: what stands, and the form to give, replace or withdraw it. */
export function ProxyPanel({
  target,
  texts,
}: {
  target: VoterTarget;
  /** By matter key: the texts the voter reads, so directions name matters as the ballots do. */
  texts?: ReadonlyMap<string, MatterTexts>;
}) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const asked = useProxyForm(target);
  const form = {
    ...asked,
    data: asked.data && inVoterLanguage(asked.data, texts),
  };
  const own = useOwnProxy(target);
  const submit = useSubmitProxy(target);
  const withdraw = useWithdrawProxy(target);
  const [editing, setEditing] = useState(false);
  const proxy = own.data ?? null;
  const standing =
    proxy !== null &&
    (proxy.status === 'submitted' || proxy.status === 'verified');
  const open = form.data?.open ?? false;
  if (!form.data || own.isPending) return null;
  if (!open && !proxy) return null;

  return (
    <section aria-labelledby="proxy" className="portal-section">
      <h2 id="proxy">{t('proxyForm.title')}</h2>
      <ErrorMessage error={form.error ?? own.error ?? withdraw.error} />
      {proxy && (!editing || !standing) && (
        <ProxySummary proxy={proxy} form={form.data} />
      )}
      {open &&
        (standing && !editing ? (
          <div className="button-row">
            <button
              type="button"
              className="secondary"
              onClick={() => setEditing(true)}
            >
              {t('proxyForm.replace')}
            </button>
            <button
              type="button"
              className="secondary danger"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate()}
            >
              {t('proxyForm.withdraw')}
            </button>
          </div>
        ) : (
          <>
            <p className="hint">
              {t('proxyForm.intro', { until: at(form.data.closesAt) })}
            </p>
            <ProxyFormView
              form={form.data}
              pending={submit.isPending}
              error={submit.error}
              onSubmit={(body) =>
                submit.mutate(body, { onSuccess: () => setEditing(false) })
              }
              onCancel={standing ? () => setEditing(false) : undefined}
            />
          </>
        ))}
    </section>
  );
}

function ProxySummary({
  proxy,
  form,
}: {
  proxy: MemberProxy;
  form: ProxyForm;
}) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const matters = new Map(form.matters.map((m) => [m.matterKey, m]));
  return (
    <div
      className="receipt"
      role="status"
      aria-label={t('proxyForm.yours')}
      data-status={proxy.status}
    >
      <p>
        <strong>{t(STATUS_TEXT[proxy.status])}</strong>
      </p>
      <p>
        {t('proxyForm.holder', {
          holder: proxy.holder.email
            ? `${proxy.holder.name} (${proxy.holder.email})`
            : proxy.holder.name,
        })}
      </p>
      {proxy.status === 'rejected' && proxy.rejectReason && (
        <p>{t('proxyForm.reason', { reason: proxy.rejectReason })}</p>
      )}
      <ul>
        {proxy.directions.map((direction) => (
          <li key={direction.matterKey}>
            {directionLine(
              t,
              matters.get(direction.matterKey)?.name,
              direction,
              matters.get(direction.matterKey),
            )}
          </li>
        ))}
      </ul>
      <p className="hint">
        {t('proxyForm.signedBy', {
          name: proxy.signedName,
          at: at(proxy.submittedAt),
        })}
      </p>
    </div>
  );
}
