import type {
  MeetingReport,
  QuorumRecord,
  ReportMatter,
} from '@livevote/contracts';
import {
  isElectionMatter,
  percentText,
  translator,
  verdictWords,
  type Language,
  type Translate,
} from '@livevote/i18n';
import PDFDocument from 'pdfkit';
import { byUnit, instantText, sharesFigure, unitsText } from './report-format';

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const GREY = '#555555';
const METHODS = ['proxy', 'live', 'other'] as const;

/** The words of one report: its language's translator and number and instant formats. */
interface Words {
  t: Translate;
  lng: Language;
  zone: string;
  units: (value: number) => string;
  shares: (value: number) => string;
  at: (iso: string | null) => string;
}

function wordsOf(lng: Language, zone: string): Words {
  return {
    t: translator(lng),
    lng,
    zone,
    units: (value) => unitsText(value, lng),
    shares: (value) => sharesFigure(value, lng),
    at: (iso) => instantText(iso, zone, lng),
  };
}

/** Room left on the page, in points. */
const room = (doc: Doc) => doc.page.height - MARGIN - doc.y;

function ensure(doc: Doc, height: number): void {
  if (room(doc) < height) doc.addPage();
}

function heading(doc: Doc, text: string, size = 13): void {
  ensure(doc, 60);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(size).fillColor('black');
  doc.text(text);
  doc.moveDown(0.2);
}

function line(doc: Doc, label: string, value: string): void {
  ensure(doc, 14);
  doc.font('Helvetica-Bold').fontSize(9).fillColor('black');
  doc.text(`${label}: `, { continued: true });
  doc.font('Helvetica').text(value);
}

/** "1 unit", "3 units", "1.5 shares" in the report's language. */
function count(w: Words, key: string, value: number, text: string): string {
  return w.t(key, { count: value, n: text });
}

function figure(w: Words, basis: QuorumRecord['basis'], value: number) {
  return basis === 'units'
    ? count(w, 'report.unit', value, w.units(value))
    : count(w, 'report.share', value, w.shares(value));
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

/** The tally by option and method: one line per option and method, then its total. */
function tallyTable(doc: Doc, w: Words, matter: ReportMatter): void {
  const columns = [
    { title: w.t('report.option'), width: 190, align: 'left' as const },
    { title: w.t('report.methodColumn'), width: 70, align: 'left' as const },
    { title: w.t('report.unitsColumn'), width: 100, align: 'right' as const },
    { title: w.t('report.sharesColumn'), width: 135, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    ensure(doc, 14);
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, {
        width: columns[i].width,
        align: columns[i].align,
        lineBreak: false,
        ellipsis: true,
      });
      x += columns[i].width;
    });
    doc.x = MARGIN;
    doc.y = y + 13;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const tally of matter.tally.rows) {
    const units = {
      proxy: tally.numProxyVotes,
      live: tally.numLiveVotes,
      other: tally.numOtherVotes,
    };
    const shares = {
      proxy: tally.numProxyShares,
      live: tally.numLiveShares,
      other: tally.numOtherShares,
    };
    for (const method of METHODS)
      row([
        method === 'proxy' ? tally.vote : '',
        w.t(`report.method.${method}`),
        w.units(units[method]),
        w.shares(shares[method]),
      ]);
    const total = matter.result?.totals.find((t) => t.vote === tally.vote);
    if (total)
      row(
        ['', w.t('report.total'), w.units(total.units), w.shares(total.shares)],
        true,
      );
  }
}

type Result = NonNullable<ReportMatter['result']>;

/**
 * An election's result beyond its statement: who was elected, the tie and the chair's
 * decision on it, the base its percentages are of, and a ranked count's every round.
 */
function electionLines(
  doc: Doc,
  w: Words,
  matter: ReportMatter,
  result: Result,
): void {
  const { t } = w;
  line(
    doc,
    t('report.electedLine'),
    result.elected.join(', ') || t('report.none'),
  );
  if (result.tiedForLastSeat.length) {
    line(doc, t('report.tiedLine'), result.tiedForLastSeat.join(', '));
    line(
      doc,
      t('report.tieBreakLine'),
      result.tieBreak
        ? `${t('report.tieBreakText', {
            names: result.tieBreak.elected.join(', '),
            method: t(`verdict.tieBreakMethod.${result.tieBreak.method}`),
            by: result.tieBreak.decidedBy,
            at: w.at(result.tieBreak.decidedAt),
          })}${result.tieBreak.note ? ` (${result.tieBreak.note})` : ''}`
        : t('report.tieBreakPending'),
    );
  }
  line(
    doc,
    t('report.electionBaseLine'),
    t('report.electionBaseText', {
      baseUnits: count(
        w,
        'report.unit',
        result.base.units,
        w.shares(result.base.units),
      ),
      baseShares: count(
        w,
        'report.share',
        result.base.shares,
        w.shares(result.base.shares),
      ),
      base: t(`verdict.electionBase.${matter.votingMethod}`),
    }),
  );
  if (result.rounds.length) roundsTable(doc, w, result);
}

/** A ranked count, round by round: each continuing option's votes, what the round decided. */
function roundsTable(doc: Doc, w: Words, result: Result): void {
  const { t } = w;
  heading(doc, t('report.rounds'), 11);
  const columns = [
    { width: 250, align: 'left' as const },
    { width: 110, align: 'right' as const },
    { width: 135, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    ensure(doc, 14);
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, {
        width: columns[i].width,
        align: columns[i].align,
        lineBreak: false,
        ellipsis: true,
      });
      x += columns[i].width;
    });
    doc.x = MARGIN;
    doc.y = y + 13;
  };
  result.rounds.forEach((round, i) => {
    ensure(doc, 40);
    row(
      [
        t('report.round', { n: i + 1 }),
        t('report.unitsColumn'),
        t('report.sharesColumn'),
      ],
      true,
    );
    for (const [option, figures] of Object.entries(round.counts))
      row([option, w.shares(figures.units), w.shares(figures.shares)]);
    row([
      t('report.exhausted'),
      w.shares(round.exhausted.units),
      w.shares(round.exhausted.shares),
    ]);
    if (round.elected.length)
      line(doc, t('report.roundElected'), round.elected.join(', '));
    if (round.excluded.length)
      line(doc, t('report.roundExcluded'), round.excluded.join(', '));
    doc.moveDown(0.3);
  });
}

function matterSection(doc: Doc, w: Words, matter: ReportMatter) {
  const { t } = w;
  heading(doc, `${matter.order}. ${matter.name}`);
  line(doc, t('report.rule'), matter.rule);
  line(
    doc,
    t('report.vote'),
    `${t(matter.secretBallot ? 'report.secret' : 'report.open')}; ${t(`report.liveStatus.${matter.liveStatus}`)}`,
  );
  line(doc, t('report.opened'), w.at(matter.liveStartedAt));
  line(
    doc,
    t('report.closed'),
    matter.liveClosedAt
      ? `${w.at(matter.liveClosedAt)}${matter.closeReason ? `, ${t(`report.closeReason.${matter.closeReason}`)}` : ''}`
      : '–',
  );
  if (matter.chainHead)
    line(
      doc,
      t('report.chainAtClose'),
      t('report.chainLink', {
        position: matter.chainHead.position,
        hash: matter.chainHead.hash,
      }),
    );
  line(doc, t('report.quorumAtOpen'), quorumText(w, matter.quorumAtOpen));
  line(doc, t('report.quorumAtClose'), quorumText(w, matter.quorumAtClose));
  if (matter.snapshot) {
    const s = matter.snapshot;
    line(
      doc,
      t('report.atClose'),
      t('report.atCloseText', {
        eligible: count(
          w,
          'report.member',
          s.eligibleMembers,
          w.units(s.eligibleMembers),
        ),
        present: w.units(s.presentMembers),
        voters: count(
          w,
          'report.voter',
          s.presentVoters,
          w.units(s.presentVoters),
        ),
        ballots: count(w, 'report.ballot', s.votesCast, w.units(s.votesCast)),
        shares: count(w, 'report.share', s.sharesCast, w.shares(s.sharesCast)),
        percent: percentText(s.votesCast, s.eligibleMembers, w.lng),
      }),
    );
  }
  const result = matter.result;
  if (result && matter.statement) {
    ensure(doc, 40);
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11);
    doc.text(verdictWords(result.verdict, t).toUpperCase());
    doc.font('Helvetica').fontSize(10).text(matter.statement);
    if (isElectionMatter(matter)) electionLines(doc, w, matter, result);
    else
      line(
        doc,
        t('report.forOrLeading'),
        t('report.forOrLeadingText', {
          units: count(
            w,
            'report.unit',
            result.forYes.units,
            w.units(result.forYes.units),
          ),
          shares: count(
            w,
            'report.share',
            result.forYes.shares,
            w.shares(result.forYes.shares),
          ),
          baseUnits: count(
            w,
            'report.unit',
            result.base.units,
            w.units(result.base.units),
          ),
          baseShares: count(
            w,
            'report.share',
            result.base.shares,
            w.shares(result.base.shares),
          ),
        }),
      );
    line(
      doc,
      t('report.signOff'),
      result.signedOffBy
        ? t('report.signedOff', {
            by: result.signedOffBy,
            at: w.at(result.signedOffAt),
          })
        : t('report.notSignedOff'),
    );
    line(
      doc,
      t('report.published'),
      result.publishedAt ? w.at(result.publishedAt) : t('report.notPublished'),
    );
  } else {
    line(doc, t('report.result'), t('report.noResult'));
  }
  doc.moveDown(0.4);
  if (matter.tally.withheld) {
    line(doc, t('report.tally'), t('report.withheld'));
  } else tallyTable(doc, w, matter);
  const turnout = METHODS.map((method) =>
    t('report.turnoutPart', {
      method: t(`report.method.${method}`),
      units: w.units(matter.tally.byMethod[method].units),
      shares: count(
        w,
        'report.share',
        matter.tally.byMethod[method].shares,
        w.shares(matter.tally.byMethod[method].shares),
      ),
    }),
  ).join(', ');
  doc.moveDown(0.3);
  line(
    doc,
    t('report.ballots'),
    t('report.ballotsText', {
      units: w.units(matter.tally.votesCast),
      shares: count(
        w,
        'report.share',
        matter.tally.sharesCast,
        w.shares(matter.tally.sharesCast),
      ),
      turnout,
    }),
  );
  const units = METHODS.map((method) => {
    const list = matter.voted
      .filter((voter) => voter.method === method)
      .map((voter) => voter.unit)
      .sort(byUnit);
    return list.length
      ? t('report.unitsVotedPart', {
          method: t(`report.method.${method}`),
          n: w.units(list.length),
          units: list.join(', '),
        })
      : '';
  }).filter(Boolean);
  line(
    doc,
    t('report.unitsVoted', { n: w.units(matter.voted.length) }),
    units.join('. ') || t('report.none'),
  );
}

/** The report as a PDF, built with pdfkit; its CSV digest printed on the first and last page. */
export function reportPdf(report: MeetingReport): Promise<Buffer> {
  const { meeting } = report;
  const w = wordsOf(report.language, meeting.meetingTimezone);
  const { t } = w;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: report.language,
    info: {
      Title: t('report.titleOf', { meeting: meeting.name }),
      Author: meeting.account,
      Subject: t('report.subject', { shortCode: meeting.shortCode }),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(t('report.title'));
  doc.font('Helvetica').fontSize(14).text(meeting.name);
  doc.moveDown(0.3);
  line(doc, t('report.account'), meeting.account);
  line(
    doc,
    t('report.meeting'),
    `${meeting.shortCode}, ${w.at(meeting.meetingDate)}`,
  );
  if (meeting.location) line(doc, t('report.location'), meeting.location);
  const present = t(
    meeting.quorumIncludesProxies
      ? 'report.quorumPresentOrProxy'
      : 'report.quorumPresent',
  );
  line(
    doc,
    t('report.quorum'),
    `${
      meeting.quorumPercent === null
        ? figure(w, meeting.quorumBasis, meeting.quorumMinimum)
        : t('report.quorumPercent', {
            percent: meeting.quorumPercent,
            basis: t(`report.quorumBasis.${meeting.quorumBasis}`),
          })
    }, ${present}${meeting.requireQuorumToStart ? `; ${t('report.quorumToStart')}` : ''}`,
  );
  line(
    doc,
    t('report.signOff'),
    t(meeting.requireSignOff ? 'report.signOffRequired' : 'report.signOffNone'),
  );
  line(doc, t('report.generated'), w.at(report.generatedAt));
  const digest = () => {
    ensure(doc, report.chainHead ? 60 : 30);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(GREY);
    doc.text(t('report.digest'));
    doc.font('Courier').fontSize(8).text(report.sha256);
    if (report.chainHead) {
      doc.font('Helvetica-Bold').fontSize(8);
      doc.text(t('report.chainHead', { position: report.chainHead.position }));
      doc.font('Courier').fontSize(8).text(report.chainHead.hash);
    }
    doc.fillColor('black');
  };
  doc.moveDown(0.3);
  digest();
  for (const matter of report.matters) matterSection(doc, w, matter);
  if (!report.matters.length) line(doc, t('report.matters'), t('report.none'));
  doc.moveDown(1);
  digest();
  doc.end();
  return done;
}
