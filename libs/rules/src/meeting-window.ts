import { sqlAlias } from './sql-alias';

const MINUTE_MS = 60_000;

export interface MeetingTimes {
  meetingDate: Date;
  /** Minutes. */
  duration: number;
}

export interface EarlyVotingTimes {
  meetingDate: Date;
  /** When early (proxy) voting closes; none means at the start of the meeting. */
  expiryDate: Date | null;
}

/** When a meeting ends: its start plus its duration in minutes. */
export function meetingEndsAt(meeting: MeetingTimes): Date {
  return new Date(meeting.meetingDate.getTime() + meeting.duration * MINUTE_MS);
}

/** A meeting is over from the instant it ends. */
export function isMeetingOver(meeting: MeetingTimes, now: Date): boolean {
  return now.getTime() >= meetingEndsAt(meeting).getTime();
}

/**
 * {@link meetingEndsAt} as a SQL timestamptz over a `meetings` row under the given table alias
 * (columns `meeting_date`, `duration`), for `sql.raw`.
 */
export function meetingEndsAtSql(aliases: { meeting: string }): string {
  const meeting = sqlAlias(aliases.meeting);
  return `(${meeting}.meeting_date + ${meeting}.duration * interval '1 minute')`;
}

/** Early ballots are taken until expiryDate, or until the meeting starts when there is none. */
export function earlyVotingClosesAt(meeting: EarlyVotingTimes): Date {
  return meeting.expiryDate ?? meeting.meetingDate;
}

/** Whether an early ballot received at that instant is still in time (the close excluded). */
export function isEarlyVotingOpen(
  meeting: EarlyVotingTimes,
  at: Date,
): boolean {
  return at.getTime() < earlyVotingClosesAt(meeting).getTime();
}

/**
 * {@link earlyVotingClosesAt} as a SQL timestamptz over a `meetings` row under the given table
 * alias (columns `expiry_date`, `meeting_date`), for `sql.raw`.
 */
export function earlyVotingClosesAtSql(aliases: { meeting: string }): string {
  const meeting = sqlAlias(aliases.meeting);
  return `coalesce(${meeting}.expiry_date, ${meeting}.meeting_date)`;
}

/** RSVPs ("will you attend?") are taken until the meeting starts (docs/hybrid-meetings.md). */
export function rsvpClosesAt(meeting: Pick<MeetingTimes, 'meetingDate'>): Date {
  return meeting.meetingDate;
}

/** Whether an RSVP given at that instant is still in time (the start excluded). */
export function isRsvpOpen(
  meeting: Pick<MeetingTimes, 'meetingDate'>,
  at: Date,
): boolean {
  return at.getTime() < rsvpClosesAt(meeting).getTime();
}
