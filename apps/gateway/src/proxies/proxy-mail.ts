import type { ProxyDirection, Translated } from '@livevote/contracts';
import { translator, type Language, type Translate } from '@livevote/i18n';
import type { OutgoingMail } from '../mail/mail-transport';
import { formatMeetingTime } from '../mail/meeting-details';
import { proxyHtml } from '../mail/mail-templates';
import { plainName } from '../mail/plain-text';
import {
  matterIn,
  meetingIn,
  type MatterTexts,
  type MeetingTextFields,
} from '../common/meeting-texts';

export interface ProxyMailMeeting {
  name: string;
  meetingDate: Date;
  meetingTimezone: string;
  contactEmail?: string;
  /** The name in the meeting's other languages (docs/i18n.md). */
  translations?: Translated<MeetingTextFields>;
}

export interface ProxyMailContent {
  meeting: ProxyMailMeeting;
  unit: string;
  holderName: string;
  directions: ProxyDirection[];
  /** The matters' texts by key, in the meeting's order (docs/i18n.md). */
  matters: Map<string, MatterTexts>;
  signedName: string;
  submittedAt: Date;
  status: string;
}

/** Each direction with the matter's name and option labels in `lng`; ballots keep canonical options. */
function directionLines(
  content: ProxyMailContent,
  lng: Language,
  t: Translate,
): string[] {
  return content.directions.map((direction) => {
    const given = content.matters.get(direction.matterKey);
    const matter = given
      ? matterIn(given, lng)
      : { name: direction.matterKey, label: (option: string) => option };
    const label = matter.label;
    // a ranking in its order (1. first, 2. second), votes placed as "option (n)"
    const how = direction.allocations
      ? direction.allocations
          .map(({ option, votes }) => `${label(option)} (${votes})`)
          .join(', ')
      : direction.ranking
        ? direction.ranking
            .map((option, index) => `${index + 1}. ${label(option)}`)
            .join(', ')
        : direction.choices
          ? direction.choices.map(label).join(', ')
          : t('mail.proxy.discretion');
    return t('mail.proxy.directionLine', { matter: matter.name, how });
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
  const meeting = meetingIn(content.meeting, lng);
  const zone = meeting.meetingTimezone;
  const when = formatMeetingTime(meeting.meetingDate, zone, lng);
  const status = t(`mail.proxy.status.${content.status}`);
  const paragraphs = [
    t('mail.proxy.received', {
      unit: content.unit,
      meeting: meeting.name,
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
  const lines = directionLines(content, lng, t);
  const closing = t('mail.proxy.closing');
  return {
    to,
    replyTo: content.meeting.contactEmail || undefined,
    subject: t('mail.proxy.subject', { meeting: meeting.name }),
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
  const meeting = meetingIn(content.meeting, lng);
  const paragraphs = [
    t('mail.hello', { name: plainName(content.holderName) }),
    t('mail.holder.appointed', {
      unit: content.unit,
      meeting: meeting.name,
    }),
    t('mail.holder.how'),
    t('mail.linkAlone'),
  ];
  return {
    to,
    replyTo: content.meeting.contactEmail || undefined,
    subject: t('mail.holder.subject', { meeting: meeting.name }),
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
