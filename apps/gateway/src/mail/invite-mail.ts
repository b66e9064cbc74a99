import type { OutgoingMail } from './mail-transport';
import {
  formatMeetingTime,
  meetingCalendar,
  type MeetingDetails,
} from './meeting-details';

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
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

/** Content-ID of the check-in QR image in the invite's HTML. */
export const CHECK_IN_QR_CID = 'check-in-qr@livevote';

const paragraph = (text: string) =>
  `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/** The voter invite: meeting details in text and HTML, the `.ics`, the personal link. */
export function inviteMail(input: InviteMailInput): OutgoingMail {
  const { meeting, voter, unit, portalLink } = input;
  const when = `${formatMeetingTime(meeting.meetingDate, meeting.meetingTimezone)} (${meeting.duration} minutes)`;
  const contact = meeting.contact.email
    ? `${meeting.contact.name || meeting.contact.preferredName || ''} <${meeting.contact.email}>`.trim()
    : '';
  const greeting = `Hello ${voter.name},`;
  const intro = `You are invited to ${meeting.name}, as a voter for unit ${unit}.`;
  const linkNote = 'This link is yours alone: please do not forward it.';
  const checkInNote =
    'Coming in person? Show this code at the check-in desk (it is yours alone too):';

  const text = [
    greeting,
    intro,
    [
      `When: ${when}`,
      `Time zone: ${meeting.meetingTimezone}`,
      meeting.location && `Where: ${meeting.location}`,
    ]
      .filter(Boolean)
      .join('\n'),
    meeting.description,
    `Join the meeting and vote with your personal link:\n${portalLink}\n${linkNote}`,
    `${checkInNote}\n${input.checkIn.code}`,
    `Meeting page: ${meeting.url}`,
    'The attached calendar file adds the meeting to your calendar.',
    contact && `Questions? Contact ${contact}.`,
  ]
    .filter(Boolean)
    .join('\n\n');

  const html = [
    '<!doctype html><html><body>',
    paragraph(greeting),
    paragraph(intro),
    '<table role="presentation">',
    `<tr><th align="left">When</th><td>${escapeHtml(when)}</td></tr>`,
    `<tr><th align="left">Time zone</th><td>${escapeHtml(meeting.meetingTimezone)}</td></tr>`,
    meeting.location
      ? `<tr><th align="left">Where</th><td>${escapeHtml(meeting.location)}</td></tr>`
      : '',
    '</table>',
    meeting.description ? paragraph(meeting.description) : '',
    `<p><a href="${escapeHtml(portalLink)}">Join the meeting and vote</a></p>`,
    paragraph(linkNote),
    paragraph(checkInNote),
    `<p><img src="cid:${CHECK_IN_QR_CID}" width="200" height="200" alt="Check-in QR code"></p>`,
    `<p style="font-family:monospace;font-size:1.4em">${escapeHtml(input.checkIn.code)}</p>`,
    `<p>Meeting page: <a href="${escapeHtml(meeting.url)}">${escapeHtml(meeting.url)}</a></p>`,
    contact ? paragraph(`Questions? Contact ${contact}.`) : '',
    '</body></html>',
  ].join('\n');

  return {
    to: voter.email,
    replyTo: meeting.contact.email || undefined,
    subject: `Invitation: ${meeting.name}`,
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
