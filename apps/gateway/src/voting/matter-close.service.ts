import { Injectable } from '@nestjs/common';
import {
  closeSnapshot,
  type CloseReason,
  type PresentCount,
} from '@livevote/rules';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { PresentUnitsService } from '../quorum/present-units.service';
import { LiveTalliesService } from './live-tallies.service';
import {
  LiveVotingRepository,
  type LiveMatterRow,
} from './live-voting.repository';
import { MatterDirectoryStore } from './matter-directory.store';
import { MatterResultsService } from './matter-results.service';
import {
  MatterEventsRegistry,
  type MatterClosed,
} from './matter-events.registry';
import { MatterStatesService } from './matter-states.service';

/** Who is present at a close, as its snapshot records it (docs/presence.md). */
export type SnapshotPresence = PresentCount & { presentVoters: number };

/**
 * Closing a matter, whatever closes it (the chair's stop, the deadline, the last eligible
 * member's ballot): the record kept with it, written in the closing transaction, then after
 * the commit the news: its state to everyone, the listeners, the final tally to the staff.
 */
@Injectable()
export class MatterCloseService {
  constructor(
    private readonly repository: LiveVotingRepository,
    private readonly directory: MatterDirectoryStore,
    private readonly presentUnits: PresentUnitsService,
    private readonly states: MatterStatesService,
    private readonly tallies: LiveTalliesService,
    private readonly events: MatterEventsRegistry,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly results: MatterResultsService,
  ) {}

  /** The record kept with a closed matter, written in the transaction that closes it. */
  async record(matter: LiveMatterRow, reason: CloseReason): Promise<void> {
    const [cast, eligibleMembers, present] = await Promise.all([
      this.repository.votesCast(matter.id),
      this.directory.eligibleMembers(matter.id),
      this.presentUnits.figures(matter.meetingId),
    ]);
    await this.repository.saveSnapshot(
      matter.id,
      closeSnapshot({
        reason,
        closedAt: matter.liveClosedAt,
        eligibleMembers,
        present: { ...present.units, presentVoters: present.presentVoters },
        cast,
      }),
    );
  }

  /**
   * The deadline's close: one statement, its record included, that closes the matter only if
   * it is still live at that generation, so a deadline closes once however often it fires.
   */
  async atDeadline(
    matterId: string,
    generation: number,
    present: SnapshotPresence,
    shortCode?: string,
  ): Promise<void> {
    const closed = await this.repository.closeAtDeadline(
      matterId,
      generation,
      this.clock.now(),
      present,
    );
    if (!closed) return;
    await this.announce(
      { matter: closed, reason: 'deadline', liveGeneration: generation },
      shortCode ?? (await this.directory.get(matterId))?.shortCode ?? '',
    );
  }

  /** Closes a matter every eligible member has voted on, unless it moved on meanwhile. */
  async allVoted(
    matterId: string,
    generation: number,
    shortCode: string,
  ): Promise<void> {
    const closed = await this.unitOfWork.run(async () => {
      const meetingId = (await this.directory.get(matterId))?.meetingId;
      const matter = meetingId
        ? await this.repository.lock(meetingId, matterId)
        : undefined;
      if (
        !matter ||
        matter.liveStatus !== 'live' ||
        matter.liveGeneration !== generation
      )
        return undefined;
      const row = await this.repository.setLiveState(
        matterId,
        { liveStatus: 'closed', liveClosedAt: this.clock.now() },
        this.clock.now(),
      );
      await this.record(row, 'all_voted');
      return row;
    });
    if (closed)
      await this.announce(
        { matter: closed, reason: 'all_voted', liveGeneration: generation },
        shortCode,
      );
  }

  /** After the commit that closed the matter. */
  async announce(closed: MatterClosed, shortCode: string): Promise<void> {
    this.directory.invalidate(closed.matter.id);
    await this.states.publish(closed.matter, shortCode);
    await this.events.closed(closed);
    await this.tallies.broadcastFinal(closed.matter.id);
    // the verdict, from the recount just sent (docs/verdicts.md)
    await this.results.afterClose(closed.matter.id);
  }
}
