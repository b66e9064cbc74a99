import { dirname, join } from 'node:path';
import type {
  AttendanceEntry,
  MeetingReport,
  QuorumRecord,
  ReportMatter,
} from '@livevote/contracts';
import {
  formatInZone,
  isElectionMatter,
  percentText,
  translator,
  verdictWords,
  type Language,
  type Translate,
} from '@livevote/i18n';
import pdfmakeModule from 'pdfmake';
import type {
  Content,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import {
  instantText,
  optionLabel,
  sharesFigure,
  unitsText,
} from './report-format';

/** The server-side pdfmake 0.3 API (its typings describe 0.2's printer class). */
interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const pdfmake = pdfmakeModule as unknown as PdfMake;
/** Roboto ships inside the pdfmake package: nothing is fetched, at install or at render. */
const FONT_DIR = join(
  dirname(require.resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
pdfmake.setFonts({
  Roboto: {
    normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
    bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
    italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
    bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR));

/**
 * Lines of about this many characters fit the option column of a table. pdfmake cannot split
 * an unbreakable block over two pages (it drops what does not fit), so a block is kept on one
 * page only when its estimated lines fit one with room to spare.
 */
const OPTION_CHARS = 30;
const LINES_ON_A_PAGE = 40;
const keepTogether = (
  texts: string[],
  charsPerLine = OPTION_CHARS,
  fixed = 4,
) =>
  texts.reduce(
    (sum, text) => sum + Math.max(1, Math.ceil(text.length / charsPerLine)),
    fixed,
  ) <= LINES_ON_A_PAGE;

const GREY = '#555555';
const RULE = '#bbbbbb';

/** The words of one report: its language's translator and number and instant formats. */
interface Words {
  t: Translate;
  lng: Language;
  units: (value: number) => string;
  shares: (value: number) => string;
  at: (iso: string | null) => string;
  m: (key: string, options?: Record<string, unknown>) => string;
}

function wordsOf(lng: Language, zone: string): Words {
  const t = translator(lng);
  return {
    t,
    lng,
    units: (value) => unitsText(value, lng),
    shares: (value) => sharesFigure(value, lng),
    at: (iso) => instantText(iso, zone, lng),
    m: (key, options) => t(`report.minutes.${key}`, options),
  };
}

/** "1 unit", "3 units", "1.5 shares" in the report's language. */
function count(w: Words, key: string, value: number, text: string): string {
  return w.t(key, { count: value, n: text });
}
const unitCount = (w: Words, value: number) =>
  count(w, 'report.unit', value, w.units(value));
const shareCount = (w: Words, value: number) =>
  count(w, 'report.share', value, w.shares(value));

function figure(w: Words, basis: QuorumRecord['basis'], value: number) {
  return basis === 'units' ? unitCount(w, value) : shareCount(w, value);
}

/** A table with a repeated header that never leaves it alone at the foot of a page. */
function table(
  widths: (string | number)[],
  header: string[],
  rows: TableCell[][],
  align: ('left' | 'right')[] = [],
): Content {
  // a plain string where it can be: every property on a cell is a style lookup per line
  const cell = (text: TableCell, i: number): TableCell =>
    (align[i] === 'right'
      ? typeof text === 'string'
        ? { text, alignment: 'right' }
        : { alignment: 'right', ...(text as object) }
      : text) as TableCell;
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths,
      body: [
        header.map((text, i) => cell({ text, bold: true }, i)),
        ...rows.map((row) => row.map(cell)),
      ],
    },
    layout: {
      hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 2,
      paddingBottom: () => 2,
    },
    fontSize: 8.5,
    margin: [0, 2, 0, 8],
  };
}

/** "Label: value" lines, as a two-column table without rules. */
function facts(rows: [string, string][]): Content {
  return {
    table: {
      widths: [120, '*'],
      dontBreakRows: true,
      body: rows.map(([label, value]) => [
        { text: label, bold: true },
        { text: value },
      ]),
    },
    layout: 'noBorders',
    margin: [0, 2, 0, 6],
  };
}

const heading = (text: string, pageBreak = false): Content => ({
  text,
  style: 'h1',
  ...(pageBreak ? { pageBreak: 'before' as const } : {}),
});

function quorumRuleText(w: Words, meeting: MeetingReport['meeting']): string {
  const { t } = w;
  const present = t(
    meeting.quorumIncludesProxies
      ? 'report.quorumPresentOrProxy'
      : 'report.quorumPresent',
  );
  const amount =
    meeting.quorumPercent === null
      ? figure(w, meeting.quorumBasis, meeting.quorumMinimum)
      : t('report.quorumPercent', {
          percent: meeting.quorumPercent,
          basis: t(`report.quorumBasis.${meeting.quorumBasis}`),
        });
  return `${amount}, ${present}${meeting.requireQuorumToStart ? `; ${t('report.quorumToStart')}` : ''}`;
}

/** The quorum when the first vote opened: the opening of the meeting's business. */
function quorumAtOpening(w: Words, report: MeetingReport): string {
  const first = report.matters
    .filter((m) => m.quorumAtOpen && m.liveStartedAt)
    .sort((a, b) => a.liveStartedAt!.localeCompare(b.liveStartedAt!))[0];
  const record = first?.quorumAtOpen;
  if (!record) return w.m('noVoteOpened');
  const text = w.m(record.met ? 'quorumOpeningMet' : 'quorumOpeningNotMet', {
    reached: figure(w, record.basis, record.present + record.proxies),
    required: figure(w, record.basis, record.required),
    at: w.at(record.at),
  });
  return record.overriddenBy
    ? w.t('report.overridden', { text, by: record.overriddenBy })
    : text;
}

function quorumText(w: Words, record: QuorumRecord | null): string {
  if (!record) return w.t('report.notRecorded');
  const text = w.t('report.quorumText', {
    reached: figure(w, record.basis, record.present + record.proxies),
    present: figure(w, record.basis, record.present),
    proxies: figure(w, record.basis, record.proxies),
    required: figure(w, record.basis, record.required),
    met: w.t(record.met ? 'report.met' : 'report.notMet'),
    at: w.at(record.at),
  });
  return record.overriddenBy
    ? w.t('report.overridden', { text, by: record.overriddenBy })
    : text;
}

function cover(w: Words, report: MeetingReport): Content[] {
  const { meeting } = report;
  const scrutineers = meeting.scrutineers.length
    ? meeting.scrutineers.join(', ')
    : w.m('anyScrutineer');
  return [
    { text: meeting.name, style: 'title' },
    { text: w.m('subtitle'), style: 'subtitle' },
    facts([
      [
        w.m('date'),
        formatInZone(
          meeting.meetingDate,
          meeting.meetingTimezone,
          w.lng,
          'long',
        ),
      ],
      [w.m('place'), meeting.location || w.m('notRecorded')],
      [w.m('chair'), meeting.chair ?? w.m('notNamed')],
      [w.m('scrutineers'), scrutineers],
      [w.t('report.account'), meeting.account],
      [w.m('quorumRule'), quorumRuleText(w, meeting)],
      [w.m('quorumAtOpening'), quorumAtOpening(w, report)],
      [
        w.t('report.signOff'),
        w.t(
          meeting.requireSignOff
            ? 'report.signOffRequired'
            : 'report.signOffNone',
        ),
      ],
    ]),
    ...(report.matters.length
      ? [
          {
            text: w.m('summary'),
            style: 'h3',
            margin: [0, 10, 0, 2],
          } as Content,
          table(
            ['*', 150],
            [w.m('matters'), w.m('outcome')],
            report.matters.map((matter) => [
              `${matter.order}. ${matter.name}`,
              matter.result
                ? verdictWords(matter.result.verdict, w.t)
                : w.t(`report.liveStatus.${matter.liveStatus}`),
            ]),
          ),
        ]
      : []),
  ];
}

/** The register's "how present" words, looked up once per report, not once per unit. */
function presenceWords(w: Words) {
  const labels = {
    online: w.m('presence.online'),
    in_person: w.m('presence.in_person'),
    proxy: w.m('presence.proxy'),
    absent: w.m('presence.absent'),
  };
  const byProxy = w.m('byProxyOf', { holder: '\u0000' });
  const notEligible = w.m('notEligible');
  return (entry: AttendanceEntry): string => {
    const how =
      entry.presence === 'proxy' && entry.proxyHolder
        ? byProxy.replace('\u0000', entry.proxyHolder)
        : labels[entry.presence];
    return entry.eligible ? how : `${how} ${notEligible}`;
  };
}

/** Units present by how they attended: the register's summary and the CSV's. */
export function attendanceCounts(attendance: AttendanceEntry[]) {
  const counts = { online: 0, in_person: 0, proxy: 0, absent: 0 };
  for (const entry of attendance) counts[entry.presence] += 1;
  return {
    ...counts,
    present: counts.online + counts.in_person + counts.proxy,
  };
}

function attendance(w: Words, report: MeetingReport): Content[] {
  const list = report.attendance;
  if (!list.length)
    return [heading(w.m('attendance'), true), { text: w.m('attendanceNone') }];
  const c = attendanceCounts(list);
  const presenceText = presenceWords(w);
  return [
    heading(w.m('attendance'), true),
    {
      text: w.m('attendanceSummary', {
        units: unitCount(w, list.length),
        present: w.units(c.present),
        online: w.units(c.online),
        inPerson: w.units(c.in_person),
        proxy: w.units(c.proxy),
        absent: w.units(c.absent),
      }),
      margin: [0, 0, 0, 4],
    },
    table(
      [60, '*', 70, 150],
      [w.m('unit'), w.m('owners'), w.m('shares'), w.m('howPresent')],
      list.map((entry) => [
        entry.unit,
        entry.owners.join(', '),
        w.shares(entry.shares),
        presenceText(entry),
      ]),
      ['left', 'left', 'right', 'left'],
    ),
  ];
}

function proxies(w: Words, report: MeetingReport): Content[] {
  const list = report.proxies;
  if (!list.length)
    return [heading(w.m('proxies')), { text: w.m('proxiesNone') }];
  // a short register stays on one page with its heading; a long one keeps its header rows
  const register = table(
    [50, '*', 70, 60, 120, 70],
    [
      w.m('unit'),
      w.m('holder'),
      w.m('instruction'),
      w.m('form'),
      w.m('verified'),
      w.m('revoked'),
    ],
    list.map((p) => [
      p.unit,
      p.holder,
      w.m(p.directed ? 'directed' : 'discretionary'),
      w.m(`source.${p.source}`),
      // verified on submission (the meeting's automatic verification) names nobody
      p.verifiedAt
        ? p.verifiedBy
          ? w.m('verifiedByAt', { by: p.verifiedBy, at: w.at(p.verifiedAt) })
          : w.at(p.verifiedAt)
        : w.m('notVerified'),
      p.revokedAt ? w.at(p.revokedAt) : w.m('no'),
    ]),
  );
  return [
    {
      stack: [heading(w.m('proxies')), register],
      unbreakable: list.length <= 25,
    },
  ];
}

const METHODS = ['live', 'other', 'proxy'] as const;

/** The votes for each option by method, in units and shares, with its total. */
function votesTable(w: Words, matter: ReportMatter): Content {
  const { m } = w;
  const label = optionLabel(matter);
  const head = (text: string, colSpan = 1): TableCell => ({
    text,
    bold: true,
    alignment: colSpan > 1 ? 'center' : 'left',
    colSpan,
  });
  const pair = (units: number, shares: number): TableCell[] => [
    { text: w.units(units), alignment: 'right' },
    { text: w.shares(shares), alignment: 'right' },
  ];
  const sub: TableCell[] = [
    { text: '' },
    ...[...METHODS, 'total'].flatMap((): TableCell[] => [
      { text: m('units'), bold: true, alignment: 'right' },
      { text: m('shares'), bold: true, alignment: 'right' },
    ]),
  ];
  const rows: TableCell[][] = matter.tally.rows.map((row) => {
    const units = {
      live: row.numLiveVotes,
      other: row.numOtherVotes,
      proxy: row.numProxyVotes,
    };
    const shares = {
      live: row.numLiveShares,
      other: row.numOtherShares,
      proxy: row.numProxyShares,
    };
    const total = matter.result?.totals.find((t) => t.vote === row.vote);
    return [
      { text: label(row.vote) },
      ...METHODS.flatMap((method) => pair(units[method], shares[method])),
      ...pair(
        total?.units ?? METHODS.reduce((s, k) => s + units[k], 0),
        total?.shares ?? METHODS.reduce((s, k) => s + shares[k], 0),
      ).map((c) => ({ ...(c as object), bold: true }) as TableCell),
    ];
  });
  const by = matter.tally.byMethod;
  rows.push([
    { text: m('allOptions'), italics: true },
    ...pair(by.live.units, by.live.shares),
    ...pair(by.other.units, by.other.shares),
    ...pair(by.proxy.units, by.proxy.shares),
    ...pair(matter.tally.votesCast, matter.tally.sharesCast),
  ]);
  return {
    table: {
      headerRows: 2,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: ['*', 28, 50, 28, 50, 28, 50, 30, 55],
      body: [
        [
          head(m('option')),
          head(w.t('report.method.live'), 2),
          {},
          head(w.t('report.method.other'), 2),
          {},
          head(w.t('report.method.proxy'), 2),
          {},
          head(m('total'), 2),
          {},
        ],
        sub,
        ...rows,
      ],
    },
    layout: {
      hLineWidth: (i: number) => (i === 2 ? 0.8 : i === 0 ? 0 : 0.3),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 2,
      paddingBottom: () => 2,
      paddingLeft: () => 2,
      paddingRight: () => 2,
    },
    fontSize: 8,
    margin: [0, 2, 0, 6],
  };
}

type Result = NonNullable<ReportMatter['result']>;

/** A ranked count, round by round: each continuing option's votes, what the round decided. */
function roundsTables(
  w: Words,
  result: Result,
  label: (option: string) => string,
): Content[] {
  const { t } = w;
  const names = (options: readonly string[]) => options.map(label).join(', ');
  return [
    { text: t('report.rounds'), style: 'h3' },
    ...result.rounds.map((round, i): Content => ({
      stack: [
        table(
          ['*', 80, 100],
          [t('report.round', { n: i + 1 }), w.m('units'), w.m('shares')],
          [
            ...Object.entries(round.counts).map(([option, f]) => [
              label(option),
              w.shares(f.units),
              w.shares(f.shares),
            ]),
            [
              t('report.exhausted'),
              w.shares(round.exhausted.units),
              w.shares(round.exhausted.shares),
            ],
          ],
          ['left', 'right', 'right'],
        ),
        ...(round.elected.length
          ? [
              {
                text: `${t('report.roundElected')}: ${names(round.elected)}`,
              },
            ]
          : []),
        ...(round.excluded.length
          ? [
              {
                text: `${t('report.roundExcluded')}: ${names(round.excluded)}`,
              },
            ]
          : []),
      ],
      unbreakable: keepTogether(Object.keys(round.counts).map(label)),
      margin: [0, 0, 0, 4],
    })),
  ];
}

/** An election's result beyond its sentence: elected, ties and their break, the base, rounds. */
function electionFacts(
  w: Words,
  matter: ReportMatter,
  result: Result,
): Content[] {
  const { t } = w;
  const label = optionLabel(matter);
  const names = (options: readonly string[]) => options.map(label).join(', ');
  const lines: [string, string][] = [
    [t('report.electedLine'), names(result.elected) || t('report.none')],
  ];
  if (result.tiedForLastSeat.length) {
    lines.push([t('report.tiedLine'), names(result.tiedForLastSeat)]);
    lines.push([
      t('report.tieBreakLine'),
      result.tieBreak
        ? `${t('report.tieBreakText', {
            names: names(result.tieBreak.elected),
            method: t(`verdict.tieBreakMethod.${result.tieBreak.method}`),
            by: result.tieBreak.decidedBy,
            at: w.at(result.tieBreak.decidedAt),
          })}${result.tieBreak.note ? ` (${result.tieBreak.note})` : ''}`
        : t('report.tieBreakPending'),
    ]);
  }
  lines.push([
    t('report.electionBaseLine'),
    t('report.electionBaseText', {
      baseUnits: count(
        w,
        'report.unit',
        result.base.units,
        w.shares(result.base.units),
      ),
      baseShares: shareCount(w, result.base.shares),
      base: t(`verdict.electionBase.${matter.votingMethod}`),
    }),
  ]);
  return [
    facts(lines),
    ...(result.rounds.length ? roundsTables(w, result, label) : []),
  ];
}

/** The outcome in one sentence; a matter nobody voted on says so in words. */
function outcome(w: Words, matter: ReportMatter): string {
  if (!matter.result) return w.m('notClosed');
  if (matter.tally.votesCast === 0)
    return w.m(
      isElectionMatter(matter) ? 'noVotesElection' : 'noVotesDefeated',
    );
  return matter.statement ?? w.m('noVotes');
}

function matterSection(w: Words, matter: ReportMatter): Content[] {
  const { t, m } = w;
  const result = matter.result;
  const by = matter.tally.byMethod;
  const head: Content[] = [
    { text: `${matter.order}. ${matter.name}`, style: 'h2' },
    facts([
      [m('movedBy'), matter.movedBy ?? m('notRecorded')],
      [m('secondedBy'), matter.secondedBy ?? m('notRecorded')],
      [m('rule'), matter.rule],
      [m('ballot'), t(matter.secretBallot ? 'report.secret' : 'report.open')],
      [m('opened'), w.at(matter.liveStartedAt)],
      [
        m('closed'),
        matter.liveClosedAt
          ? `${w.at(matter.liveClosedAt)}${matter.closeReason ? `, ${t(`report.closeReason.${matter.closeReason}`)}` : ''}`
          : '–',
      ],
      [t('report.quorumAtOpen'), quorumText(w, matter.quorumAtOpen)],
      [t('report.quorumAtClose'), quorumText(w, matter.quorumAtClose)],
    ]),
    {
      text: [
        result
          ? {
              text: `${verdictWords(result.verdict, t).toUpperCase()}. `,
              bold: true,
            }
          : '',
        outcome(w, matter),
      ],
      fontSize: 10.5,
      margin: [0, 2, 0, 4],
    },
  ];
  const body: Content[] = [];
  if (matter.tally.votesCast > 0 || !result)
    body.push({
      text: m('votesCast', {
        units: unitCount(w, matter.tally.votesCast),
        shares: shareCount(w, matter.tally.sharesCast),
        online: w.units(by.live.units),
        inPerson: w.units(by.other.units),
        proxy: w.units(by.proxy.units),
      }),
      margin: [0, 0, 0, 2],
    });
  if (matter.tally.withheld) body.push({ text: m('withheld'), italics: true });
  // without a table of votes, the options put to the meeting are still on record
  if (matter.tally.withheld || matter.tally.votesCast === 0)
    body.push(
      { text: m('options'), style: 'h3' },
      {
        ul: matter.options.map(optionLabel(matter)),
        fontSize: 8.5,
        margin: [0, 0, 0, 4],
      },
    );
  else if (matter.tally.votesCast > 0)
    body.push({
      stack: [{ text: m('votesTable'), style: 'h3' }, votesTable(w, matter)],
      unbreakable: keepTogether(
        matter.tally.rows.map((row) => optionLabel(matter)(row.vote)),
      ),
    });
  if (result && isElectionMatter(matter))
    body.push(...electionFacts(w, matter, result));
  const closing: [string, string][] = [];
  if (matter.snapshot)
    closing.push([
      m('atClose'),
      m('atCloseText', {
        eligible: count(
          w,
          'report.member',
          matter.snapshot.eligibleMembers,
          w.units(matter.snapshot.eligibleMembers),
        ),
        ballots: count(
          w,
          'report.ballot',
          matter.snapshot.votesCast,
          w.units(matter.snapshot.votesCast),
        ),
        percent: percentText(
          matter.snapshot.votesCast,
          matter.snapshot.eligibleMembers,
          w.lng,
        ),
      }),
    ]);
  const snap = matter.snapshot;
  // the split of present is in snapshots kept since it was recorded (docs/presence.md)
  if (
    snap &&
    snap.presentInPerson !== null &&
    snap.presentOnline !== null &&
    snap.presentByProxy !== null
  )
    closing.push([
      m('presentAtClose'),
      m('presentAtCloseText', {
        present: unitCount(w, snap.presentMembers),
        inPerson: w.units(snap.presentInPerson),
        online: w.units(snap.presentOnline),
        proxy: w.units(snap.presentByProxy),
      }),
    ]);
  if (result) {
    closing.push([
      m('signOff'),
      result.signedOffBy
        ? m('signedOff', {
            by: result.signedOffBy,
            at: w.at(result.signedOffAt),
          })
        : m('notSignedOff'),
    ]);
    closing.push([
      t('report.published'),
      result.publishedAt ? w.at(result.publishedAt) : t('report.notPublished'),
    ]);
  }
  if (closing.length) body.push(facts(closing));
  // the heading, facts and outcome of a matter stay on one page
  const headTexts = [
    matter.name,
    matter.rule,
    matter.movedBy ?? '',
    matter.secondedBy ?? '',
    outcome(w, matter),
    quorumText(w, matter.quorumAtOpen),
    quorumText(w, matter.quorumAtClose),
  ];
  return [
    { stack: head, unbreakable: keepTogether(headTexts, 60, 6) },
    ...body,
  ];
}

function questions(w: Words, report: MeetingReport): Content[] {
  if (!report.questions.length) return [];
  const items = report.questions.map(
    (q): Content & { unbreakable?: boolean } => ({
      stack: [
        {
          text: w.m('askedBy', {
            name: q.askedBy,
            at: w.at(q.askedAt),
            category: q.category,
          }),
          color: GREY,
          fontSize: 8.5,
        },
        { text: q.text },
        {
          text: [
            { text: `${w.m('answer')}: `, bold: true },
            q.reply ?? w.m('noAnswer'),
          ],
        },
      ],
      unbreakable: keepTogether([q.text, q.reply ?? ''], 90),
      margin: [0, 0, 0, 6],
    }),
  );
  // the heading goes to the next page with the first question, never alone at a foot
  const [first, ...rest] = items;
  return [
    {
      stack: [heading(w.m('questions')), first],
      unbreakable: first.unbreakable ?? false,
    },
    ...rest,
  ];
}

function signatures(w: Words, report: MeetingReport): Content[] {
  const { meeting } = report;
  const closed = report.matters.filter((m) => m.result);
  const signed = closed.filter((m) => m.result?.signedOffBy).length;
  const line = (role: string, name: string): Content => ({
    stack: [
      { text: w.m('signatureOf', { role, name }), bold: true },
      {
        columns: [
          { text: `${w.m('signature')}: ____________________________` },
          { text: `${w.m('signedDate')}: ________________` },
        ],
        margin: [0, 18, 0, 0],
      },
    ],
    margin: [0, 6, 0, 14],
    unbreakable: true,
  });
  const scrutineers = meeting.scrutineers.length
    ? meeting.scrutineers
    : [''.padEnd(28, '_')];
  return [
    {
      stack: [
        heading(w.m('signatures')),
        {
          text: meeting.requireSignOff
            ? w.m('signOffStatus', {
                signed: w.units(signed),
                closed: w.units(closed.length),
              })
            : w.m('signOffNotRequired'),
          margin: [0, 0, 0, 6],
        },
        line(w.m('chair'), meeting.chair ?? ''.padEnd(28, '_')),
      ],
      unbreakable: true,
    },
    ...scrutineers.map((name) => line(w.m('scrutineer'), name)),
  ];
}

function verification(w: Words, report: MeetingReport): Content[] {
  const { m } = w;
  const links = report.matters.filter((item) => item.chainHead);
  return [
    heading(m('verification'), true),
    { text: m('verificationText1'), margin: [0, 0, 0, 4] },
    { text: m('verificationText2'), margin: [0, 0, 0, 4] },
    { text: m('verificationText3'), margin: [0, 0, 0, 4] },
    facts([
      [m('csvDigest'), report.sha256],
      ...(report.chainHead
        ? ([
            [
              `${m('chainHead')} (${m('chainLink', { position: report.chainHead.position })})`,
              report.chainHead.hash,
            ],
          ] as [string, string][])
        : []),
    ]),
    ...(links.length
      ? [
          { text: m('verificationText4'), margin: [0, 4, 0, 4] } as Content,
          table(
            ['*', 40, 250],
            [m('matterLinks'), m('link'), m('hash')],
            links.map((item) => [
              `${item.order}. ${item.name}`,
              String(item.chainHead!.position),
              { text: item.chainHead!.hash, fontSize: 6.5 },
            ]),
            ['left', 'right', 'left'],
          ),
        ]
      : []),
    {
      text: m('generated', { at: w.at(report.generatedAt) }),
      color: GREY,
      margin: [0, 8, 0, 0],
    },
  ];
}

/** The document definition of the minutes: what reportPdf lays out. */
export function reportDocument(report: MeetingReport): TDocumentDefinitions {
  const { meeting } = report;
  const w = wordsOf(report.language, meeting.meetingTimezone);
  const whole = report.attendance.length > 0 || report.matters.length !== 1;
  const content: Content[] = [
    ...cover(w, report),
    ...(whole ? [...attendance(w, report), ...proxies(w, report)] : []),
    heading(w.m('matters'), whole),
    ...(report.matters.length
      ? report.matters.flatMap((matter) => matterSection(w, matter))
      : [{ text: w.m('mattersNone') } as Content]),
    ...questions(w, report),
    ...signatures(w, report),
    ...verification(w, report),
  ];
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    language: report.language,
    info: {
      title: w.t('report.titleOf', { meeting: meeting.name }),
      author: meeting.account,
      subject: w.t('report.subject', { shortCode: meeting.shortCode }),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 12, color: GREY, margin: [0, 0, 0, 12] },
      h1: { fontSize: 14, bold: true, margin: [0, 10, 0, 6] },
      h2: { fontSize: 12, bold: true, margin: [0, 10, 0, 2] },
      h3: { fontSize: 9.5, bold: true, margin: [0, 4, 0, 2] },
    },
    footer: (page: number, pages: number): Content => ({
      columns: [
        { text: meeting.name, color: GREY },
        {
          text: w.m('page', { n: page, total: pages }),
          alignment: 'right',
          color: GREY,
        },
      ],
      fontSize: 8,
      margin: [50, 20, 50, 0],
    }),
    content,
  };
}

/** The report as a PDF laid out by pdfmake: minutes, with the digest in the appendix. */
export function reportPdf(report: MeetingReport): Promise<Buffer> {
  return pdfmake.createPdf(reportDocument(report)).getBuffer();
}
