import { Module } from '@nestjs/common';
import { RedisConnection } from '../redis/redis.module';
import {
  MemoryPresenceStore,
  PresenceStore,
  RedisPresenceStore,
} from './presence.store';
import { PresenceRepository } from './presence.repository';

/** Who is connected to each meeting (in Redis when configured, across nodes), and who attended. */
@Module({
  providers: [
    {
      provide: PresenceStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisPresenceStore(redis.client, redis.prefix)
          : new MemoryPresenceStore(),
    },
    PresenceRepository,
  ],
  exports: [PresenceStore, PresenceRepository],
})
export class PresenceModule {}
