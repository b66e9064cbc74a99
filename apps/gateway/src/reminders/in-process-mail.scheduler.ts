import {
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { TICK_INTERVAL_MS } from './mail-schedule';
import { MailScheduler } from './mail.scheduler';
import type { RemindersService } from './reminders.service';

/** The embedded default: one timer ticks every meeting that needs scheduled mail, in turn. */
export class InProcessMailScheduler
  extends MailScheduler
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('ScheduledMail');
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;

  constructor(private readonly reminders: RemindersService) {
    super();
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.pass ??= this.reconcile().finally(() => (this.pass = undefined));
    }, TICK_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }

  async reconcile(): Promise<void> {
    try {
      for (const meeting of await this.reminders.activeMeetings())
        await this.reminders
          .tick(meeting.id)
          .catch((error: unknown) =>
            this.logger.error(
              `tick of meeting ${meeting.id}: ${String(error)}`,
            ),
          );
    } catch (error) {
      this.logger.error(`scheduled mail pass failed: ${String(error)}`);
    }
  }
}
