import type { ProxyDirection } from '@livevote/contracts';
import type { OutgoingMail } from '../mail/mail-transport';
import { formatMeetingTime } from '../mail/meeting-details';

export interface ProxyMailMeeting {
  name: string;
  meetingDate: Date;
  meetingTimezone: string;
  contactEmail?: string;
}

export interface ProxyMailContent {
  meeting: ProxyMailMeeting;
  unit: string;
  holderName: string;
  directions: ProxyDirection[];
  /** Matter names by key, in the meeting's order. */
  matterNames: Map<string, string>;
  signedName: string;
  submittedAt: Date;
  status: string;
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);

function directionLines(content: ProxyMailContent): string[] {
  return content.directions.map((direction) => {
    const name =
      content.matterNames.get(direction.matterKey) ?? direction.matterKey;
    const how = direction.choices
      ? direction.choices.join(', ')
      : 'at the holder’s discretion';
    return `${name}: ${how}`;
  });
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

function html(parts: {
  before: string[];
  list?: string[];
  after?: string[];
  link?: string;
}): string {
  return [
    '<!doctype html><html><body>',
    ...parts.before.map(paragraph),
    parts.list?.length
      ? `<ul>${parts.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : '',
    ...(parts.after ?? []).map(paragraph),
    parts.link
      ? `<p><a href="${escapeHtml(parts.link)}">Open your proxy holder page</a></p>`
      : '',
    '</body></html>',
  ].join('\n');
}

/** The member's confirmation: everything the proxy says. */
export function proxyConfirmationMail(
  to: string,
  content: ProxyMailContent,
): OutgoingMail {
  const when = formatMeetingTime(
    content.meeting.meetingDate,
    content.meeting.meetingTimezone,
  );
  const paragraphs = [
    `Your proxy for unit ${content.unit} at ${content.meeting.name} (${when}) was received.`,
    `Proxy holder: ${content.holderName}.`,
    `Signed by ${content.signedName} at ${content.submittedAt.toISOString()}; status: ${content.status}.`,
    'Directions:',
  ];
  const lines = directionLines(content);
  const closing =
    'You may replace or withdraw this proxy in the portal until proxies close. Attending the meeting yourself revokes it while revocations are open.';
  return {
    to,
    replyTo: content.meeting.contactEmail || undefined,
    subject: `Your proxy: ${content.meeting.name}`,
    text: [...paragraphs, lines.join('\n'), closing].join('\n\n'),
    html: html({ before: paragraphs, list: lines, after: [closing] }),
  };
}

/** The holder's notice, with the personal link to the holder page. */
export function holderNoticeMail(
  to: string,
  content: ProxyMailContent,
  link: string,
): OutgoingMail {
  const paragraphs = [
    `Hello ${content.holderName},`,
    `Unit ${content.unit} appointed you as its proxy holder at ${content.meeting.name}.`,
    'Directed votes are counted as the member directed when each matter opens; you cast the others from your proxy holder page.',
    'This link is yours alone: please do not forward it.',
  ];
  return {
    to,
    replyTo: content.meeting.contactEmail || undefined,
    subject: `You hold a proxy: ${content.meeting.name}`,
    text: [...paragraphs, link].join('\n\n'),
    html: html({ before: paragraphs, link }),
  };
}

/** The holder's personal link into the portal's holder page. */
export function holderLink(
  publicUrl: string,
  shortCode: string,
  token: string,
): string {
  return `${publicUrl}/vote/${encodeURIComponent(shortCode)}/holder?token=${encodeURIComponent(token)}`;
}
