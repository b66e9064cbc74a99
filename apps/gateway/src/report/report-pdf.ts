import type {
  MeetingReport,
  QuorumRecord,
  ReportMatter,
} from '@livevote/contracts';
import { percentText, verdictWords } from '@livevote/i18n';
import PDFDocument from 'pdfkit';
import { byUnit, instantText, sharesFigure, unitsText } from './report-format';

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const GREY = '#555555';
const METHODS = ['proxy', 'live', 'other'] as const;
const METHOD_WORDS = { proxy: 'Proxy', live: 'Live', other: 'Other' };
const CLOSE_WORDS = {
  deadline: 'at its deadline',
  stop: 'stopped by the chair',
  all_voted: 'when every eligible member had voted',
};

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

/** "1 unit", "3 units", "1.5 shares". */
function count(value: number, one: string, many: string): string {
  return `${unitsText(value)} ${value === 1 ? one : many}`;
}

function figure(basis: QuorumRecord['basis'], value: number): string {
  return basis === 'units'
    ? count(value, 'unit', 'units')
    : `${sharesFigure(value)} ${value === 1 ? 'share' : 'shares'}`;
}

function quorumText(record: QuorumRecord | null, timeZone: string): string {
  if (!record) return 'not recorded';
  const reached = record.present + record.proxies;
  const text = `${figure(record.basis, reached)} (${figure(record.basis, record.present)} present, ${figure(record.basis, record.proxies)} by proxy) of ${figure(record.basis, record.required)} required: ${record.met ? 'met' : 'NOT met'}, ${instantText(record.at, timeZone)}`;
  return record.overriddenBy
    ? `${text}; started without quorum by ${record.overriddenBy}`
    : text;
}

/** The tally by option and method: one line per option and method, then its total. */
function tallyTable(doc: Doc, matter: ReportMatter): void {
  const columns = [
    { title: 'Option', width: 190, align: 'left' as const },
    { title: 'Method', width: 70, align: 'left' as const },
    { title: 'Units', width: 100, align: 'right' as const },
    { title: 'Shares', width: 135, align: 'right' as const },
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
        METHOD_WORDS[method],
        unitsText(units[method]),
        sharesFigure(shares[method]),
      ]);
    const total = matter.result?.totals.find((t) => t.vote === tally.vote);
    if (total)
      row(
        ['', 'Total', unitsText(total.units), sharesFigure(total.shares)],
        true,
      );
  }
}

function matterSection(doc: Doc, matter: ReportMatter, timeZone: string) {
  heading(doc, `${matter.order}. ${matter.name}`);
  line(doc, 'Rule', matter.rule);
  line(
    doc,
    'Vote',
    `${matter.secretBallot ? 'secret ballot' : 'open ballot'}; ${matter.liveStatus}`,
  );
  line(doc, 'Opened', instantText(matter.liveStartedAt, timeZone));
  line(
    doc,
    'Closed',
    matter.liveClosedAt
      ? `${instantText(matter.liveClosedAt, timeZone)}${matter.closeReason ? `, ${CLOSE_WORDS[matter.closeReason]}` : ''}`
      : '–',
  );
  line(doc, 'Quorum at open', quorumText(matter.quorumAtOpen, timeZone));
  line(doc, 'Quorum at close', quorumText(matter.quorumAtClose, timeZone));
  if (matter.snapshot) {
    const s = matter.snapshot;
    line(
      doc,
      'At the close',
      `${count(s.eligibleMembers, 'member', 'members')} entitled to vote, ${unitsText(s.presentMembers)} present (${count(s.presentVoters, 'voter', 'voters')} connected); ${count(s.votesCast, 'ballot', 'ballots')}, ${sharesFigure(s.sharesCast)} shares (${percentText(s.votesCast, s.eligibleMembers)} of the entitled members)`,
    );
  }
  const result = matter.result;
  if (result && matter.statement) {
    ensure(doc, 40);
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11);
    doc.text(`${verdictWords(result.verdict).toUpperCase()}`);
    doc.font('Helvetica').fontSize(10).text(matter.statement);
    line(
      doc,
      'For or leading',
      `${unitsText(result.forYes.units)} units, ${sharesFigure(result.forYes.shares)} shares, of a base of ${unitsText(result.base.units)} units, ${sharesFigure(result.base.shares)} shares`,
    );
    line(
      doc,
      'Sign-off',
      result.signedOffBy
        ? `signed off by ${result.signedOffBy}, ${instantText(result.signedOffAt, timeZone)}`
        : 'not signed off',
    );
    line(
      doc,
      'Published',
      result.publishedAt
        ? instantText(result.publishedAt, timeZone)
        : 'not yet: waiting for a scrutineer',
    );
  } else {
    line(doc, 'Result', 'none yet: the matter has not closed');
  }
  doc.moveDown(0.4);
  if (matter.tally.withheld) {
    line(
      doc,
      'Tally',
      'withheld until the secret ballot closes (turnout only)',
    );
  } else tallyTable(doc, matter);
  const turnout = METHODS.map(
    (method) =>
      `${METHOD_WORDS[method]} ${unitsText(matter.tally.byMethod[method].units)} (${sharesFigure(matter.tally.byMethod[method].shares)} shares)`,
  ).join(', ');
  doc.moveDown(0.3);
  line(
    doc,
    'Ballots',
    `${unitsText(matter.tally.votesCast)} (${sharesFigure(matter.tally.sharesCast)} shares): ${turnout}`,
  );
  const units = METHODS.map((method) => {
    const list = matter.voted
      .filter((voter) => voter.method === method)
      .map((voter) => voter.unit)
      .sort(byUnit);
    return list.length
      ? `${METHOD_WORDS[method]} (${unitsText(list.length)}): ${list.join(', ')}`
      : '';
  }).filter(Boolean);
  line(
    doc,
    `Units that voted (${unitsText(matter.voted.length)}; never how)`,
    units.join('. ') || 'none',
  );
}

/** The report as a PDF, built with pdfkit; its CSV digest printed on the first and last page. */
export function reportPdf(report: MeetingReport): Promise<Buffer> {
  const { meeting } = report;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Results report: ${meeting.name}`,
      Author: meeting.account,
      Subject: `Meeting ${meeting.shortCode}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const zone = meeting.meetingTimezone;
  doc.font('Helvetica-Bold').fontSize(18).text('Results report');
  doc.font('Helvetica').fontSize(14).text(meeting.name);
  doc.moveDown(0.3);
  line(doc, 'Account', meeting.account);
  line(
    doc,
    'Meeting',
    `${meeting.shortCode}, ${instantText(meeting.meetingDate, zone)}`,
  );
  if (meeting.location) line(doc, 'Location', meeting.location);
  line(
    doc,
    'Quorum',
    `${
      meeting.quorumPercent === null
        ? figure(meeting.quorumBasis, meeting.quorumMinimum)
        : `${meeting.quorumPercent} % of the eligible members by ${meeting.quorumBasis}`
    }, members present${meeting.quorumIncludesProxies ? ' or represented by proxy' : ''}${meeting.requireQuorumToStart ? '; required to start a vote' : ''}`,
  );
  line(
    doc,
    'Sign-off',
    meeting.requireSignOff
      ? 'results are published after a scrutineer signs off'
      : 'results are published at the close',
  );
  line(doc, 'Generated', instantText(report.generatedAt, zone));
  const digest = () => {
    ensure(doc, 30);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(GREY);
    doc.text('SHA-256 of report.csv (the data of this report):');
    doc.font('Courier').fontSize(8).text(report.sha256);
    doc.fillColor('black');
  };
  doc.moveDown(0.3);
  digest();
  for (const matter of report.matters) matterSection(doc, matter, zone);
  if (!report.matters.length) line(doc, 'Matters', 'none');
  doc.moveDown(1);
  digest();
  doc.end();
  return done;
}
