import { Global, Module } from '@nestjs/common';
import { RedisConnection } from '../redis/redis.module';
import {
  ForecastStore,
  MemoryForecastStore,
  RedisForecastStore,
} from './forecast-store';
import { MatterForecasts } from './matter-forecasts';
import { ResultsRepository } from './results.repository';

/** What matters, campaigns and the live channel read of results: shared with the admin CLI. */
@Global()
@Module({
  providers: [
    ResultsRepository,
    MatterForecasts,
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
  exports: [ResultsRepository, MatterForecasts],
})
export class ResultsCoreModule {}
