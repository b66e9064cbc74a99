import { translator, type Language } from '@livevote/i18n';
import type { OutgoingMail } from '../mail/mail-transport';
import { layoutHtml, paragraphHtml } from '../mail/mail-templates';
import { formatMeetingTime } from '../mail/meeting-details';
import { plainName } from '../mail/plain-text';
import type { Translated } from '@livevote/contracts';
import { meetingIn, type MeetingTextFields } from '../common/meeting-texts';

export interface NominationMailContent {
  meeting: {
    name: string;
    meetingDate: Date;
    meetingTimezone: string;
    contactEmail?: string;
    /** The name in the meeting's other languages (docs/i18n.md). */
    translations?: Translated<MeetingTextFields>;
  };
  unit: string;
  /** The candidate's name as the member typed it. */
  candidateName: string;
}

/**
 * The nominee's confirmation that a member nominated them (docs/elections.md, "Nominations").
 * The candidate's name is typed by someone else: it goes through plainName, and the statement
 * is left out, so the mail carries nothing a voter wrote that a mail client would link.
 */
export function nominationMail(
  to: string,
  content: NominationMailContent,
  lng: Language,
): OutgoingMail {
  const t = translator(lng);
  const meeting = meetingIn(content.meeting, lng);
  const paragraphs = [
    t('mail.hello', { name: plainName(content.candidateName) }),
    t('mail.nomination.nominated', {
      unit: content.unit,
      meeting: meeting.name,
      when: formatMeetingTime(
        meeting.meetingDate,
        meeting.meetingTimezone,
        lng,
      ),
    }),
    t('mail.nomination.consent'),
    t('mail.nomination.next'),
  ];
  return {
    to,
    replyTo: meeting.contactEmail || undefined,
    subject: t('mail.nomination.subject', { meeting: meeting.name }),
    text: paragraphs.join('\n\n'),
    html: layoutHtml(lng, paragraphs.map(paragraphHtml)),
  };
}
