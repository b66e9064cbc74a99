import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JobHandlers } from '../queues/job-handlers';
import { scheduleVersion, TICK_INTERVAL_MS } from './mail-schedule';
import {
  MAIL_QUEUE,
  MailScheduler,
  meetingScheduler,
  RECONCILE_SCHEDULER,
  type MailTickJob,
} from './mail.scheduler';
import { RemindersService } from './reminders.service';

const JOB_OPTIONS = { removeOnComplete: true, removeOnFail: 100 };

/**
 * Job schedulers in Redis: `reconcile` (one for the cluster) keeps one `meeting.<id>`
 * scheduler per meeting that needs scheduled mail, replaced when the meeting's dates or
 * settings change and removed once it no longer needs one (completed, or mail turned off).
 */
@Injectable()
export class BullmqMailScheduler
  extends MailScheduler
  implements OnModuleInit, OnApplicationBootstrap
{
  private readonly logger = new Logger('ScheduledMail');
  readonly jobs = new JobHandlers<{
    reconcile: Record<string, never>;
    tick: MailTickJob;
  }>(MAIL_QUEUE, ['reconcile', 'tick']);

  constructor(
    @InjectQueue(MAIL_QUEUE)
    private readonly queue: Queue<MailTickJob | Record<string, never>>,
    private readonly reminders: RemindersService,
  ) {
    super();
    this.jobs.register('reconcile', () => this.reconcile());
    this.jobs.register('tick', async (job) => {
      await this.reminders.tick(job.meetingId);
    });
  }

  /** Start-up fails when a job name of the queue has no handler. */
  onModuleInit(): void {
    this.jobs.assertComplete();
  }

  /**
   * Not awaited: start-up does not wait for Redis. Registered again on every reconnect, as a
   * Redis restarted without persistence has lost its schedulers.
   */
  onApplicationBootstrap(): void {
    void this.register();
    this.queue.client
      .then((client) => {
        let connected = client.status === 'ready';
        client.on('ready', () => {
          if (connected) void this.register();
          connected = true;
        });
      })
      .catch((error: unknown) =>
        this.logger.warn(`mail queue unavailable: ${String(error)}`),
      );
  }

  private register(): Promise<void> {
    return this.queue
      .upsertJobScheduler(
        RECONCILE_SCHEDULER,
        { every: TICK_INTERVAL_MS },
        { name: 'reconcile', data: {}, opts: JOB_OPTIONS },
      )
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn(`mail scheduler not registered: ${String(error)}`),
      );
  }

  async reconcile(): Promise<void> {
    const existing = new Map(
      (await this.queue.getJobSchedulers(0, -1))
        .filter((scheduler) => scheduler.key.startsWith('meeting.'))
        .map((scheduler) => [
          scheduler.key,
          (scheduler.template?.data as Partial<MailTickJob> | undefined)
            ?.version,
        ]),
    );
    for (const meeting of await this.reminders.activeMeetings()) {
      const id = meetingScheduler(meeting.id);
      const version = scheduleVersion(meeting);
      if (existing.get(id) !== version)
        await this.queue.upsertJobScheduler(
          id,
          { every: TICK_INTERVAL_MS },
          {
            name: 'tick',
            data: { meetingId: meeting.id, version },
            opts: JOB_OPTIONS,
          },
        );
      existing.delete(id);
    }
    for (const id of existing.keys()) await this.queue.removeJobScheduler(id);
  }
}

@Processor(MAIL_QUEUE, { concurrency: 8 })
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger('ScheduledMail');

  constructor(private readonly scheduler: BullmqMailScheduler) {
    super();
  }

  async process(job: Job<MailTickJob>): Promise<void> {
    try {
      await this.scheduler.jobs.run(job.name, job.data);
    } catch (error) {
      this.logger.warn(
        `mail job ${job.name} ${job.id} failed: ${String(error)}`,
      );
      throw error;
    }
  }
}
