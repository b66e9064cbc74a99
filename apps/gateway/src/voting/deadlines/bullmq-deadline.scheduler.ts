import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { Clock } from '../../common/clock';
import {
  DEADLINE_QUEUE,
  Deadline,
  DeadlineScheduler,
  deadlineJobId,
  type DeadlineJob,
} from './deadline.scheduler';

/** Jobs are due this long before the deadline; the handler waits out the rest on a timer. */
export const DEADLINE_LEAD_MS = 100;

/** Delayed jobs in Redis: whichever node's worker is free fires the deadline. */
@Injectable()
export class BullmqDeadlineScheduler extends DeadlineScheduler {
  private readonly logger = new Logger('Deadlines');

  constructor(
    @InjectQueue(DEADLINE_QUEUE) private readonly queue: Queue<DeadlineJob>,
    private readonly clock: Clock,
  ) {
    super();
  }

  async schedule(deadline: Deadline): Promise<void> {
    // Same jobId = same job: re-scheduling on start-up reconciliation adds nothing.
    await this.queue.add(
      'close',
      {
        matterId: deadline.matterId,
        generation: deadline.generation,
        at: deadline.at.getTime(),
      },
      {
        jobId: deadlineJobId(deadline.matterId, deadline.generation),
        delay: Math.max(
          0,
          deadline.at.getTime() - this.clock.nowMs() - DEADLINE_LEAD_MS,
        ),
        attempts: 20,
        backoff: { type: 'exponential', delay: 100 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  async cancel(matterId: string, generation: number): Promise<void> {
    await this.queue.remove(deadlineJobId(matterId, generation)).catch(() => 0);
  }

  /** A job of the queue, by its name. */
  process(name: string, data: DeadlineJob): Promise<void> {
    return this.runJob(name, data);
  }

  /** On every reconnect after the first: a restarted Redis without persistence has no jobs. */
  override onRestored(handler: () => Promise<void>): void {
    this.queue.client
      .then((client) => {
        let connected = client.status === 'ready';
        client.on('ready', () => {
          if (connected)
            handler().catch((error: unknown) =>
              this.logger.warn(
                `re-scheduling deadlines failed: ${String(error)}`,
              ),
            );
          connected = true;
        });
      })
      .catch((error: unknown) =>
        this.logger.warn(`deadline queue unavailable: ${String(error)}`),
      );
  }
}

@Processor(DEADLINE_QUEUE, { concurrency: 64 })
export class DeadlineProcessor extends WorkerHost {
  private readonly logger = new Logger('Deadlines');

  constructor(private readonly scheduler: BullmqDeadlineScheduler) {
    super();
  }

  async process(job: Job<DeadlineJob>): Promise<void> {
    try {
      await this.scheduler.process(job.name, job.data);
    } catch (error) {
      this.logger.warn(
        `deadline ${job.id} failed (attempt ${job.attemptsMade + 1}): ${String(error)}`,
      );
      throw error;
    }
  }
}
