import type { OutgoingMail } from '../mail/mail-transport';
import {
  formatMeetingTime,
  type MeetingDetails,
} from '../mail/meeting-details';
import { richTextToPlain, sanitizeRichText } from '../common/rich-text';
import { escapeHtml, link, paragraph } from './mail-html';

/** A part of a mail, as plain text and as HTML. */
interface Section {
  text: string;
  html: string;
}

/** The manager's signature, as both parts of a mail. */
export type MailSignature = Section;

export interface VoterMailInput {
  meeting: MeetingDetails;
  voter: { name: string; email: string };
  unit: string;
  /** The voter's personal portal link, carrying their invite token. */
  portalLink: string;
  unsubscribeLink: string;
  /** From mailSignature, rendered once for all the mails of a tick. */
  signature: MailSignature | null;
}

/** `options.signature` (HTML) for both parts of a mail; null when it holds no text. */
export function mailSignature(html: string): MailSignature | null {
  const plain = richTextToPlain(html);
  if (!plain) return null;
  return {
    text: `-- \n${plain}`,
    html: `<div class="signature">${sanitizeRichText(html)}</div>`,
  };
}

const text = (value: string): Section => ({
  text: value,
  html: paragraph(value),
});

function meetingFacts(meeting: MeetingDetails): Section {
  const when = `${formatMeetingTime(meeting.meetingDate, meeting.meetingTimezone)} (${meeting.duration} minutes)`;
  const rows: [string, string][] = [
    ['When', when],
    ['Time zone', meeting.meetingTimezone],
  ];
  if (meeting.location) rows.push(['Where', meeting.location]);
  return {
    text: rows.map(([name, value]) => `${name}: ${value}`).join('\n'),
    html: [
      '<table role="presentation">',
      ...rows.map(
        ([name, value]) =>
          `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
    ].join(''),
  };
}

function contactLine(meeting: MeetingDetails): Section | null {
  if (!meeting.contact.email) return null;
  const name = meeting.contact.name || meeting.contact.preferredName || '';
  return text(
    `Questions? Contact ${`${name} <${meeting.contact.email}>`.trim()}.`,
  );
}

function compose(sections: (Section | null | undefined | false)[]): {
  text: string;
  html: string;
} {
  const present = sections.filter((s): s is Section => Boolean(s));
  return {
    text: present.map((s) => s.text).join('\n\n'),
    html: [
      '<!doctype html><html><body>',
      ...present.map((s) => s.html),
      '</body></html>',
    ].join('\n'),
  };
}

function voterMail(
  input: VoterMailInput,
  subject: string,
  body: Section[],
  unsubscribeText: string,
): OutgoingMail {
  const { meeting, portalLink, unsubscribeLink } = input;
  const { text: plain, html } = compose([
    text(`Hello ${input.voter.name},`),
    ...body,
    meetingFacts(meeting),
    {
      text: `Join the meeting and vote with your personal link:\n${portalLink}\nThis link is yours alone: please do not forward it.`,
      html: `<p>${link(portalLink, 'Join the meeting and vote')}</p>${paragraph('This link is yours alone: please do not forward it.')}`,
    },
    {
      text: `Meeting page: ${meeting.url}`,
      html: `<p>Meeting page: ${link(meeting.url, meeting.url)}</p>`,
    },
    contactLine(meeting),
    input.signature,
    {
      text: `${unsubscribeText}: ${unsubscribeLink}`,
      html: `<p><small>${link(unsubscribeLink, unsubscribeText)}</small></p>`,
    },
  ]);
  return {
    to: input.voter.email,
    replyTo: meeting.contact.email || undefined,
    subject,
    text: plain,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` },
  };
}

/** The reminder to a voter whose unit has not voted yet. */
export function reminderMail(
  input: VoterMailInput & { earlyVotingClosesAt: Date },
): OutgoingMail {
  const { meeting } = input;
  const closes = formatMeetingTime(
    input.earlyVotingClosesAt,
    meeting.meetingTimezone,
  );
  return voterMail(
    input,
    `Reminder: ${meeting.name}`,
    [
      text(
        `This is a reminder about ${meeting.name}: unit ${input.unit} has not voted yet.`,
      ),
      text(`Early voting closes ${closes}.`),
    ],
    'Stop these reminders',
  );
}

/** "Meeting is starting", a set number of minutes before the meeting. */
export function meetingStartingMail(input: VoterMailInput): OutgoingMail {
  const { meeting } = input;
  const starts = formatMeetingTime(
    meeting.meetingDate,
    meeting.meetingTimezone,
  );
  return voterMail(
    input,
    `Starting soon: ${meeting.name}`,
    [text(`${meeting.name} is starting ${starts}. Join with your link below.`)],
    'Stop all e-mail about this meeting',
  );
}

export interface MeetingSummary {
  asOf: Date;
  /** The local date the report is for (YYYY-MM-DD). */
  day: string;
  invitedVoters: number;
  totalVoters: number;
  emailsDisabled: number;
  totalUnits: number;
  unitsVoted: number;
  ballots: { method: string; ballots: number; units: number }[];
  attendedVoters: number;
  attendedUnits: number;
  /** RSVPs: in person (the seed's `attending`), online. */
  rsvpVoters: number;
  rsvpOnlineVoters: number;
  /** At the check-in desk now. */
  checkedInVoters: number;
  checkedInUnits: number;
  connectedVoters: number;
  connectedUnits: number;
  quorum: { present: number; proxies: number; required: number; met: boolean };
  mail: { kind: string; sent: number; undelivered: number }[];
  matters: {
    order: number;
    name: string;
    liveStatus: string;
    units: number;
    shares: number;
  }[];
}

const METHOD_NAMES: Record<string, string> = {
  proxy: 'early (proxy)',
  live: 'live',
  other: 'other (floor)',
};
const MAIL_NAMES: Record<string, string> = {
  reminder: 'Reminders',
  starting: '"Meeting is starting" notices',
  summary: 'Manager summaries',
};

function list(title: string, items: string[]): Section {
  return {
    text: `${title}\n${items.map((item) => `  - ${item}`).join('\n')}`,
    html: `<h3>${escapeHtml(title)}</h3><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
  };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The daily manager summary report. */
export function managerSummaryMail(input: {
  meeting: MeetingDetails;
  to: string;
  summary: MeetingSummary;
  earlyVotingClosesAt: Date;
  signature: MailSignature | null;
}): OutgoingMail {
  const { meeting, summary: s } = input;
  const zone = meeting.meetingTimezone;
  const quorum = s.quorum;
  const mail = s.mail.filter((m) => m.sent || m.undelivered);
  const { text: plain, html } = compose([
    text(
      `Daily summary of ${meeting.name} as of ${formatMeetingTime(s.asOf, zone)}.`,
    ),
    meetingFacts(meeting),
    text(
      `Early voting closes ${formatMeetingTime(input.earlyVotingClosesAt, zone)}.`,
    ),
    list('Invites', [
      `${s.invitedVoters} of ${s.totalVoters} voters invited`,
      `${s.emailsDisabled} voters have turned e-mail off`,
      ...mail.map(
        (m) =>
          `${MAIL_NAMES[m.kind] ?? m.kind}: ${m.sent} sent${m.undelivered ? `, ${m.undelivered} not delivered` : ''}`,
      ),
    ]),
    list('Ballots', [
      `${s.unitsVoted} of ${s.totalUnits} units have voted`,
      ...s.ballots.map(
        (b) =>
          `${METHOD_NAMES[b.method] ?? b.method}: ${b.ballots} ballots from ${b.units} units`,
      ),
    ]),
    list('Attendance', [
      `${s.attendedVoters} voters of ${s.attendedUnits} units attended the live meeting`,
      `${s.rsvpVoters} voters said they will attend in person, ${s.rsvpOnlineVoters} online`,
      `${s.checkedInVoters} voters of ${s.checkedInUnits} units checked in at the desk now`,
      `${s.connectedVoters} voters of ${s.connectedUnits} units connected now`,
    ]),
    text(
      `Quorum: ${quorum.met ? 'met' : 'not met'}: ${quorum.present + quorum.proxies} of ${quorum.required} units required (${quorum.present} present, ${quorum.proxies} by proxy).`,
    ),
    s.matters.length
      ? list(
          'Matters',
          s.matters.map(
            (m) =>
              `${m.order}. ${m.name}: ${m.liveStatus}, ${m.units} ballots (${round(m.shares)} shares)`,
          ),
        )
      : text('Matters: none yet.'),
    {
      text: `Meeting page: ${meeting.url}`,
      html: `<p>Meeting page: ${link(meeting.url, meeting.url)}</p>`,
    },
    input.signature,
    text(
      'You receive this report as a manager of the meeting; the meeting settings (managerSummaryReportFreqency) turn it off.',
    ),
  ]);
  return {
    to: input.to,
    subject: `Daily summary: ${meeting.name} (${s.day})`,
    text: plain,
    html,
  };
}
