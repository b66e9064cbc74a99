import type { Matter, MemberProxy } from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useZonedTime } from '../../../i18n/use-language';
import { useRejectProxy, useVerifyProxy } from '../hooks/useProxies';
import { directionText } from '../utils/split';

export const STATUS_LABEL: Record<MemberProxy['status'], string> = {
  submitted: 'To verify',
  verified: 'Verified',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
};

export interface ProxyListProps {
  shortCode: string;
  proxies: MemberProxy[];
  matters: Matter[];
}

/** The verification queue: each proxy with its directions; verify, or reject with a reason. */
export function ProxyList({ shortCode, proxies, matters }: ProxyListProps) {
  const at = useZonedTime();
  const verify = useVerifyProxy(shortCode);
  const reject = useRejectProxy(shortCode);
  const [rejecting, setRejecting] = useState<string>();
  const names = new Map(matters.map((m) => [m.key, m.name]));

  if (!proxies.length) return <p>No proxies match.</p>;
  return (
    <>
      <ErrorMessage error={verify.error ?? reject.error} />
      <div className="table-scroll">
        <table className="data-table" aria-label="Proxies">
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col">Holder</th>
              <th scope="col">Directions</th>
              <th scope="col">Received</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
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
                    <span className="muted small"> (default)</span>
                  )}
                </td>
                <td>
                  <ul className="voter-list">
                    {proxy.directions.map((d) => (
                      <li key={d.matterKey}>
                        {names.get(d.matterKey) ?? 'A matter'}:{' '}
                        {directionText(d.choices)}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {proxy.source === 'paper' ? 'Paper' : 'Online'},{' '}
                  {at(proxy.submittedAt)}
                  <br />
                  <span className="muted small">signed {proxy.signedName}</span>
                </td>
                <td>
                  <span className={`badge badge-${proxy.status}`}>
                    {STATUS_LABEL[proxy.status]}
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
                          aria-label={`Verify unit ${proxy.unit}`}
                          onClick={() => verify.mutate(proxy.key)}
                        >
                          Verify
                        </button>
                        <button
                          type="button"
                          className="secondary danger"
                          aria-label={`Reject unit ${proxy.unit}`}
                          onClick={() => setRejecting(proxy.key)}
                        >
                          Reject
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
  const id = useId();
  const [reason, setReason] = useState('');
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim()) onReject(reason.trim());
  }
  return (
    <form className="inline-form" onSubmit={handleSubmit}>
      <label htmlFor={`${id}-reason`}>Reason shown to unit {unit}</label>
      <input
        id={`${id}-reason`}
        required
        maxLength={1000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="danger" disabled={pending}>
        Reject unit {unit}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
