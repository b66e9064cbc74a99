import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { PresenceModule } from '../presence/presence.module';
import { RedisConnection } from '../redis/redis.module';
import { ResultsModule } from '../results/results.module';
import { LivePresenceService } from './live-presence.service';
import { PresentUnitsService } from './present-units.service';
import { QuorumService } from './quorum.service';
import {
  MemorySentFiguresStore,
  RedisSentFiguresStore,
  SentFiguresStore,
} from './sent-figures.store';

/**
 * A meeting's quorum and the units it counts (present, or represented by proxy), and the
 * coalesced presence and quorum broadcasts (docs/live-protocol.md, "Presence and quorum").
 */
@Module({
  imports: [PresenceModule, ResultsModule, BroadcastModule],
  providers: [
    {
      provide: SentFiguresStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisSentFiguresStore(redis.client, (kind, id) =>
              redis.key(kind, id),
            )
          : new MemorySentFiguresStore(),
    },
    LivePresenceService,
    PresentUnitsService,
    QuorumService,
  ],
  exports: [LivePresenceService, PresentUnitsService, QuorumService],
})
export class QuorumModule {}
