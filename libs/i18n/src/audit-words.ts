import type { AuditEntryView } from '@livevote/contracts';
import type { Translate } from './translator';

// The audit log in words (docs/verifiability.md, "The audit log"): who did what to which named
// thing, in the reader's language. The entries keep their machine form (kinds, keys, before
// and after); the names they carry (`subject.label`, the matter's name) were resolved when the
// entry was written, so a thing renamed since reads as it was then.

/** What the words need of an entry: its machine form. */
export type AuditEntryForWords = Pick<
  AuditEntryView,
  'kind' | 'actor' | 'subject' | 'changes'
>;

export interface AuditWordsOptions {
  /** Words an ISO instant, in the meeting's zone (labelled). */
  time: (at: string) => string;
  /** Words a number in the reader's language. */
  number?: (value: number) => string;
}

/** A field's change in words: "Quorum: none → 40%", or "Unit: 12B". */
export interface AuditChangeLine {
  field: string;
  text: string;
}

const K = 'auditWords';
const ISO =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Keys of `changes` that name things the sentence already says, or are for machines only. */
const UNSHOWN = new Set([
  'matterKey',
  'matter',
  'nominationKey',
  'memberKey',
  // the users' keys; `scrutineerNames` names them
  'scrutineers',
]);
/** A key: never shown to a person, the export has it. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the value holds a key anywhere. */
function holdsKey(value: unknown): boolean {
  if (typeof value === 'string') return KEY.test(value);
  if (Array.isArray(value)) return value.some(holdsKey);
  if (value && typeof value === 'object')
    return Object.values(value).some(holdsKey);
  return false;
}
/** Fields whose values are percentages. */
const PERCENT = new Set(['quorumPercent']);

type Change = { from: unknown; to: unknown };

function isChange(value: unknown): value is Change {
  return (
    typeof value === 'object' &&
    value !== null &&
    'from' in value &&
    'to' in value
  );
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Who acted: the user's name as it was (else their e-mail), the gateway, a partner. */
export function auditActorWords(
  actor: AuditEntryView['actor'],
  t: Translate,
): string {
  switch (actor.type) {
    case 'user':
      return (
        text(actor.name) ?? text(actor.email) ?? t(`${K}.actor.someManager`)
      );
    case 'partner':
      return t(`${K}.actor.partner`, { id: actor.id ?? '' });
    case 'voter':
      return text(actor.name) ?? t(`${K}.actor.voter`);
    case 'system':
      return t(`${K}.actor.gateway`);
  }
}

/** A field's name in words, or the field itself when the catalog has none. */
export function auditFieldWords(field: string, t: Translate): string {
  const key = `${K}.field.${field}`;
  const named = t(key);
  return named === key ? field : named;
}

/** A value in words: yes/no, none, lists, times in the meeting's zone, known states. */
export function auditValueWords(
  field: string,
  value: unknown,
  t: Translate,
  options: AuditWordsOptions,
): string {
  const number = options.number ?? ((n: number) => String(n));
  if (value === null || value === undefined || value === '')
    return t(`${K}.value.none`);
  if (typeof value === 'boolean') return t(`${K}.value.${value}`);
  if (typeof value === 'number')
    return PERCENT.has(field)
      ? t(`${K}.value.percent`, { value: number(value) })
      : number(value);
  if (typeof value === 'string') {
    if (ISO.test(value)) return options.time(value);
    // a state or a role is a code; any other text is shown as it was written
    if (!/^[a-z_]+$/.test(value)) return value;
    if (field === 'roles') return t(`${K}.role.${value}`);
    const key = `${K}.state.${value}`;
    const named = t(key);
    return named === key ? value : named;
  }
  if (Array.isArray(value)) {
    if (value.length === 0)
      return field === 'roles' ? t(`${K}.role.manager`) : t(`${K}.value.none`);
    return value
      .map((item) => auditValueWords(field, item, t, options))
      .join(', ');
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(
        ([, inner]) => inner !== null && inner !== '' && inner !== undefined,
      )
      .map(
        ([inner, innerValue]) =>
          `${auditFieldWords(inner, t)}: ${auditValueWords(inner, innerValue, t, options)}`,
      );
    return parts.length ? parts.join(', ') : t(`${K}.value.none`);
  }
  return String(value);
}

/** The fields an edit changed, as `{ field: { from, to } }` entries. */
function fieldChanges(changes: Record<string, unknown>): [string, Change][] {
  return Object.entries(changes).filter(
    (entry): entry is [string, Change] =>
      !UNSHOWN.has(entry[0]) && isChange(entry[1]) && !holdsKey(entry[1]),
  );
}

/** A voter as the sentence names it: "Rosa Diaz (unit 12)". */
function voterWords(subject: Record<string, unknown>, t: Translate): string {
  const name = text(subject.name) ?? text(subject.label) ?? '';
  const unit = text(subject.unit);
  return unit ? t(`${K}.voterOfUnit`, { name, unit }) : name;
}

/** The sentence's key under `auditWords.kind`, with a variant where one action reads two ways. */
function sentenceKey(entry: AuditEntryForWords): string {
  const { kind, changes } = entry;
  if (kind === 'question.screen') {
    const onScreen = changes.onScreen;
    return isChange(onScreen) && onScreen.to === false
      ? 'question.screenOff'
      : 'question.screen';
  }
  if (kind === 'floor.ballot' && changes.status === 'discarded')
    return 'floor.discard';
  if (kind === 'holder.presence' && isChange(changes.present))
    return changes.present.to ? 'holder.present' : 'holder.absent';
  return kind;
}

/** Edits whose one changed field the sentence names: "changed the quorum from 50% to 40%". */
const ONE_FIELD_KINDS = new Set([
  'meeting.update',
  'meeting.settings',
  'matter.update',
  'member.update',
  'voter.update',
  'team.roles',
]);

/**
 * The entry in one sentence: "Ana Chair approved the question of unit 12", "Ana Chair changed
 * the meeting’s quorum from none to 40%".
 */
export function auditSentence(
  entry: AuditEntryForWords,
  t: Translate,
  options: AuditWordsOptions,
): string {
  const subject = entry.subject;
  const changes = entry.changes;
  const label = text(subject.label) ?? text(subject.key) ?? '';
  const values = {
    actor: auditActorWords(entry.actor, t),
    label,
    voter: voterWords(subject, t),
    matter: text(changes.matter) ?? t(`${K}.aMatter`),
    count: 0,
  };
  const kind = sentenceKey(entry);
  const changed = fieldChanges(changes);
  if (ONE_FIELD_KINDS.has(kind) && changed.length === 1) {
    const [field, change] = changed[0];
    const oneKey = `${K}.one.${kind}`;
    return t(oneKey, {
      ...values,
      field: auditFieldWords(field, t),
      from: auditValueWords(field, change.from, t, options),
      to: auditValueWords(field, change.to, t, options),
    });
  }
  if (kind === 'members.import') {
    const created = Array.isArray(changes.created) ? changes.created.length : 0;
    const updated = Array.isArray(changes.updated) ? changes.updated.length : 0;
    return t(`${K}.kind.members.import`, {
      ...values,
      created: t(`${K}.units`, { count: created }),
      updated: t(`${K}.units`, { count: updated }),
    });
  }
  if (kind === 'demo.seed')
    return t(`${K}.kind.demo.seed`, {
      ...values,
      members: t(`${K}.units`, { count: Number(changes.members ?? 0) }),
      matters: t(`${K}.matters`, { count: Number(changes.matters ?? 0) }),
    });
  const key = `${K}.kind.${kind}`;
  const sentence = t(key, values);
  return sentence === key ? t(`${K}.kind.other`, values) : sentence;
}

/**
 * The details of an entry, one line a field: what an edit changed ("Quorum: none → 40%"), what
 * a created or deleted thing held, and the figures of an action. Keys and hashes stay in the
 * export.
 */
export function auditChangeLines(
  entry: AuditEntryForWords,
  t: Translate,
  options: AuditWordsOptions,
): AuditChangeLine[] {
  const lines: AuditChangeLine[] = [];
  const value = (field: string, v: unknown) =>
    auditValueWords(field, v, t, options);
  for (const [key, raw] of Object.entries(entry.changes)) {
    if (UNSHOWN.has(key) || holdsKey(raw)) continue;
    // a vote's length is in seconds, a meeting's in minutes
    const field =
      key === 'duration' && entry.kind.startsWith('matter.')
        ? 'voteDuration'
        : key;
    if (isChange(raw)) {
      lines.push({
        field: auditFieldWords(field, t),
        text: t(`${K}.fromTo`, {
          from: value(field, raw.from),
          to: value(field, raw.to),
        }),
      });
    } else if (
      (field === 'after' || field === 'before') &&
      raw &&
      typeof raw === 'object' &&
      !Array.isArray(raw)
    ) {
      for (const [inner, innerValue] of Object.entries(
        raw as Record<string, unknown>,
      ))
        if (
          innerValue !== null &&
          innerValue !== '' &&
          !(Array.isArray(innerValue) && innerValue.length === 0) &&
          !UNSHOWN.has(inner) &&
          !holdsKey(innerValue)
        )
          lines.push({
            field: auditFieldWords(inner, t),
            text: value(inner, innerValue),
          });
    } else if (
      raw &&
      typeof raw === 'object' &&
      (raw as { changed?: unknown }).changed === true
    ) {
      // a secret: only that it changed
      lines.push({
        field: auditFieldWords(field, t),
        text: t(`${K}.value.changed`),
      });
    } else if (
      field === 'chainHead' &&
      raw &&
      typeof raw === 'object' &&
      'position' in raw
    ) {
      lines.push({
        field: auditFieldWords(field, t),
        text: t(`${K}.chainLink`, {
          position: (raw as { position: unknown }).position,
        }),
      });
    } else {
      lines.push({ field: auditFieldWords(field, t), text: value(field, raw) });
    }
  }
  return lines;
}
