import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../common/clock';
import {
  Deadline,
  DeadlineScheduler,
  deadlineJobId,
} from './deadline.scheduler';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Timers in this process: the embedded default. Start-up reconciliation re-arms them. */
export class InProcessDeadlineScheduler
  extends DeadlineScheduler
  implements OnApplicationShutdown
{
  private readonly logger = new Logger('Deadlines');
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly clock: Clock) {
    super();
  }

  schedule(deadline: Deadline): Promise<void> {
    const id = deadlineJobId(deadline.matterId, deadline.generation);
    if (this.timers.has(id)) return Promise.resolve();
    this.arm(id, deadline);
    return Promise.resolve();
  }

  cancel(matterId: string, generation: number): Promise<void> {
    const id = deadlineJobId(matterId, generation);
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    return Promise.resolve();
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(id: string, deadline: Deadline): void {
    const delay = Math.max(0, deadline.at.getTime() - this.clock.nowMs());
    const timer = setTimeout(
      () => {
        if (delay > MAX_TIMEOUT_MS) return this.arm(id, deadline);
        this.timers.delete(id);
        this.attempt(deadline);
      },
      Math.min(delay, MAX_TIMEOUT_MS),
    );
    this.timers.set(id, timer);
  }

  private attempt(deadline: Deadline, attempt = 0): void {
    this.fire({
      matterId: deadline.matterId,
      generation: deadline.generation,
      at: deadline.at.getTime(),
    }).catch((error: unknown) => {
      this.logger.error(
        `deadline of matter ${deadline.matterId} failed: ${String(error)}`,
      );
      if (attempt < 20)
        setTimeout(
          () => this.attempt(deadline, attempt + 1),
          Math.min(5000, 100 * 2 ** attempt),
        );
    });
  }
}
