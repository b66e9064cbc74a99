import { Module } from '@nestjs/common';
import { RedisConnection } from '../redis/redis.module';
import { LiveBroadcaster } from './live-broadcaster';
import { ScreenQuestions } from './screen-questions';
import {
  MemorySequenceStore,
  RedisSequenceStore,
  SequenceStore,
} from './sequence';

/**
 * The one emitter of live events (the live gateway attaches the socket.io namespace to it) and
 * the sequence numbers that order each matter's events (in Redis when configured), and the
 * question on each meeting's big screen for snapshots.
 */
@Module({
  providers: [
    LiveBroadcaster,
    ScreenQuestions,
    {
      provide: SequenceStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisSequenceStore(redis.client, (id) => redis.key('seq', id))
          : new MemorySequenceStore(),
    },
  ],
  exports: [LiveBroadcaster, ScreenQuestions, SequenceStore],
})
export class BroadcastModule {}
