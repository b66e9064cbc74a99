import { Injectable } from '@nestjs/common';
import { ChainSealingService } from '../audit/chain-sealing.service';
import { BallotIngestService } from './ballot-ingest.service';
import { LiveTalliesService } from '../voting/live-tallies.service';
import { LiveVotingRepository } from '../voting/live-voting.repository';
import { MatterCloseService } from '../voting/matter-close.service';
import { MatterDirectoryStore } from '../voting/matter-directory.store';
import type { CastChange } from '../voting/tally';

/**
 * What follows each committed batch, per matter: the running tally takes its changes, the
 * meeting's chain is sealed soon after, then a matter set to close when all have voted closes
 * once every eligible member has.
 */
@Injectable()
export class AfterBallotsService {
  constructor(
    ingest: BallotIngestService,
    private readonly tallies: LiveTalliesService,
    private readonly directory: MatterDirectoryStore,
    private readonly repository: LiveVotingRepository,
    private readonly close: MatterCloseService,
    private readonly sealer: ChainSealingService,
  ) {
    ingest.setAcceptedHandler((matterId, changes, recount) =>
      this.accepted(matterId, changes, recount),
    );
  }

  /** Ballots written outside the batch (floor ballots), after their transaction committed. */
  committed(matterId: string, changes: CastChange[]): Promise<void> {
    return this.accepted(matterId, changes, false);
  }

  private async accepted(
    matterId: string,
    changes: CastChange[],
    recount: boolean,
  ): Promise<void> {
    // a recount already holds this batch's changes
    if (recount) await this.tallies.rebuild(matterId);
    await this.tallies.apply(matterId, recount ? [] : changes);
    const info = await this.directory.get(matterId);
    if (info) this.sealer.touch(info.meetingId);
    if (!info?.autoCloseWhenAllVoted || info.liveStatus !== 'live') return;
    const [{ votes }, eligible] = await Promise.all([
      this.repository.votesCast(matterId),
      this.directory.eligibleMembers(matterId),
    ]);
    if (eligible > 0 && votes >= eligible)
      await this.close.allVoted(info.id, info.liveGeneration, info.shortCode);
  }
}
