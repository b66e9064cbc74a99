import { Logger } from '@nestjs/common';

type Listener = (meetingId: string) => Promise<void>;

/**
 * Who wants to hear that something of a meeting changed, told after the change has committed
 * (one registry per kind of change, so a module depends on no folder that listens to it). A
 * listener's failure is logged, never the change's.
 */
export abstract class MeetingChangeListeners {
  private readonly logger: Logger;
  private readonly listeners: Listener[] = [];

  /** `what` names the change in the log: "voters", "schedule". */
  protected constructor(
    context: string,
    private readonly what: string,
  ) {
    this.logger = new Logger(context);
  }

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  async changed(meetingId: string): Promise<void> {
    for (const listener of this.listeners)
      await listener(meetingId).catch((error: unknown) =>
        this.logger.warn(
          `a listener of meeting ${meetingId}'s ${this.what} failed: ${String(error)}`,
        ),
      );
  }
}
