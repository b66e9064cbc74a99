import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { RedisConnection } from '../redis/redis.module';
import { LiveTalliesService } from './live-tallies.service';
import { LiveVotingRepository } from './live-voting.repository';
import { MatterCloseService } from './matter-close.service';
import { MatterDirectoryStore } from './matter-directory.store';
import { MatterEventsRegistry } from './matter-events.registry';
import { MatterLifecycleService } from './matter-lifecycle.service';
import { MatterStatesService } from './matter-states.service';
import { ResultsModule } from '../results/results.module';
import { MatterResultsService } from './matter-results.service';
import { SignOffController } from './sign-off.controller';
import { SignOffService } from './sign-off.service';
import { TieBreakService } from './tie-break.service';
import { MemoryTallyStore, RedisTallyStore, TallyStore } from './tally.store';
import { VotingController } from './voting.controller';

/**
 * Live voting: the matter lifecycle, the close, running tallies and their sequence numbers
 * (in Redis when configured); ballots come in through BallotsModule, which imports this one. Deadlines are DeadlinesModule's, which
 * listens to MatterEventsRegistry.
 */
@Module({
  imports: [
    AuditModule,
    BroadcastModule,
    IdentityModule,
    MattersModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
    ResultsModule,
  ],
  controllers: [SignOffController, VotingController],
  providers: [
    LiveTalliesService,
    LiveVotingRepository,
    MatterCloseService,
    MatterDirectoryStore,
    MatterEventsRegistry,
    MatterLifecycleService,
    MatterResultsService,
    MatterStatesService,
    SignOffService,
    TieBreakService,
    {
      provide: TallyStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisTallyStore(redis.client, (id) => redis.key('tally', id))
          : new MemoryTallyStore(),
    },
  ],
  exports: [
    AuditModule,
    LiveTalliesService,
    LiveVotingRepository,
    MatterCloseService,
    MatterDirectoryStore,
    MatterEventsRegistry,
    BroadcastModule,
    MatterResultsService,
    ResultsModule,
  ],
})
export class VotingModule {}
