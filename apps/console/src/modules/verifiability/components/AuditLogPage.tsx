import { useZonedTime } from '../../../i18n/use-language';
import type { AuditEntryView } from '@livevote/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { fromZonedInput } from '@livevote/i18n';
import { useMeetingZone } from '../../../i18n/meeting-zone';
import { useAuditDownload, useAuditLog } from '../hooks/useAuditLog';

/** The families of the audit log's kinds, for the filter. */
export const AUDIT_FAMILIES = [
  { value: '', label: 'Everything' },
  { value: 'matter', label: 'Voting: start, stop, extend, reopen, edits' },
  { value: 'member', label: 'Members' },
  { value: 'voter', label: 'Voters' },
  { value: 'members.import', label: 'Imports' },
  { value: 'proxy', label: 'Proxies' },
  { value: 'ballot', label: 'Ballots recorded by managers' },
  { value: 'holder', label: 'Votes for default proxy holders' },
  { value: 'floor', label: 'Floor ballots' },
  { value: 'check_in', label: 'Check-ins' },
  { value: 'result', label: 'Sign-off' },
  { value: 'meeting', label: 'Meeting details and settings' },
];

function changesText(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([field, value]) => {
      if (
        value &&
        typeof value === 'object' &&
        'from' in value &&
        'to' in value
      )
        return `${field}: ${JSON.stringify(value.from)} → ${JSON.stringify(value.to)}`;
      return `${field}: ${JSON.stringify(value)}`;
    })
    .join('; ');
}

function actorText(entry: AuditEntryView): string {
  if (entry.actor.type === 'user')
    return entry.actor.email ?? entry.actor.id ?? '';
  if (entry.actor.type === 'partner') return `partner ${entry.actor.id}`;
  return 'the gateway';
}

/** The meeting's audit log (docs/verifiability.md): filter by kind and time, export it. */
export function AuditLogPage() {
  const at = useZonedTime();
  const zone = useMeetingZone();
  const { shortCode = '' } = useParams();
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = {
    kind: kind || undefined,
    from: fromZonedInput(from, zone) ?? undefined,
    to: fromZonedInput(to, zone) ?? undefined,
  };
  const log = useAuditLog(shortCode, filter);
  const download = useAuditDownload(shortCode, filter);

  return (
    <section className="panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <p className="hint">
        Every action of the chair and the managers on this meeting, with who,
        when and from where. Nothing here can be changed or deleted; each entry
        is sealed in the meeting’s hash chain.
      </p>
      <div className="filters" role="group" aria-label="Filter the audit log">
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {AUDIT_FAMILIES.map((family) => (
              <option key={family.value} value={family.value}>
                {family.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label>
          To
          <input
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <div className="button-row" role="group" aria-label="Export">
          <button
            type="button"
            className="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate('csv')}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate('jsonl')}
          >
            Export JSON Lines
          </button>
        </div>
      </div>
      <ErrorMessage error={log.error ?? download.error} />
      {log.isPending && <Loading />}
      {log.data && (
        <table className="audit-table" aria-label="Audit entries">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Who</th>
              <th scope="col">From</th>
              <th scope="col">On</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {log.data.length === 0 && (
              <tr>
                <td colSpan={6}>No entries.</td>
              </tr>
            )}
            {[...log.data].reverse().map((entry) => (
              <tr key={entry.id}>
                <td>{at(entry.at)}</td>
                <td>
                  <code>{entry.kind}</code>
                </td>
                <td>{actorText(entry)}</td>
                <td>{entry.clientIp ?? '–'}</td>
                <td>
                  {String(entry.subject.label ?? entry.subject.key ?? '')}
                </td>
                <td className="small changes">{changesText(entry.changes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
