import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { VotingModule } from '../voting/voting.module';
import { AfterBallots } from './after-ballots';
import { BallotIngest } from './ballot-ingest';
import { BallotIntake } from './ballot-intake';
import { BallotsController } from './ballots.controller';
import { BallotsInFlight } from './ballots-in-flight';
import { BallotsRepository } from './ballots.repository';
import { HolderBallotsRepository } from './holder-ballots.repository';

/**
 * The one writer of ballots: every ballot enters through BallotIntake, voters' through the
 * group commit (BallotIngest), and is written by a statement of this folder; AfterBallots
 * brings the running tallies up to date after each commit. Voting's lifecycle, tallies and
 * deadlines (VotingModule) know nothing of it.
 */
@Module({
  imports: [
    AuditModule,
    IdentityModule,
    MeetingsModule,
    PresenceModule,
    VotingModule,
  ],
  controllers: [BallotsController],
  providers: [
    AfterBallots,
    BallotIngest,
    BallotIntake,
    BallotsInFlight,
    BallotsRepository,
    HolderBallotsRepository,
  ],
  exports: [BallotIntake, BallotsRepository],
})
export class BallotsModule {}
