import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { RedisConnection } from '../redis/redis.module';
import {
  ForecastStore,
  MemoryForecastStore,
  RedisForecastStore,
} from './forecast.store';
import { MatterForecastsService } from './matter-forecasts.service';
import { ResultsRepository } from './results.repository';

/**
 * What matters, campaigns, the report and the live channel read of results (docs/verdicts.md):
 * stored results and the forecasts of live matters. The verdict itself is worked out by
 * voting/matter-results.service.ts when a matter closes.
 */
@Module({
  imports: [BroadcastModule],
  providers: [
    ResultsRepository,
    MatterForecastsService,
    {
      provide: ForecastStore,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisForecastStore(redis.client, (id) =>
              redis.key('forecast', id),
            )
          : new MemoryForecastStore(),
    },
  ],
  exports: [ResultsRepository, MatterForecastsService],
})
export class ResultsModule {}
