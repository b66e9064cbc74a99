import { useNumber, useZonedTime } from '../../../i18n/use-language';
import type { AuditEntryView } from '@livevote/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import {
  auditActorWords,
  auditChangeLines,
  auditSentence,
  fromZonedInput,
  knownZone,
  type AuditWordsOptions,
  type Translate,
} from '@livevote/i18n';
import { useMeetingZone } from '../../../i18n/meeting-zone';
import { useAuditDownload, useAuditLog } from '../hooks/useAuditLog';

/** The families of the audit log's kinds, for the filter, with their names' keys. */
export const AUDIT_FAMILIES = [
  { value: '', label: 'auditLog.family.all' },
  { value: 'meeting', label: 'auditLog.family.meeting' },
  { value: 'matter', label: 'auditLog.family.matter' },
  { value: 'member', label: 'auditLog.family.member' },
  { value: 'voter', label: 'auditLog.family.voter' },
  { value: 'members.import', label: 'auditLog.family.import' },
  { value: 'proxy', label: 'auditLog.family.proxy' },
  { value: 'ballot', label: 'auditLog.family.ballot' },
  { value: 'holder', label: 'auditLog.family.holder' },
  { value: 'floor', label: 'auditLog.family.floor' },
  { value: 'check_in', label: 'auditLog.family.checkIn' },
  { value: 'question', label: 'auditLog.family.question' },
  { value: 'nomination', label: 'auditLog.family.nomination' },
  { value: 'result', label: 'auditLog.family.result' },
  { value: 'screen_token', label: 'auditLog.family.screenToken' },
  { value: 'team', label: 'auditLog.family.team' },
  { value: 'document', label: 'auditLog.family.document' },
  { value: 'webcast', label: 'auditLog.family.webcast' },
  { value: 'demo', label: 'auditLog.family.demo' },
] as const;

/** "Field: words", the field's first letter capitalized. */
function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The people who acted in the log: each user once (by key), and the gateway. */
function peopleOf(
  entries: readonly AuditEntryView[] | undefined,
  t: Translate,
): { value: string; label: string }[] {
  const people = new Map<string, string>();
  for (const entry of entries ?? []) {
    if (entry.actor.type === 'user' && entry.actor.id)
      people.set(entry.actor.id, auditActorWords(entry.actor, t));
    else if (entry.actor.type === 'system')
      people.set('system', auditActorWords(entry.actor, t));
  }
  return [...people.entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The meeting's audit log (docs/verifiability.md) in words: who did what to which named
 * thing, with the details of what changed. Filtered by kind, person and time on the gateway;
 * the exports keep the machine form.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const tr = t as unknown as Translate;
  const at = useZonedTime();
  const number = useNumber();
  const zone = useMeetingZone();
  const zoneName = knownZone(zone);
  const { shortCode = '' } = useParams();
  const [kind, setKind] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = {
    kind: kind || undefined,
    actor: actor || undefined,
    from: fromZonedInput(from, zone) ?? undefined,
    to: fromZonedInput(to, zone) ?? undefined,
  };
  const log = useAuditLog(shortCode, filter);
  // who can be picked: everyone who acted in the newest entries of the whole log
  const everything = useAuditLog(shortCode, {});
  const download = useAuditDownload(shortCode, filter);
  const words: AuditWordsOptions = useMemo(
    () => ({ time: (iso) => at(iso), number: (n) => number(n, 6) }),
    [at, number],
  );
  const people = useMemo(
    () => peopleOf(everything.data, tr),
    [everything.data, tr],
  );

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
          {t('auditLog.person')}
          <select value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">{t('auditLog.everyone')}</option>
            {people.map((person) => (
              <option key={person.value} value={person.value}>
                {person.label}
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
              <th scope="col">{t('auditLog.column.details')}</th>
              <th scope="col">{t('auditLog.column.from')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.length === 0 && (
              <tr>
                <td colSpan={4}>{t('auditLog.none')}</td>
              </tr>
            )}
            {[...log.data].reverse().map((entry) => {
              const lines = auditChangeLines(entry, tr, words);
              return (
                <tr key={entry.id}>
                  <td>{at(entry.at)}</td>
                  <td>{auditSentence(entry, tr, words)}</td>
                  <td className="small">
                    {lines.length > 0 && (
                      <ul className="audit-changes">
                        {lines.map((line, index) => (
                          <li key={index}>
                            <span className="audit-field">
                              {capitalized(line.field)}
                            </span>
                            {t('auditLog.fieldSeparator')}
                            {line.text}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{entry.clientIp ?? '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
