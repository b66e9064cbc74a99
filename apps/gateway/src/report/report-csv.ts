import type { MeetingReport, QuorumRecord } from '@livevote/contracts';
import { translator } from '@livevote/i18n';
import { stringify } from 'csv-stringify/sync';
import { optionLabel } from './report-format';

/** The report as data, in one long table a spreadsheet can filter by section. */
export const REPORT_CSV_COLUMNS = [
  'section',
  'matter_order',
  'matter',
  'label',
  'method',
  'units',
  'shares',
  'text',
] as const;

type Row = Partial<
  Record<(typeof REPORT_CSV_COLUMNS)[number], string | number | null>
>;

/** How a ballot was cast, as the CSV names it (the JSON's live / other / proxy). */
const METHOD_NAME = {
  live: 'online',
  other: 'in_person',
  proxy: 'proxy',
} as const;
const METHOD_NAMES = [
  ['online', 'live'],
  ['in_person', 'other'],
  ['proxy', 'proxy'],
] as const;

const flag = (value: boolean) => (value ? 'true' : 'false');

/** A text cell a spreadsheet would run as a formula starts with a quote instead. */
const inert = (value: string) =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

function quorumRows(
  section: string,
  record: QuorumRecord | null,
  matter: Row,
): Row[] {
  if (!record) return [];
  const measure = (value: number): Row =>
    record.basis === 'units' ? { units: value } : { shares: value };
  return [
    { section, ...matter, label: 'present', ...measure(record.present) },
    // the split of `present` (docs/presence.md), in records kept since it was recorded
    ...(['presentInPerson', 'presentOnline'] as const).flatMap((label) =>
      record[label] === undefined
        ? []
        : [{ section, ...matter, label, ...measure(record[label]) }],
    ),
    { section, ...matter, label: 'proxies', ...measure(record.proxies) },
    { section, ...matter, label: 'required', ...measure(record.required) },
    { section, ...matter, label: 'met', text: flag(record.met) },
    { section, ...matter, label: 'at', text: record.at },
    { section, ...matter, label: 'overriddenBy', text: record.overriddenBy },
  ];
}

/**
 * The CSV of a report. It holds everything the report says except the instant it was made,
 * so the same data gives the same bytes: their SHA-256 is the report's digest. The column
 * headings are in the report's language; sections and labels stay English identifiers, so a
 * filter works on a report in any language (docs/i18n.md).
 */
export function reportCsv(report: Omit<MeetingReport, 'sha256'>): string {
  return reportCsvParts(report, {}).csv;
}

/**
 * The CSV of a report, one matter's rows at a time: a matter's block in `cached` (by matter
 * key) is used as it is, every other matter's block is built and returned in `blocks`, so the
 * gateway can keep a closed matter's block (thousands of `voted` rows) and not send or build
 * it again. The bytes are those of the whole table stringified at once.
 */
export function reportCsvParts(
  report: Omit<MeetingReport, 'sha256'>,
  cached: Record<string, string>,
): { csv: string; blocks: Record<string, string> } {
  const { meeting } = report;
  const t = translator(report.language);
  const options = {
    columns: REPORT_CSV_COLUMNS.map((key) => ({
      key,
      header: t(`report.csv.${key}`),
    })),
    record_delimiter: 'windows' as const,
    cast: {
      number: (value: number) => String(value),
      string: inert,
    },
  };
  const parts: string[] = [];
  const blocks: Record<string, string> = {};
  const rows: Row[] = [
    { section: 'meeting', label: 'name', text: meeting.name },
    { section: 'meeting', label: 'shortCode', text: meeting.shortCode },
    { section: 'meeting', label: 'account', text: meeting.account },
    { section: 'meeting', label: 'meetingDate', text: meeting.meetingDate },
    { section: 'meeting', label: 'timezone', text: meeting.meetingTimezone },
    { section: 'meeting', label: 'location', text: meeting.location },
    { section: 'meeting', label: 'quorumBasis', text: meeting.quorumBasis },
    {
      section: 'meeting',
      label: 'quorumMinimum',
      ...(meeting.quorumBasis === 'units'
        ? { units: meeting.quorumMinimum }
        : { shares: meeting.quorumMinimum }),
    },
    {
      section: 'meeting',
      label: 'quorumPercent',
      text: meeting.quorumPercent,
    },
    {
      section: 'meeting',
      label: 'quorumIncludesProxies',
      text: flag(meeting.quorumIncludesProxies),
    },
    {
      section: 'meeting',
      label: 'requireQuorumToStart',
      text: flag(meeting.requireQuorumToStart),
    },
    {
      section: 'meeting',
      label: 'requireSignOff',
      text: flag(meeting.requireSignOff),
    },
    { section: 'meeting', label: 'chair', text: meeting.chair },
    {
      section: 'meeting',
      label: 'scrutineers',
      text: meeting.scrutineers.join('; '),
    },
  ];
  for (const entry of report.attendance)
    rows.push({
      section: 'attendance',
      label: entry.unit,
      method: entry.presence,
      shares: entry.shares,
      text: entry.proxyHolder ?? entry.owners.join('; '),
    });
  for (const proxy of report.proxies)
    rows.push({
      section: 'proxy',
      label: proxy.unit,
      method: proxy.source,
      text: [
        proxy.holder,
        proxy.directed ? 'directed' : 'discretionary',
        proxy.status,
        proxy.verifiedBy ?? '',
        proxy.verifiedAt ?? '',
        proxy.revokedAt ?? '',
      ].join('; '),
    });
  if (report.chainHead)
    rows.push({
      section: 'chain',
      label: 'head',
      units: report.chainHead.position,
      text: report.chainHead.hash,
    });
  parts.push(stringify(rows, { ...options, header: true }));
  for (const item of report.matters) {
    const block = cached[item.matterKey];
    if (block !== undefined) {
      parts.push(block);
      continue;
    }
    const rows: Row[] = [];
    // options by their labels in the report's language; the figures are the same in every one
    const label = optionLabel(item);
    const names = (options: readonly string[]) => options.map(label).join('; ');
    const m: Row = { matter_order: item.order, matter: item.name };
    const push = (section: string, row: Row) =>
      rows.push({ section, ...m, ...row });
    push('matter', { label: 'key', text: item.matterKey });
    push('matter', { label: 'movedBy', text: item.movedBy });
    push('matter', { label: 'secondedBy', text: item.secondedBy });
    push('matter', { label: 'rule', text: item.rule });
    push('matter', { label: 'secretBallot', text: flag(item.secretBallot) });
    push('matter', { label: 'status', text: item.liveStatus });
    push('matter', { label: 'startedAt', text: item.liveStartedAt });
    push('matter', { label: 'closedAt', text: item.liveClosedAt });
    push('matter', { label: 'closeReason', text: item.closeReason });
    rows.push(...quorumRows('quorum_open', item.quorumAtOpen, m));
    rows.push(...quorumRows('quorum_close', item.quorumAtClose, m));
    if (item.snapshot) {
      const s = item.snapshot;
      push('snapshot', { label: 'eligibleMembers', units: s.eligibleMembers });
      push('snapshot', { label: 'presentMembers', units: s.presentMembers });
      // each way of being present (docs/presence.md); absent from snapshots kept before
      for (const label of [
        'presentInPerson',
        'presentOnline',
        'presentByProxy',
      ] as const)
        if (s[label] !== null) push('snapshot', { label, units: s[label] });
      push('snapshot', { label: 'presentVoters', units: s.presentVoters });
      push('snapshot', {
        label: 'votesCast',
        units: s.votesCast,
        shares: s.sharesCast,
      });
    }
    // one row per option and method, in the PDF's order: online, in person, by proxy
    for (const row of item.tally.rows) {
      push('tally', {
        label: label(row.vote),
        method: 'online',
        units: row.numLiveVotes,
        shares: row.numLiveShares,
      });
      push('tally', {
        label: label(row.vote),
        method: 'in_person',
        units: row.numOtherVotes,
        shares: row.numOtherShares,
      });
      push('tally', {
        label: label(row.vote),
        method: 'proxy',
        units: row.numProxyVotes,
        shares: row.numProxyShares,
      });
    }
    if (item.tally.withheld)
      push('tally', { label: 'withheld', text: 'secret ballot not closed' });
    for (const [method, key] of METHOD_NAMES)
      push('turnout', {
        method,
        units: item.tally.byMethod[key].units,
        shares: item.tally.byMethod[key].shares,
      });
    push('turnout', {
      method: 'all',
      units: item.tally.votesCast,
      shares: item.tally.sharesCast,
    });
    const result = item.result;
    if (result) {
      push('result', { label: 'verdict', text: result.verdict });
      push('result', { label: 'elected', text: names(result.elected) });
      push('result', { label: 'tied', text: names(result.tied) });
      push('result', {
        label: 'forYes',
        units: result.forYes.units,
        shares: result.forYes.shares,
      });
      push('result', {
        label: 'base',
        units: result.base.units,
        shares: result.base.shares,
      });
      push('result', { label: 'votingMethod', text: result.votingMethod });
      if (result.tiedForLastSeat.length)
        push('result', {
          label: 'tiedForLastSeat',
          text: names(result.tiedForLastSeat),
        });
      if (result.tieBreak) {
        const tie = result.tieBreak;
        push('result', { label: 'tieBreak', text: names(tie.elected) });
        push('result', { label: 'tieBreakMethod', text: tie.method });
        push('result', { label: 'tieBreakNote', text: tie.note });
        push('result', { label: 'tieBreakBy', text: tie.decidedBy });
        push('result', { label: 'tieBreakAt', text: tie.decidedAt });
      }
      // a ranked count's rounds: one row per continuing option, then what the round decided
      result.rounds.forEach((round, i) => {
        const n = i + 1;
        for (const [option, figures] of Object.entries(round.counts))
          push('round', {
            label: label(option),
            method: `round ${n}`,
            units: figures.units,
            shares: figures.shares,
          });
        push('round', {
          label: 'exhausted',
          method: `round ${n}`,
          units: round.exhausted.units,
          shares: round.exhausted.shares,
        });
        if (round.elected.length)
          push('round', {
            label: 'elected',
            method: `round ${n}`,
            text: names(round.elected),
          });
        if (round.excluded.length)
          push('round', {
            label: 'excluded',
            method: `round ${n}`,
            text: names(round.excluded),
          });
      });
      push('result', { label: 'statement', text: item.statement });
      push('result', { label: 'publishedAt', text: result.publishedAt });
      push('result', { label: 'signedOffBy', text: result.signedOffBy });
      push('result', { label: 'signedOffAt', text: result.signedOffAt });
    }
    if (item.chainHead)
      push('chain', {
        label: 'headAtClose',
        units: item.chainHead.position,
        text: item.chainHead.hash,
      });
    for (const voter of item.voted)
      push('voted', { label: voter.unit, method: METHOD_NAME[voter.method] });
    blocks[item.matterKey] = stringify(rows, { ...options, header: false });
    parts.push(blocks[item.matterKey]);
  }
  const tail: Row[] = [];
  report.questions.forEach((question, i) => {
    const n = { label: `${i + 1}`, method: question.category };
    tail.push({ section: 'question', ...n, text: question.text });
    tail.push({ section: 'answer', ...n, text: question.reply });
  });
  parts.push(stringify(tail, { ...options, header: false }));
  return { csv: parts.join(''), blocks };
}

/** The attendance CSV's columns (docs/report.md). */
export const ATTENDANCE_CSV_COLUMNS = [
  'unit',
  'owners',
  'shares',
  'eligible',
  'presence',
  'proxy_holder',
] as const;

/** The attendance register as its own CSV: one row per unit, as the PDF's register. */
export function attendanceCsv(report: Omit<MeetingReport, 'sha256'>): string {
  const t = translator(report.language);
  return stringify(
    report.attendance.map((entry) => ({
      unit: entry.unit,
      owners: entry.owners.join('; '),
      shares: entry.shares,
      eligible: flag(entry.eligible),
      presence: entry.presence,
      proxy_holder: entry.proxyHolder,
    })),
    {
      header: true,
      columns: ATTENDANCE_CSV_COLUMNS.map((key) => ({
        key,
        header: t(`report.csv.${key}`),
      })),
      record_delimiter: 'windows',
      cast: { number: (value) => String(value), string: inert },
    },
  );
}
