import { Global, Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { RedisConnection } from '../redis/redis.module';
import {
  MemorySequenceStore,
  RedisSequenceStore,
  SequenceStore,
} from '../voting/sequence';
import {
  MemoryTallyStore,
  RedisTallyStore,
  TallyStore,
} from '../voting/tally-store';
import { LiveBroadcaster } from '../broadcast/live-broadcaster';
import { LiveTokens } from '../identity/live-tokens';
import {
  MemoryPresenceTracker,
  PresenceTracker,
  RedisPresenceTracker,
} from '../presence/presence-tracker';
import { JwtSigningModule } from '../identity/jwt-signing.module';

/** The shared live state, each part in Redis when configured and in memory otherwise. */
@Global()
@Module({
  imports: [IdentityModule, JwtSigningModule],
  providers: [
    LiveBroadcaster,
    LiveTokens,
    {
      provide: PresenceTracker,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisPresenceTracker(redis.client, redis.prefix)
          : new MemoryPresenceTracker(),
    },
    {
      provide: SequenceStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisSequenceStore(redis.client, (id) => redis.key('seq', id))
          : new MemorySequenceStore(),
    },
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
    LiveBroadcaster,
    LiveTokens,
    PresenceTracker,
    SequenceStore,
    TallyStore,
  ],
})
export class LiveCoreModule {}
