import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { RedisConnection } from '../redis/redis.module';
import { LiveTallies } from './live-tallies';
import { LiveVotingRepository } from './live-voting.repository';
import { MatterClose } from './matter-close';
import { MatterDirectory } from './matter-directory';
import { MatterEvents } from './matter-events';
import { MatterLifecycle } from './matter-lifecycle';
import { MatterStates } from './matter-states';
import { ResultsModule } from '../results/results.module';
import { MatterResults } from './matter-results';
import { SignOffController } from './sign-off.controller';
import { SignOffService } from './sign-off.service';
import { TieBreakService } from './tie-break.service';
import { MemoryTallyStore, RedisTallyStore, TallyStore } from './tally-store';
import { VotingController } from './voting.controller';

/**
 * Live voting: the matter lifecycle, the close, running tallies and their sequence numbers
 * (in Redis when configured); ballots come in through BallotsModule, which imports this one. Deadlines are DeadlinesModule's, which
 * listens to MatterEvents.
 */
@Module({
  imports: [
    AuditModule,
    BroadcastModule,
    IdentityModule,
    MattersModule,
    MeetingsModule,
    PresenceModule,
    ResultsModule,
  ],
  controllers: [SignOffController, VotingController],
  providers: [
    LiveTallies,
    LiveVotingRepository,
    MatterClose,
    MatterDirectory,
    MatterEvents,
    MatterLifecycle,
    MatterResults,
    MatterStates,
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
    LiveTallies,
    LiveVotingRepository,
    MatterClose,
    MatterDirectory,
    MatterEvents,
    BroadcastModule,
    MatterResults,
    ResultsModule,
  ],
})
export class VotingModule {}
