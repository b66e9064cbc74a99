import { Injectable } from '@nestjs/common';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis.module';
import { AuthException } from './auth.exception';

/**
 * The Auth API's own limit: attempts a minute per username and per client address.
 * Held in Redis when configured, so every gateway node counts against the same budget.
 */
@Injectable()
export class AuthRateLimiter {
  private readonly perUser: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(config: AppConfig, redis: RedisConnection) {
    const make = (name: string, points: number): RateLimiterAbstract =>
      redis.client
        ? new RateLimiterRedis({
            storeClient: redis.client,
            keyPrefix: redis.key('ratelimit', name),
            points,
            duration: 60,
          })
        : new RateLimiterMemory({ keyPrefix: name, points, duration: 60 });
    this.perUser = make('auth-user', config.auth.rateLimitPerUser);
    this.perIp = make('auth-ip', config.auth.rateLimitPerIp);
  }

  /** Counts one attempt; throws a 429 with Retry-After when a budget is spent. */
  async consume(ip: string, username?: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
      if (username) await this.perUser.consume(username.trim().toLowerCase());
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw AuthException.rateLimited(
          Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        );
      }
      throw rejection;
    }
  }
}
