import { Module } from '@nestjs/common';
import { RedisConnection } from '../redis/redis.module';
import { LiveBroadcastService } from './live-broadcast.service';
import { ScreenQuestionsRegistry } from './screen-questions.registry';
import {
  MemorySequenceStore,
  RedisSequenceStore,
  SequenceStore,
} from './sequence.store';

/**
 * The one emitter of live events (the live gateway attaches the socket.io namespace to it) and
 * the sequence numbers that order each matter's events (in Redis when configured), and the
 * question on each meeting's big screen for snapshots.
 */
@Module({
  providers: [
    LiveBroadcastService,
    ScreenQuestionsRegistry,
    {
      provide: SequenceStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisSequenceStore(redis.client, (id) => redis.key('seq', id))
          : new MemorySequenceStore(),
    },
  ],
  exports: [LiveBroadcastService, ScreenQuestionsRegistry, SequenceStore],
})
export class BroadcastModule {}
