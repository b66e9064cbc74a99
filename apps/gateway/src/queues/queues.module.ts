import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';

/** BullMQ's connection options from a redis:// or rediss:// URL. */
export function bullConnection(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

const roots = new WeakMap<AppConfig, DynamicModule>();

/**
 * BullMQ's root: the Redis connection and key prefix every queue of the process uses. Each
 * module with a queue imports it (with Redis only; without, its in-process adapter needs
 * none) beside `BullModule.registerQueue`. One module per configuration, whoever imports it:
 * Nest tells dynamic modules apart by reference.
 */
@Module({})
export class QueuesModule {
  static register(config: AppConfig): DynamicModule {
    const url = config.redis.url;
    if (!url) throw new Error('BullMQ queues need REDIS_URL');
    let root = roots.get(config);
    if (!root) {
      root = {
        module: QueuesModule,
        imports: [
          BullModule.forRoot({
            connection: bullConnection(url),
            prefix: `${config.redis.prefix}:bull`,
          }),
        ],
      };
      roots.set(config, root);
    }
    return root;
  }
}
