/** A meeting's schedule job carries the fingerprint of what it was made for. */
export interface MailTickJob {
  meetingId: string;
  version: string;
}

export const MAIL_QUEUE = 'mail';
export const RECONCILE_SCHEDULER = 'reconcile';

export function meetingScheduler(meetingId: string): string {
  return `meeting.${meetingId}`;
}

/**
 * Port for when scheduled mail is looked at. Adapters: BullMQ job schedulers in Redis (one
 * per meeting, any node runs it) and a timer loop in this process. Either only calls
 * RemindersService.tick, which is safe to run late, twice or on two nodes at once.
 */
export abstract class MailScheduler {
  /** Brings the schedules in line with the meetings that need scheduled mail now. */
  abstract reconcile(): Promise<void>;
}
