import type { ProxyDirection } from '@livevote/contracts';
import { translator, type Language, type Translate } from '@livevote/i18n';
import type { OutgoingMail } from '../mail/mail-transport';
import { formatMeetingTime } from '../mail/meeting-details';
import { proxyHtml } from '../mail/mail-templates';
import { plainName } from '../mail/plain-text';

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

function directionLines(content: ProxyMailContent, t: Translate): string[] {
  return content.directions.map((direction) => {
    const name =
      content.matterNames.get(direction.matterKey) ?? direction.matterKey;
    // a ranking in its order (1. first, 2. second), votes placed as "option (n)"
    const how = direction.allocations
      ? direction.allocations
          .map(({ option, votes }) => `${option} (${votes})`)
          .join(', ')
      : direction.ranking
        ? direction.ranking
            .map((option, index) => `${index + 1}. ${option}`)
            .join(', ')
        : direction.choices
          ? direction.choices.join(', ')
          : t('mail.proxy.discretion');
    return `${name}: ${how}`;
  });
}

function html(
  lng: Language,
  parts: {
    before: string[];
    list?: string[];
    after?: string[];
    link?: string;
  },
): string {
  return proxyHtml({
    lng,
    before: parts.before,
    list: parts.list ?? [],
    after: parts.after ?? [],
    link: parts.link,
    linkText: translator(lng)('mail.holder.link'),
  });
}

/** The member's confirmation: everything the proxy says. */
export function proxyConfirmationMail(
  to: string,
  content: ProxyMailContent,
  lng: Language,
): OutgoingMail {
  const t = translator(lng);
  const zone = content.meeting.meetingTimezone;
  const when = formatMeetingTime(content.meeting.meetingDate, zone, lng);
  const status = t(`mail.proxy.status.${content.status}`);
  const paragraphs = [
    t('mail.proxy.received', {
      unit: content.unit,
      meeting: content.meeting.name,
      when,
    }),
    t('mail.proxy.holder', { holder: plainName(content.holderName) }),
    t('mail.proxy.signed', {
      name: plainName(content.signedName),
      when: formatMeetingTime(content.submittedAt, zone, lng),
      status: status.startsWith('mail.') ? content.status : status,
    }),
    t('mail.proxy.directions'),
  ];
  const lines = directionLines(content, t);
  const closing = t('mail.proxy.closing');
  return {
    to,
    replyTo: content.meeting.contactEmail || undefined,
    subject: t('mail.proxy.subject', { meeting: content.meeting.name }),
    text: [...paragraphs, lines.join('\n'), closing].join('\n\n'),
    html: html(lng, { before: paragraphs, list: lines, after: [closing] }),
  };
}

/** The holder's notice, with the personal link to the holder page. */
export function holderNoticeMail(
  to: string,
  content: ProxyMailContent,
  link: string,
  lng: Language,
): OutgoingMail {
  const t = translator(lng);
  const paragraphs = [
    t('mail.hello', { name: plainName(content.holderName) }),
    t('mail.holder.appointed', {
      unit: content.unit,
      meeting: content.meeting.name,
    }),
    t('mail.holder.how'),
    t('mail.linkAlone'),
  ];
  return {
    to,
    replyTo: content.meeting.contactEmail || undefined,
    subject: t('mail.holder.subject', { meeting: content.meeting.name }),
    text: [...paragraphs, link].join('\n\n'),
    html: html(lng, { before: paragraphs, link }),
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
