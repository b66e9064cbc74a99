import {
  RejectProxyRequest,
  type Matter,
  type MemberProxy,
} from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionLine } from '../utils/split';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm } from '../../ui/hooks/useContractForm';
import { useZonedTime } from '../../../i18n/use-language';
import { useRejectProxy, useVerifyProxy } from '../hooks/useProxies';

export interface ProxyListProps {
  shortCode: string;
  proxies: MemberProxy[];
  matters: Matter[];
}

/** The verification queue: each proxy with its directions; verify, or reject with a reason. */
export function ProxyList({ shortCode, proxies, matters }: ProxyListProps) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const verify = useVerifyProxy(shortCode);
  const reject = useRejectProxy(shortCode);
  const [rejecting, setRejecting] = useState<string>();
  const names = new Map(matters.map((m) => [m.key, m.name]));

  if (!proxies.length) return <p>{t('proxiesStaff.none')}</p>;
  return (
    <>
      <ErrorMessage error={verify.error ?? reject.error} />
      <div className="table-scroll">
        <table className="data-table" aria-label={t('proxiesStaff.title')}>
          <thead>
            <tr>
              <th scope="col">{t('proxiesStaff.unit')}</th>
              <th scope="col">{t('proxiesStaff.holder')}</th>
              <th scope="col">{t('proxiesStaff.directions')}</th>
              <th scope="col">{t('proxiesStaff.received')}</th>
              <th scope="col">{t('proxiesStaff.status')}</th>
              <th scope="col">
                <span className="sr-only">{t('proxiesStaff.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {proxies.map((proxy) => (
              <tr key={proxy.key} data-status={proxy.status}>
                <th scope="row">{proxy.unit}</th>
                <td>
                  {proxy.holder.name}
                  {proxy.holder.isDefault && (
                    <span className="muted small">
                      {' '}
                      {t('proxiesStaff.isDefault')}
                    </span>
                  )}
                </td>
                <td>
                  <ul className="voter-list">
                    {proxy.directions.map((d) => (
                      <li key={d.matterKey}>
                        {directionLine(t, names.get(d.matterKey), d)}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {t(
                    proxy.source === 'paper'
                      ? 'proxiesStaff.receivedPaper'
                      : 'proxiesStaff.receivedOnline',
                    { at: at(proxy.submittedAt) },
                  )}
                  <br />
                  <span className="muted small">
                    {t('proxiesStaff.signed', { name: proxy.signedName })}
                  </span>
                </td>
                <td>
                  <span className={`badge badge-${proxy.status}`}>
                    {t(`proxiesStaff.statusName.${proxy.status}`)}
                  </span>
                  {proxy.rejectReason && (
                    <span className="muted small"> {proxy.rejectReason}</span>
                  )}
                </td>
                <td>
                  {proxy.status === 'submitted' &&
                    (rejecting === proxy.key ? (
                      <RejectForm
                        unit={proxy.unit}
                        pending={reject.isPending}
                        onCancel={() => setRejecting(undefined)}
                        onReject={(reason) =>
                          reject.mutate(
                            { proxyKey: proxy.key, reason },
                            { onSuccess: () => setRejecting(undefined) },
                          )
                        }
                      />
                    ) : (
                      <div className="button-row">
                        <button
                          type="button"
                          className="primary"
                          disabled={verify.isPending}
                          aria-label={t('proxiesStaff.verifyLabel', {
                            unit: proxy.unit,
                          })}
                          onClick={() => verify.mutate(proxy.key)}
                        >
                          {t('proxiesStaff.verify')}
                        </button>
                        <button
                          type="button"
                          className="secondary danger"
                          aria-label={t('proxiesStaff.rejectLabel', {
                            unit: proxy.unit,
                          })}
                          onClick={() => setRejecting(proxy.key)}
                        >
                          {t('proxiesStaff.reject')}
                        </button>
                      </div>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function RejectForm({
  unit,
  pending,
  onReject,
  onCancel,
}: {
  unit: string;
  pending: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const labels = { reason: t('proxiesStaff.reason', { unit }) };
  const { form, idOf, field, summary, summaryId } = useContractForm({
    schema: RejectProxyRequest,
    defaultValues: { reason: '' },
    labels,
  });
  // the contract trims the reason: what the member reads has no stray spaces
  const submit = form.handleSubmit(({ reason }) => onReject(reason));
  return (
    <form className="inline-form" onSubmit={submit}>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <label htmlFor={idOf('reason')}>{labels.reason}</label>
      <input required maxLength={1000} {...field('reason')} />
      <button type="submit" className="danger" disabled={pending}>
        {t('proxiesStaff.rejectLabel', { unit })}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
