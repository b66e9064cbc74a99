import { Injectable } from '@nestjs/common';
import { ChainSealingService } from '../audit/chain-sealing.service';
import { LivePresenceService } from '../quorum/live-presence.service';
import { BallotIngestService } from './ballot-ingest.service';
import { LiveTalliesService } from '../voting/live-tallies.service';
import { LiveVotingRepository } from '../voting/live-voting.repository';
import { MatterCloseService } from '../voting/matter-close.service';
import { MatterDirectoryStore } from '../voting/matter-directory.store';
import type { CastChange } from '../voting/tally';

/**
 * A ballot online or in the room makes its member present (docs/presence.md): a change of a
 * ballot's method, or a new ballot, may move who is present and how.
 */
const movesPresence = (change: CastChange) =>
  change.removed === true || change.prev?.method !== change.method;

/**
 * What follows each committed batch, per matter: the running tally takes its changes, the
 * meeting's chain is sealed soon after, the quorum is counted again when a ballot may have
 * moved it (coalesced, sent only when it changed), then a matter set to close when all have
 * voted closes once every eligible member has.
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
    private readonly presence: LivePresenceService,
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
    if (info && changes.some(movesPresence))
      this.presence.quorumChanged(info.meetingId);
    if (!info?.autoCloseWhenAllVoted || info.liveStatus !== 'live') return;
    const [{ votes }, eligible] = await Promise.all([
      this.repository.votesCast(matterId),
      this.directory.eligibleMembers(matterId),
    ]);
    if (eligible > 0 && votes >= eligible)
      await this.close.allVoted(info.id, info.liveGeneration, info.shortCode);
  }
}
