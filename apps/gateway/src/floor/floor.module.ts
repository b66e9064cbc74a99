import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { BallotsModule } from '../ballots/ballots.module';
import { VotingModule } from '../voting/voting.module';
import { FloorBallotsController } from './floor-ballots.controller';
import { FloorBallotsRepository } from './floor-ballots.repository';
import { FloorBallotsService } from './floor-ballots.service';

/** Floor ballots typed by clerks, with double entry (docs/hybrid-meetings.md). */
@Module({
  imports: [
    BallotsModule,
    AuditModule,
    IdentityModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
    VotingModule,
  ],
  controllers: [FloorBallotsController],
  providers: [FloorBallotsRepository, FloorBallotsService],
})
export class FloorModule {}
