import type { MemberProxy, ProxyForm, ProxyStatus } from '@livevote/contracts';
import { useState } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useZonedTime } from '../../../i18n/use-language';
import {
  useOwnProxy,
  useProxyForm,
  useSubmitProxy,
  useWithdrawProxy,
  type VoterTarget,
} from '../hooks/useMemberProxy';
import { directionText } from '../utils/split';
import { ProxyFormView } from './ProxyFormView';

export const STATUS_TEXT: Record<ProxyStatus, string> = {
  submitted: 'Received, waiting for verification',
  verified: 'Verified',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked: you attend the meeting',
};

/** The member's proxy in the portal: what stands, and the form to give, replace or withdraw it. */
export function ProxyPanel({ target }: { target: VoterTarget }) {
  const at = useZonedTime();
  const form = useProxyForm(target);
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
      <h2 id="proxy">Proxy</h2>
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
              Replace my proxy
            </button>
            <button
              type="button"
              className="secondary danger"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate()}
            >
              Withdraw my proxy
            </button>
          </div>
        ) : (
          <>
            <p className="hint">
              Can’t attend? Appoint someone to vote for your unit, until{' '}
              {at(form.data.closesAt)}. Attending the meeting yourself revokes
              it.
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
  const at = useZonedTime();
  const names = new Map(form.matters.map((m) => [m.matterKey, m.name]));
  return (
    <div
      className="receipt"
      role="status"
      aria-label="Your proxy"
      data-status={proxy.status}
    >
      <p>
        <strong>{STATUS_TEXT[proxy.status]}</strong>
      </p>
      <p>
        Proxy holder: {proxy.holder.name}
        {proxy.holder.email ? ` (${proxy.holder.email})` : ''}
      </p>
      {proxy.status === 'rejected' && proxy.rejectReason && (
        <p>Reason: {proxy.rejectReason}</p>
      )}
      <ul>
        {proxy.directions.map((direction) => (
          <li key={direction.matterKey}>
            {names.get(direction.matterKey) ?? 'A matter'}:{' '}
            {directionText(direction.choices)}
          </li>
        ))}
      </ul>
      <p className="hint">
        Signed by {proxy.signedName} on {at(proxy.submittedAt)}.
      </p>
    </div>
  );
}
