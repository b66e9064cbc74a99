import { useZonedTime } from '../../../i18n/use-language';
import type { AuditEntryView } from '@livevote/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { fromZonedInput, knownZone } from '@livevote/i18n';
import { useMeetingZone } from '../../../i18n/meeting-zone';
import { useAuditDownload, useAuditLog } from '../hooks/useAuditLog';

/** The families of the audit log's kinds, for the filter, with their names' keys. */
export const AUDIT_FAMILIES = [
  { value: '', label: 'auditLog.family.all' },
  { value: 'matter', label: 'auditLog.family.matter' },
  { value: 'member', label: 'auditLog.family.member' },
  { value: 'voter', label: 'auditLog.family.voter' },
  { value: 'members.import', label: 'auditLog.family.import' },
  { value: 'proxy', label: 'auditLog.family.proxy' },
  { value: 'ballot', label: 'auditLog.family.ballot' },
  { value: 'holder', label: 'auditLog.family.holder' },
  { value: 'floor', label: 'auditLog.family.floor' },
  { value: 'check_in', label: 'auditLog.family.checkIn' },
  { value: 'result', label: 'auditLog.family.result' },
  { value: 'meeting', label: 'auditLog.family.meeting' },
] as const;

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

function actorText(t: TFunction, entry: AuditEntryView): string {
  if (entry.actor.type === 'user')
    return entry.actor.email ?? entry.actor.id ?? '';
  if (entry.actor.type === 'partner')
    return t('auditLog.partner', { id: entry.actor.id });
  return t('auditLog.gateway');
}

/** The meeting's audit log (docs/verifiability.md): filter by kind and time, export it. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const at = useZonedTime();
  const zone = useMeetingZone();
  const zoneName = knownZone(zone);
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
      <h2 id="audit-title">{t('auditLog.title')}</h2>
      <p className="hint">{t('auditLog.hint')}</p>
      <div className="filters" role="group" aria-label={t('auditLog.filter')}>
        <label>
          {t('auditLog.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {AUDIT_FAMILIES.map((family) => (
              <option key={family.value} value={family.value}>
                {t(family.label)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('auditLog.from', { zone: zoneName })}
          <input
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label>
          {t('auditLog.to', { zone: zoneName })}
          <input
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <div
          className="button-row"
          role="group"
          aria-label={t('auditLog.export')}
        >
          <button
            type="button"
            className="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate('csv')}
          >
            {t('auditLog.exportCsv')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate('jsonl')}
          >
            {t('auditLog.exportJsonl')}
          </button>
        </div>
      </div>
      <ErrorMessage error={log.error ?? download.error} />
      {log.isPending && <Loading />}
      {log.data && (
        <table className="audit-table" aria-label={t('auditLog.entries')}>
          <thead>
            <tr>
              <th scope="col">{t('auditLog.column.when')}</th>
              <th scope="col">{t('auditLog.column.what')}</th>
              <th scope="col">{t('auditLog.column.who')}</th>
              <th scope="col">{t('auditLog.column.from')}</th>
              <th scope="col">{t('auditLog.column.on')}</th>
              <th scope="col">{t('auditLog.column.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.length === 0 && (
              <tr>
                <td colSpan={6}>{t('auditLog.none')}</td>
              </tr>
            )}
            {[...log.data].reverse().map((entry) => (
              <tr key={entry.id}>
                <td>{at(entry.at)}</td>
                <td>
                  <code>{entry.kind}</code>
                </td>
                <td>{actorText(t, entry)}</td>
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
