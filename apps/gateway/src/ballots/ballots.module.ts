import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { VotingModule } from '../voting/voting.module';
import { AfterBallotsService } from './after-ballots.service';
import { BallotIngestService } from './ballot-ingest.service';
import { BallotIntakeService } from './ballot-intake.service';
import { BallotsController } from './ballots.controller';
import { BallotsInFlightStore } from './ballots-in-flight.store';
import { BallotsRepository } from './ballots.repository';
import { HolderBallotsRepository } from './holder-ballots.repository';

/**
 * The one writer of ballots: every ballot enters through BallotIntakeService, voters' through the
 * group commit (BallotIngestService), and is written by a statement of this folder; AfterBallotsService
 * brings the running tallies up to date after each commit. Voting's lifecycle, tallies and
 * deadlines (VotingModule) know nothing of it.
 */
@Module({
  imports: [
    AuditModule,
    IdentityModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
    VotingModule,
  ],
  controllers: [BallotsController],
  providers: [
    AfterBallotsService,
    BallotIngestService,
    BallotIntakeService,
    BallotsInFlightStore,
    BallotsRepository,
    HolderBallotsRepository,
  ],
  exports: [BallotIntakeService, BallotsRepository],
})
export class BallotsModule {}
