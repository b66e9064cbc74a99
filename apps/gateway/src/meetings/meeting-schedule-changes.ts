import { Injectable, Logger } from '@nestjs/common';

type Listener = (meetingId: string) => Promise<void>;

/**
 * Who wants to hear that a meeting's name, date, duration or time zone changed: the webcast
 * moves its session at the provider (docs/webcast.md). Told after the change has committed;
 * a listener's failure is logged, never the change's.
 */
@Injectable()
export class MeetingScheduleChanges {
  private readonly logger = new Logger('MeetingScheduleChanges');
  private readonly listeners: Listener[] = [];

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  async changed(meetingId: string): Promise<void> {
    for (const listener of this.listeners)
      await listener(meetingId).catch((error: unknown) =>
        this.logger.warn(
          `a listener of meeting ${meetingId}'s schedule failed: ${String(error)}`,
        ),
      );
  }
}
