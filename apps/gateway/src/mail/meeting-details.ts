import ical, { ICalCalendarMethod } from 'ical-generator';
import { formatInZone, translator, type Language } from '@livevote/i18n';
import { meetingEndsAt } from '@livevote/rules';
import type { Translated } from '@livevote/contracts';
import { meetingIn, type MeetingTextFields } from '../common/meeting-texts';

/** What voter e-mails (invites, reminders) say about a meeting. */
export interface MeetingDetails {
  id: string;
  shortCode: string;
  name: string;
  description: string;
  location: string;
  /** name, description and location in the meeting's other languages (docs/i18n.md). */
  translations: Translated<MeetingTextFields>;
  meetingDate: Date;
  /** Minutes. */
  duration: number;
  meetingTimezone: string;
  /** The meeting's primary language, `languages[0]`. */
  language: Language;
  contact: { email?: string; name?: string; preferredName?: string };
  /** The meeting page: https://<shortCode>.<PORTAL_HOST>, else PUBLIC_URL/vote/<shortCode>. */
  url: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * "Tuesday, December 1, 2026 at 6:00 PM EST", "mardi 1 décembre 2026 à 18 h 00 HNE": the
 * instant in the meeting's own time zone, labelled (docs/i18n.md).
 */
export function formatMeetingTime(
  date: Date,
  timeZone: string,
  lng: Language = 'en',
): string {
  return formatInZone(date, timeZone, lng, 'long');
}

/** The details with the meeting's own texts in `lng` (docs/i18n.md). */
export function meetingDetailsIn(
  meeting: MeetingDetails,
  lng: Language,
): MeetingDetails {
  return meetingIn(meeting, lng);
}

/**
 * The `.ics` attachment: SUMMARY, DESCRIPTION and LOCATION in `lng`. Times are UTC instants with the zone as X-WR-TIMEZONE: with a TZID,
 * ical-generator would print a native Date in the process's zone, and a TZID also needs a
 * VTIMEZONE block we have no generator for. The UID is stable per meeting, so a second
 * invite updates the calendar entry instead of adding one; SEQUENCE grows with each edit.
 */
export function meetingCalendar(
  meeting: MeetingDetails,
  options: { stamp: Date; uidDomain: string; lng?: Language },
): string {
  const lng = options.lng ?? meeting.language;
  meeting = meetingDetailsIn(meeting, lng);
  const calendar = ical({
    prodId: {
      company: 'LiveVote',
      product: 'gateway',
      language: lng.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
    name: meeting.name,
  });
  calendar.x([['X-WR-TIMEZONE', meeting.meetingTimezone]]);
  const organizerName =
    meeting.contact.name || meeting.contact.preferredName || meeting.name;
  calendar.createEvent({
    id: `${meeting.id}@${options.uidDomain}`,
    sequence: Math.max(
      0,
      Math.floor(
        (meeting.updatedAt.getTime() - meeting.createdAt.getTime()) / 1000,
      ),
    ),
    stamp: options.stamp,
    start: meeting.meetingDate,
    end: meetingEndsAt(meeting),
    summary: meeting.name,
    location: meeting.location || null,
    description: [
      meeting.description,
      translator(lng)('calendar.meetingPage', { url: meeting.url }),
    ]
      .filter(Boolean)
      .join('\n\n'),
    url: meeting.url,
    organizer: meeting.contact.email
      ? { name: organizerName, email: meeting.contact.email }
      : null,
  });
  return calendar.toString();
}
