import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import {
  SYNC_ATTEMPTS,
  WEBCAST_QUEUE,
  WebcastSyncQueue,
  type WebcastSyncJob,
} from './webcast-sync.queue';

/** How long a request waits for others to join it (a CSV import changes many voters at once). */
const GATHER_MS = 250;

/** Sync jobs in Redis: whichever node's worker is free runs them, retried with back-off. */
@Injectable()
export class BullmqWebcastSyncQueue extends WebcastSyncQueue {
  constructor(
    @InjectQueue(WEBCAST_QUEUE) private readonly queue: Queue<WebcastSyncJob>,
  ) {
    super();
  }

  async request(webcastId: string): Promise<void> {
    await this.queue.add(
      'sync',
      { webcastId },
      {
        // one waiting job per webcast, and never two running: a request made while one runs
        // queues the next, which reads the voters afresh
        deduplication: { id: `sync.${webcastId}`, keepLastIfActive: true },
        delay: GATHER_MS,
        attempts: SYNC_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  process(name: string, data: WebcastSyncJob): Promise<void> {
    return this.runJob(name, data);
  }
}

@Processor(WEBCAST_QUEUE, { concurrency: 4 })
export class WebcastSyncProcessor extends WorkerHost {
  private readonly logger = new Logger('WebcastSync');

  constructor(private readonly queue: BullmqWebcastSyncQueue) {
    super();
  }

  async process(job: Job<WebcastSyncJob>): Promise<void> {
    try {
      await this.queue.process(job.name, job.data);
    } catch (error) {
      this.logger.warn(
        `sync ${job.id} of webcast ${job.data.webcastId} failed (attempt ${job.attemptsMade + 1}): ${String(error)}`,
      );
      throw error;
    }
  }
}
