import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { RedisConnection } from '../redis/redis.module';
import { LivePresence } from './live-presence';
import {
  MemoryPresenceTracker,
  PresenceTracker,
  RedisPresenceTracker,
} from './presence-tracker';
import { PresenceRepository } from './presence.repository';
import { PresentUnits } from './present-units';
import { QuorumCounter } from './quorum-counter';
import {
  MemorySentFigures,
  RedisSentFigures,
  SentFigures,
} from './sent-figures';

/** Who is connected to each meeting (in Redis when configured, across nodes), and its quorum. */
@Module({
  imports: [ResultsModule, BroadcastModule],
  providers: [
    {
      provide: PresenceTracker,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisPresenceTracker(redis.client, redis.prefix)
          : new MemoryPresenceTracker(),
    },
    {
      provide: SentFigures,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisSentFigures(redis.client, (kind, id) =>
              redis.key(kind, id),
            )
          : new MemorySentFigures(),
    },
    LivePresence,
    PresenceRepository,
    PresentUnits,
    QuorumCounter,
  ],
  exports: [PresenceTracker, LivePresence, PresentUnits, QuorumCounter],
})
export class PresenceModule {}
