import { meetingEndsAt } from '@livevote/rules';

/** When each kind of scheduled e-mail is due: pure functions of the meeting and "now". */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Manager summaries go out at this hour of the meeting's own time zone. */
export const SUMMARY_LOCAL_HOUR = 8;
/** How often a meeting with scheduled mail is looked at (and how late a send may be). */
export const TICK_INTERVAL_MS = MINUTE_MS;
/** Longer than nodemailer's socket timeout, so only a crashed sender's claim is taken over. */
export const SEND_LEASE_MS = 30 * MINUTE_MS;
export const MAX_SEND_ATTEMPTS = 8;

export interface ScheduledMeeting {
  meetingDate: Date;
  /** Minutes. */
  duration: number;
  expiryDate: Date | null;
  meetingTimezone: string;
  meetingReminderFrequency: number;
  meetingStartingReminder: number;
  managerSummaryReportFrequency: string;
}

/** Nothing new is sent after this: a day for the last summary, a day for its retries. */
export function mailWindowEndsAt(meeting: ScheduledMeeting): Date {
  return new Date(meetingEndsAt(meeting).getTime() + 2 * DAY_MS);
}

/** The latest reminder round at or before now: anchor + k days·frequency with k >= 1. */
export function reminderRound(
  anchor: Date,
  frequencyDays: number,
  now: Date,
): Date | null {
  if (frequencyDays <= 0) return null;
  const step = frequencyDays * DAY_MS;
  const rounds = Math.floor((now.getTime() - anchor.getTime()) / step);
  return rounds >= 1 ? new Date(anchor.getTime() + rounds * step) : null;
}

export function startingReminderAt(meeting: ScheduledMeeting): Date | null {
  if (meeting.meetingStartingReminder <= 0) return null;
  return new Date(
    meeting.meetingDate.getTime() - meeting.meetingStartingReminder * MINUTE_MS,
  );
}

/** Exponential from one minute, at most an hour apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * MINUTE_MS, MINUTE_MS * 2 ** Math.max(0, attempts - 1));
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return formatter('UTC'); // a zone this runtime does not know
    }
    formatters.set(timeZone, format);
  }
  return format;
}

function wallClock(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return parts as {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
}

function offsetMs(date: Date, timeZone: string): number {
  const p = wallClock(date, timeZone);
  const asUtc = Date.UTC(
    p.year,
    p.month - 1,
    p.day,
    p.hour,
    p.minute,
    p.second,
  );
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant the wall clock of the zone shows that date and hour (DST-aware). */
export function zonedInstant(
  local: LocalParts,
  hour: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, hour);
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

export function localDate(date: Date, timeZone: string): LocalParts {
  const { year, month, day } = wallClock(date, timeZone);
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The latest daily summary time at or before now, and its local date (the period key). */
export function latestSummary(
  now: Date,
  timeZone: string,
): { at: Date; day: string } {
  let local = localDate(now, timeZone);
  let at = zonedInstant(local, SUMMARY_LOCAL_HOUR, timeZone);
  if (at > now) {
    const previous = new Date(
      Date.UTC(local.year, local.month - 1, local.day - 1),
    );
    local = {
      year: previous.getUTCFullYear(),
      month: previous.getUTCMonth() + 1,
      day: previous.getUTCDate(),
    };
    at = zonedInstant(local, SUMMARY_LOCAL_HOUR, timeZone);
  }
  return {
    at,
    day: `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`,
  };
}

/** A fingerprint of what the schedule depends on: a changed one replaces the schedule. */
export function scheduleVersion(meeting: ScheduledMeeting): string {
  return [
    meeting.meetingDate.toISOString(),
    meeting.duration,
    meeting.expiryDate?.toISOString() ?? '',
    meeting.meetingTimezone,
    meeting.meetingReminderFrequency,
    meeting.meetingStartingReminder,
    meeting.managerSummaryReportFrequency,
  ].join('|');
}
