import { translator, type Language } from '@livevote/i18n';
import type { OutgoingMail } from './mail-transport';
import {
  formatMeetingTime,
  meetingCalendar,
  meetingDetailsIn,
  type MeetingDetails,
} from './meeting-details';
import { inviteHtml } from './mail-templates';
import { plainName } from './plain-text';

export interface InviteMailInput {
  meeting: MeetingDetails;
  voter: { name: string; email: string };
  unit: string;
  /** The voter's personal portal link, carrying their invite token. */
  portalLink: string;
  /** The voter's check-in code as printed, and as a QR image (PNG) for the door. */
  checkIn: { code: string; qrPng: Buffer };
  sentAt: Date;
  uidDomain: string;
  /** The voter's language (docs/i18n.md). */
  lng: Language;
}

/** Content-ID of the check-in QR image in the invite's HTML. */
export const CHECK_IN_QR_CID = 'check-in-qr@livevote';

/** The voter invite: meeting details in text and HTML, the `.ics`, the personal link. */
export function inviteMail(input: InviteMailInput): OutgoingMail {
  const { voter, unit, portalLink, lng } = input;
  const meeting = meetingDetailsIn(input.meeting, lng);
  const t = translator(lng);
  const when = t('mail.whenValue', {
    when: formatMeetingTime(meeting.meetingDate, meeting.meetingTimezone, lng),
    minutes: meeting.duration,
  });
  const contact = meeting.contact.email
    ? `${meeting.contact.name || meeting.contact.preferredName || ''} <${meeting.contact.email}>`.trim()
    : '';
  const greeting = t('mail.hello', { name: plainName(voter.name) });
  const intro = t('mail.invite.intro', { meeting: meeting.name, unit });
  const linkNote = t('mail.linkAlone');
  const checkInNote = t('mail.invite.checkIn');
  const questions = contact && t('mail.questions', { contact });

  const text = [
    greeting,
    intro,
    [
      t('mail.field', { name: t('mail.when'), value: when }),
      t('mail.field', {
        name: t('mail.timeZone'),
        value: meeting.meetingTimezone,
      }),
      meeting.location &&
        t('mail.field', { name: t('mail.where'), value: meeting.location }),
    ]
      .filter(Boolean)
      .join('\n'),
    meeting.description,
    `${t('mail.joinWithLink')}\n${portalLink}\n${linkNote}`,
    `${checkInNote}\n${input.checkIn.code}`,
    t('mail.meetingPage', { url: meeting.url }),
    t('mail.invite.calendar'),
    questions,
  ]
    .filter(Boolean)
    .join('\n\n');

  const facts: [string, string][] = [
    [t('mail.when'), when],
    [t('mail.timeZone'), meeting.meetingTimezone],
  ];
  if (meeting.location) facts.push([t('mail.where'), meeting.location]);
  const html = inviteHtml({
    lng,
    greeting,
    intro,
    facts,
    description: meeting.description,
    portalLink,
    joinText: t('mail.joinLink'),
    linkNote,
    checkInNote,
    qrCid: CHECK_IN_QR_CID,
    qrAlt: t('mail.invite.checkInAlt'),
    checkInCode: input.checkIn.code,
    meetingPageLabel: t('mail.meetingPageLabel'),
    meetingUrl: meeting.url,
    questions,
  });

  return {
    to: voter.email,
    replyTo: meeting.contact.email || undefined,
    subject: t('mail.invite.subject', { meeting: meeting.name }),
    text,
    html,
    attachments: [
      {
        filename: `${meeting.shortCode}.ics`,
        // A Buffer goes out byte for byte; a string would have its CRLFs (RFC 5545) rewritten.
        content: Buffer.from(
          meetingCalendar(input.meeting, {
            stamp: input.sentAt,
            uidDomain: input.uidDomain,
            lng,
          }),
        ),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
      {
        filename: 'check-in.png',
        content: input.checkIn.qrPng,
        contentType: 'image/png',
        cid: CHECK_IN_QR_CID,
      },
    ],
  };
}
