import type { OnModuleInit } from '@nestjs/common';
import { JobHandlers } from '../../queues/job-handlers';

export const DEADLINE_QUEUE = 'deadlines';

/** A matter's deadline: when it fires, the matter closes if it is still at that generation. */
export interface Deadline {
  matterId: string;
  generation: number;
  at: Date;
}

/**
 * What a due deadline hands its handler. `at` (epoch ms) lets the handler wait out the lead
 * without reading the matter first; jobs queued before it was added have none.
 */
export interface DeadlineJob {
  matterId: string;
  generation: number;
  at?: number;
}
export type DeadlineHandler = (deadline: DeadlineJob) => Promise<void>;

/**
 * Port for vote deadlines. Adapters: BullMQ delayed jobs in Redis (any node fires it, a
 * killed node loses nothing) and in-process timers (single node). Firing twice or firing a
 * stale generation is harmless: the close is conditional on the generation in the database.
 */
export abstract class DeadlineScheduler implements OnModuleInit {
  private readonly jobs = new JobHandlers<{ close: DeadlineJob }>(
    DEADLINE_QUEUE,
    ['close'],
  );

  abstract schedule(deadline: Deadline): Promise<void>;
  abstract cancel(matterId: string, generation: number): Promise<void>;

  /** What a due deadline runs: one handler, registered before start-up ends. */
  onDeadline(handler: DeadlineHandler): void {
    this.jobs.register('close', handler);
  }

  /** Start-up fails when no one handles deadlines. */
  onModuleInit(): void {
    this.jobs.assertComplete();
  }

  /** Runs the deadline's handler: what a due job or timer does. */
  fire(deadline: DeadlineJob): Promise<void> {
    return this.runJob('close', deadline);
  }

  /**
   * The handler runs whenever the scheduler's store came back and may have lost deadlines
   * (Redis restarted without persistence): it re-schedules what the database says is live.
   */
  onRestored(_handler: () => Promise<void>): void {}

  protected runJob(name: string, data: unknown): Promise<void> {
    return this.jobs.run(name, data);
  }
}

export function deadlineJobId(matterId: string, generation: number): string {
  return `${matterId}.${generation}`;
}
