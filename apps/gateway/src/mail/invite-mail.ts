import { translator, type Language } from '@livevote/i18n';
import type { OutgoingMail } from './mail-transport';
import {
  formatMeetingTime,
  meetingCalendar,
  type MeetingDetails,
} from './meeting-details';
import { escapeHtml, plainName } from './plain-text';

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

const paragraph = (text: string) =>
  `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/** The voter invite: meeting details in text and HTML, the `.ics`, the personal link. */
export function inviteMail(input: InviteMailInput): OutgoingMail {
  const { meeting, voter, unit, portalLink, lng } = input;
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

  const row = (name: string, value: string) =>
    `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    `<!doctype html><html lang="${lng}"><body>`,
    paragraph(greeting),
    paragraph(intro),
    '<table role="presentation">',
    row(t('mail.when'), when),
    row(t('mail.timeZone'), meeting.meetingTimezone),
    meeting.location ? row(t('mail.where'), meeting.location) : '',
    '</table>',
    meeting.description ? paragraph(meeting.description) : '',
    `<p><a href="${escapeHtml(portalLink)}">${escapeHtml(t('mail.joinLink'))}</a></p>`,
    paragraph(linkNote),
    paragraph(checkInNote),
    `<p><img src="cid:${CHECK_IN_QR_CID}" width="200" height="200" alt="${escapeHtml(t('mail.invite.checkInAlt'))}"></p>`,
    `<p style="font-family:monospace;font-size:1.4em">${escapeHtml(input.checkIn.code)}</p>`,
    `<p>${escapeHtml(t('mail.meetingPageLabel'))} <a href="${escapeHtml(meeting.url)}">${escapeHtml(meeting.url)}</a></p>`,
    questions ? paragraph(questions) : '',
    '</body></html>',
  ].join('\n');

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
          meetingCalendar(meeting, {
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
