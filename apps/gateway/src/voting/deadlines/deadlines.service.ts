import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { NOBODY_PRESENT } from '@livevote/rules';
import { Clock } from '../../common/clock';
import { PresentUnitsService } from '../../quorum/present-units.service';
import {
  LiveVotingRepository,
  type LiveMatterRow,
} from '../live-voting.repository';
import {
  MatterCloseService,
  type SnapshotPresence,
} from '../matter-close.service';
import { MatterDirectoryStore } from '../matter-directory.store';
import {
  MatterEventsRegistry,
  type MatterClosed,
  type MatterListener,
} from '../matter-events.registry';
import { DeadlineScheduler } from './deadline.scheduler';

const SWEEP_MS = 5000;
/** A close whose presence could not be read records nobody present rather than fail. */
const NOBODY: SnapshotPresence = { ...NOBODY_PRESENT, presentVoters: 0 };
const SWEEP_GRACE_MS = 1000;

/**
 * Deadlines of live matters: armed when a matter opens or is extended, cancelled when it
 * closes otherwise, fired on time (the close itself is MatterCloseService's), re-armed at start-up
 * and whenever the scheduler's store lost them, and a sweep for any that slipped through.
 */
@Injectable()
export class DeadlinesService
  implements MatterListener, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('LiveVoting');
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly repository: LiveVotingRepository,
    private readonly directory: MatterDirectoryStore,
    private readonly presentUnits: PresentUnitsService,
    private readonly close: MatterCloseService,
    private readonly scheduler: DeadlineScheduler,
    private readonly clock: Clock,
    events: MatterEventsRegistry,
  ) {
    scheduler.onDeadline((deadline) =>
      this.fire(deadline.matterId, deadline.generation, deadline.at),
    );
    scheduler.onRestored(() => this.reconcile());
    events.listen(this);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.reconcile();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  async opened(matter: LiveMatterRow): Promise<void> {
    await this.arm(matter);
  }

  async extended(
    matter: LiveMatterRow,
    previous: LiveMatterRow,
  ): Promise<void> {
    await this.arm(matter);
    await this.scheduler
      .cancel(previous.id, previous.liveGeneration)
      .catch(() => undefined);
  }

  async closed({
    matter,
    reason,
    liveGeneration,
  }: MatterClosed): Promise<void> {
    // the deadline's own job is the one running
    if (reason === 'deadline') return;
    await this.scheduler
      .cancel(matter.id, liveGeneration)
      .catch(() => undefined);
  }

  private async arm(matter: LiveMatterRow): Promise<void> {
    if (!matter.liveEndsAt) return;
    await this.scheduler.schedule({
      matterId: matter.id,
      generation: matter.liveGeneration,
      at: matter.liveEndsAt,
    });
  }

  /**
   * Closes the matter at its deadline. A job fires a little early (DEADLINE_LEAD_MS): a timer
   * here is more punctual than the queue's pickup. With the job's own due time the timer starts
   * at once, and the matter and who is present are read while it runs: under a crowd of closes
   * that read took 30-100 ms, and waiting for it first made one close in ten start late
   * (docs/benchmarks-history.md, "A deadline's timer starts at pickup"). A job of a matter extended
   * since is stale: its close changes nothing (the generation is in the statement).
   */
  private async fire(
    matterId: string,
    generation: number,
    due?: number,
  ): Promise<void> {
    const reading = this.directory.get(matterId);
    const present = reading.then(
      (info): Promise<SnapshotPresence> | SnapshotPresence =>
        info
          ? this.presentUnits.figures(info.meetingId).then(
              ({ units, presentVoters }) => ({ ...units, presentVoters }),
              () => NOBODY,
            )
          : NOBODY,
    );
    // awaited below, after the timer; handled now, so a failed read is never unhandled
    present.catch(() => undefined);
    let endsAt = due;
    if (endsAt === undefined) {
      const info = await reading;
      endsAt =
        info?.liveGeneration === generation
          ? info.liveEndsAt?.getTime()
          : undefined;
    }
    // again if the timer fired early by the event loop's clock, or the close would not
    for (let tries = 0; endsAt !== undefined && tries < 3; tries++) {
      const early = endsAt - this.clock.nowMs();
      if (early <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, early));
    }
    await this.close.atDeadline(
      matterId,
      generation,
      await present,
      (await reading)?.shortCode,
    );
  }

  /** On start: close what is overdue, re-arm every other live matter's deadline. */
  private async reconcile(): Promise<void> {
    const live = await this.repository.liveMatters();
    for (const matter of live) {
      if (!matter.liveEndsAt) continue;
      if (matter.liveEndsAt.getTime() <= this.clock.nowMs()) {
        await this.fire(matter.id, matter.liveGeneration).catch(
          (error: unknown) =>
            this.logger.error(
              `closing overdue matter ${matter.id} failed: ${String(error)}`,
            ),
        );
      } else {
        await this.arm(matter);
      }
    }
    if (live.length)
      this.logger.log(`reconciled ${live.length} live matter(s)`);
  }

  /** A safety net under the scheduler: overdue live matters close even if a timer was lost. */
  private async sweep(): Promise<void> {
    try {
      const overdue = (await this.repository.liveMatters()).filter(
        (matter) =>
          matter.liveEndsAt &&
          matter.liveEndsAt.getTime() <= this.clock.nowMs() - SWEEP_GRACE_MS,
      );
      for (const matter of overdue)
        await this.fire(matter.id, matter.liveGeneration);
    } catch (error) {
      this.logger.warn(`deadline sweep failed: ${String(error)}`);
    }
  }
}
