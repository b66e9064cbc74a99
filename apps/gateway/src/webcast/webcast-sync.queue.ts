import {
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { JobHandlers } from '../queues/job-handlers';

export const WEBCAST_QUEUE = 'webcast';

export interface WebcastSyncJob {
  webcastId: string;
}

/** Tries of one sync before it is left for the next change to retry. */
export const SYNC_ATTEMPTS = 8;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

export function syncRetryDelay(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
}

/**
 * Port for "bring the provider in line with the voters" (docs/webcast.md): BullMQ jobs with
 * Redis (any node runs it, retried with back-off), in-process otherwise. A sync reads what is
 * wanted from the database each time, so running it twice, or late, is harmless.
 */
export abstract class WebcastSyncQueue implements OnModuleInit {
  private readonly jobs = new JobHandlers<{ sync: WebcastSyncJob }>(
    WEBCAST_QUEUE,
    ['sync'],
  );

  /** Asks for a sync of the webcast soon; requests made while one waits join it. */
  abstract request(webcastId: string): Promise<void>;

  onSync(handler: (job: WebcastSyncJob) => Promise<void>): void {
    this.jobs.register('sync', handler);
  }

  onModuleInit(): void {
    this.jobs.assertComplete();
  }

  protected runJob(name: string, data: unknown): Promise<void> {
    return this.jobs.run(name, data);
  }
}

/** The embedded default: one sync of a webcast at a time in this process, retried on timers. */
export class InProcessWebcastSyncQueue
  extends WebcastSyncQueue
  implements OnApplicationShutdown
{
  private readonly logger = new Logger('WebcastSync');
  /** Webcasts with a sync running, and whether another was asked for meanwhile. */
  private readonly running = new Map<string, { again: boolean }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  request(webcastId: string): Promise<void> {
    const current = this.running.get(webcastId);
    if (current) current.again = true;
    else this.start(webcastId, 0);
    return Promise.resolve();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private start(webcastId: string, attempt: number): void {
    const state = { again: false };
    this.running.set(webcastId, state);
    this.runJob('sync', { webcastId }).then(
      () => {
        this.running.delete(webcastId);
        if (state.again && !this.stopped) this.start(webcastId, 0);
      },
      (error: unknown) => {
        this.running.delete(webcastId);
        this.logger.warn(
          `sync of webcast ${webcastId} failed (attempt ${attempt + 1}): ${String(error)}`,
        );
        if (this.stopped || attempt + 1 >= SYNC_ATTEMPTS) return;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (!this.running.has(webcastId)) this.start(webcastId, attempt + 1);
        }, syncRetryDelay(attempt));
        this.timers.add(timer);
      },
    );
  }
}
