import { Injectable, Logger } from '@nestjs/common';

type Listener = (meetingId: string) => Promise<void>;

/**
 * Who wants to hear that a meeting's voters changed (added, removed, renamed, made panelists):
 * the webcast keeps its provider's panelists and registrants in step (docs/webcast.md). Told
 * after the change has committed; a listener's failure is logged, never the change's.
 */
@Injectable()
export class VoterChanges {
  private readonly logger = new Logger('VoterChanges');
  private readonly listeners: Listener[] = [];

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  async changed(meetingId: string): Promise<void> {
    for (const listener of this.listeners)
      await listener(meetingId).catch((error: unknown) =>
        this.logger.warn(
          `a listener of meeting ${meetingId}'s voters failed: ${String(error)}`,
        ),
      );
  }
}
