import { translator, type Language, type Translate } from '@livevote/i18n';
import type { OutgoingMail } from '../mail/mail-transport';
import { plainName } from '../mail/plain-text';
import {
  formatMeetingTime,
  meetingDetailsIn,
  type MeetingDetails,
} from '../mail/meeting-details';
import { richTextToPlain, sanitizeRichText } from '../common/rich-text';
import {
  factsHtml,
  layoutHtml,
  linkParagraphHtml,
  listHtml,
  paragraphHtml,
  signatureHtml,
} from '../mail/mail-templates';

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
  /** The voter's language (docs/i18n.md). */
  lng: Language;
}

/** `options.signature` (HTML) for both parts of a mail; null when it holds no text. */
export function mailSignature(html: string): MailSignature | null {
  const plain = richTextToPlain(html);
  if (!plain) return null;
  return {
    text: `-- \n${plain}`,
    html: signatureHtml(sanitizeRichText(html)),
  };
}

const text = (value: string): Section => ({
  text: value,
  html: paragraphHtml(value),
});

function meetingFacts(meeting: MeetingDetails, lng: Language): Section {
  const t = translator(lng);
  const when = t('mail.whenValue', {
    when: formatMeetingTime(meeting.meetingDate, meeting.meetingTimezone, lng),
    minutes: meeting.duration,
  });
  const rows: [string, string][] = [
    [t('mail.when'), when],
    [t('mail.timeZone'), meeting.meetingTimezone],
  ];
  if (meeting.location) rows.push([t('mail.where'), meeting.location]);
  return {
    text: rows
      .map(([name, value]) => t('mail.field', { name, value }))
      .join('\n'),
    html: factsHtml(rows),
  };
}

function contactLine(meeting: MeetingDetails, t: Translate): Section | null {
  if (!meeting.contact.email) return null;
  const name = meeting.contact.name || meeting.contact.preferredName || '';
  return text(
    t('mail.questions', {
      contact: `${name} <${meeting.contact.email}>`.trim(),
    }),
  );
}

function meetingPage(meeting: MeetingDetails, t: Translate): Section {
  return {
    text: t('mail.meetingPage', { url: meeting.url }),
    html: linkParagraphHtml(meeting.url, meeting.url, {
      label: t('mail.meetingPageLabel'),
    }),
  };
}

function compose(
  lng: Language,
  sections: (Section | null | undefined | false)[],
): {
  text: string;
  html: string;
} {
  const present = sections.filter((s): s is Section => Boolean(s));
  return {
    text: present.map((s) => s.text).join('\n\n'),
    html: layoutHtml(
      lng,
      present.map((s) => s.html),
    ),
  };
}

function voterMail(
  input: VoterMailInput,
  subject: string,
  body: Section[],
  unsubscribeText: string,
): OutgoingMail {
  const { meeting, portalLink, unsubscribeLink, lng } = input;
  const t = translator(lng);
  const { text: plain, html } = compose(lng, [
    text(t('mail.hello', { name: plainName(input.voter.name) })),
    ...body,
    meetingFacts(meeting, lng),
    {
      text: `${t('mail.joinWithLink')}\n${portalLink}\n${t('mail.linkAlone')}`,
      html:
        linkParagraphHtml(portalLink, t('mail.joinLink')) +
        paragraphHtml(t('mail.linkAlone')),
    },
    meetingPage(meeting, t),
    contactLine(meeting, t),
    input.signature,
    {
      text: `${unsubscribeText}: ${unsubscribeLink}`,
      html: linkParagraphHtml(unsubscribeLink, unsubscribeText, {
        small: true,
      }),
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
  given: VoterMailInput & { earlyVotingClosesAt: Date },
): OutgoingMail {
  const input = {
    ...given,
    meeting: meetingDetailsIn(given.meeting, given.lng),
  };
  const { meeting, lng } = input;
  const t = translator(lng);
  const closes = formatMeetingTime(
    input.earlyVotingClosesAt,
    meeting.meetingTimezone,
    lng,
  );
  return voterMail(
    input,
    t('mail.reminder.subject', { meeting: meeting.name }),
    [
      text(
        t('mail.reminder.notVoted', {
          meeting: meeting.name,
          unit: input.unit,
        }),
      ),
      text(t('mail.reminder.closes', { when: closes })),
    ],
    t('mail.reminder.unsubscribe'),
  );
}

/** "Meeting is starting", a set number of minutes before the meeting. */
export function meetingStartingMail(given: VoterMailInput): OutgoingMail {
  const input = {
    ...given,
    meeting: meetingDetailsIn(given.meeting, given.lng),
  };
  const { meeting, lng } = input;
  const t = translator(lng);
  const starts = formatMeetingTime(
    meeting.meetingDate,
    meeting.meetingTimezone,
    lng,
  );
  return voterMail(
    input,
    t('mail.starting.subject', { meeting: meeting.name }),
    [text(t('mail.starting.body', { meeting: meeting.name, when: starts }))],
    t('mail.starting.unsubscribe'),
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
  quorum: {
    present: number;
    proxies: number;
    required: number;
    met: boolean;
    /** What the meeting's quorum counts (docs/verdicts.md, "Quorum"). */
    basis: 'units' | 'shares';
  };
  mail: { kind: string; sent: number; undelivered: number }[];
  matters: {
    order: number;
    name: string;
    liveStatus: string;
    units: number;
    shares: number;
  }[];
}

function list(title: string, items: string[]): Section {
  return {
    text: `${title}\n${items.map((item) => `  - ${item}`).join('\n')}`,
    html: listHtml(items, title),
  };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A name from the catalog, or the raw value when the catalog has none. */
function named(t: Translate, key: string, value: string): string {
  const text = t(key);
  return text === key ? value : text;
}

/** The daily manager summary report, in the meeting's default language. */
export function managerSummaryMail(input: {
  meeting: MeetingDetails;
  to: string;
  summary: MeetingSummary;
  earlyVotingClosesAt: Date;
  signature: MailSignature | null;
}): OutgoingMail {
  const lng = input.meeting.language;
  const meeting = meetingDetailsIn(input.meeting, lng);
  const { summary: s } = input;
  const t = translator(lng);
  const zone = meeting.meetingTimezone;
  const quorum = s.quorum;
  const mail = s.mail.filter((m) => m.sent || m.undelivered);
  const { text: plain, html } = compose(lng, [
    text(
      t('summary.asOf', {
        meeting: meeting.name,
        when: formatMeetingTime(s.asOf, zone, lng),
      }),
    ),
    meetingFacts(meeting, lng),
    text(
      t('summary.closes', {
        when: formatMeetingTime(input.earlyVotingClosesAt, zone, lng),
      }),
    ),
    list(t('summary.invites'), [
      t('summary.invited', {
        count: s.invitedVoters,
        invited: s.invitedVoters,
        total: s.totalVoters,
      }),
      t('summary.emailsOff', { count: s.emailsDisabled, n: s.emailsDisabled }),
      ...mail.map((m) =>
        t(m.undelivered ? 'summary.mailSentUndelivered' : 'summary.mailSent', {
          kind: named(t, `summary.mailKind.${m.kind}`, m.kind),
          count: m.sent,
          sent: m.sent,
          undelivered: t('countPhrases.undelivered', {
            count: m.undelivered,
            n: m.undelivered,
          }),
        }),
      ),
    ]),
    list(t('summary.ballots'), [
      t('summary.unitsVoted', {
        count: s.unitsVoted,
        voted: s.unitsVoted,
        total: s.totalUnits,
      }),
      ...s.ballots.map((b) =>
        t('summary.methodLine', {
          method: named(t, `summary.method.${b.method}`, b.method),
          count: b.ballots,
          ballots: b.ballots,
          units: t('live.fromUnits', { count: b.units, n: b.units }),
        }),
      ),
    ]),
    list(t('summary.attendance'), [
      t('summary.attended', {
        count: s.attendedVoters,
        voters: s.attendedVoters,
        units: t('countPhrases.ofUnits', {
          count: s.attendedUnits,
          n: s.attendedUnits,
        }),
      }),
      t('summary.rsvpBoth', {
        count: s.rsvpVoters,
        inPerson: s.rsvpVoters,
        online: s.rsvpOnlineVoters,
      }),
      t('summary.checkedIn', {
        count: s.checkedInVoters,
        voters: s.checkedInVoters,
        units: t('countPhrases.ofUnits', {
          count: s.checkedInUnits,
          n: s.checkedInUnits,
        }),
      }),
      t('summary.connected', {
        count: s.connectedVoters,
        voters: s.connectedVoters,
        units: t('countPhrases.ofUnits', {
          count: s.connectedUnits,
          n: s.connectedUnits,
        }),
      }),
    ]),
    text(
      t('summary.quorum', {
        met: t(quorum.met ? 'summary.met' : 'summary.notMet'),
        reached: quorum.present + quorum.proxies,
        required: quorum.required,
        basis: t(`live.basis.${quorum.basis}`, { count: quorum.required }),
        present: quorum.present,
        proxies: quorum.proxies,
      }),
    ),
    s.matters.length
      ? list(
          t('summary.matters'),
          s.matters.map((m) =>
            t('summary.matterLine', {
              order: m.order,
              name: m.name,
              status: named(t, `summary.status.${m.liveStatus}`, m.liveStatus),
              units: m.units,
              shares: round(m.shares),
            }),
          ),
        )
      : text(t('summary.noMatters')),
    meetingPage(meeting, t),
    input.signature,
    text(t('summary.why')),
  ]);
  return {
    to: input.to,
    subject: t('summary.subject', { meeting: meeting.name, day: s.day }),
    text: plain,
    html,
  };
}
