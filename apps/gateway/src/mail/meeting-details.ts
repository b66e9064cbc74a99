import ical, { ICalCalendarMethod } from 'ical-generator';
import { meetingEndsAt } from '@livevote/rules';

/** What voter e-mails (invites, reminders) say about a meeting. */
export interface MeetingDetails {
  id: string;
  shortCode: string;
  name: string;
  description: string;
  location: string;
  meetingDate: Date;
  /** Minutes. */
  duration: number;
  meetingTimezone: string;
  contact: { email?: string; name?: string; preferredName?: string };
  /** The meeting page: https://<shortCode>.<PORTAL_HOST>, else PUBLIC_URL/vote/<shortCode>. */
  url: string;
  createdAt: Date;
  updatedAt: Date;
}

/** "Tuesday, December 1, 2026 at 6:00 PM EST": the instant in the meeting's own time zone. */
export function formatMeetingTime(date: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(date);
  let text: string;
  try {
    text = format(timeZone);
  } catch {
    text = format('UTC'); // a zone this runtime does not know
  }
  // ICU puts narrow and thin spaces around the time; plain-text mail readers show them poorly.
  return text.replace(/[\u202f\u2009\u00a0]/g, ' ');
}

/**
 * The `.ics` attachment. Times are UTC instants with the zone as X-WR-TIMEZONE: with a TZID,
 * ical-generator would print a native Date in the process's zone, and a TZID also needs a
 * VTIMEZONE block we have no generator for. The UID is stable per meeting, so a second
 * invite updates the calendar entry instead of adding one; SEQUENCE grows with each edit.
 */
export function meetingCalendar(
  meeting: MeetingDetails,
  options: { stamp: Date; uidDomain: string },
): string {
  const calendar = ical({
    prodId: { company: 'LiveVote', product: 'gateway', language: 'EN' },
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
    description: [meeting.description, `Meeting page: ${meeting.url}`]
      .filter(Boolean)
      .join('\n\n'),
    url: meeting.url,
    organizer: meeting.contact.email
      ? { name: organizerName, email: meeting.contact.email }
      : null,
  });
  return calendar.toString();
}
