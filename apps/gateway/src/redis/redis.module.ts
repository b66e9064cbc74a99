import {
  Global,
  Inject,
  Logger,
  Module,
  OnApplicationShutdown,
} from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

/** The shared Redis connection, or none on the embedded default (single node). */
export class RedisConnection {
  constructor(
    readonly client: Redis | null,
    readonly prefix: string,
  ) {}

  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  async ping(): Promise<void> {
    if (this.client) await this.client.ping();
  }
}

/**
 * The RedisConnection. Global: one connection per process, shared by every part that keeps
 * state across nodes (presence, tallies, sessions, rate limits), and none without REDIS_URL.
 */
@Global()
@Module({
  providers: [
    {
      provide: RedisConnection,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.redis.url)
          return new RedisConnection(null, config.redis.prefix);
        const client = new Redis(config.redis.url, {
          maxRetriesPerRequest: 2,
          enableOfflineQueue: true,
        });
        const logger = new Logger('Redis');
        client.on('error', (error) => logger.warn(`redis: ${error.message}`));
        return new RedisConnection(client, config.redis.prefix);
      },
    },
  ],
  exports: [RedisConnection],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(RedisConnection) private readonly redis: RedisConnection,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.client
      ?.quit()
      .catch(() => this.redis.client?.disconnect());
  }
}
