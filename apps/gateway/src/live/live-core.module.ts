import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { IdentityModule } from '../identity/identity.module';
import { PresenceReader } from '../meetings/presence-reader';
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
import { LiveBroadcaster } from './live-broadcaster';
import { LiveTokens } from './live-tokens';
import {
  MemoryPresenceTracker,
  PresenceTracker,
  RedisPresenceTracker,
} from './presence-tracker';

/** The shared live state, each part in Redis when configured and in memory otherwise. */
@Global()
@Module({
  imports: [
    IdentityModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      // a KeyObject: given a string, jsonwebtoken first tries it as a PEM public key on every verify
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
      }),
    }),
  ],
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
    { provide: PresenceReader, useExisting: PresenceTracker },
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
    PresenceReader,
    SequenceStore,
    TallyStore,
  ],
})
export class LiveCoreModule {}
