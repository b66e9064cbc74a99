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
 * Attempts a minute per key, under `name`. Held in Redis when configured, so every gateway
 * node counts against the same budget; in process otherwise (the embedded default).
 */
export function minuteBudget(
  redis: RedisConnection,
  name: string,
  points: number,
): RateLimiterAbstract {
  return windowBudget(redis, name, points, 60);
}

/** As minuteBudget, over a window of `seconds`. */
export function windowBudget(
  redis: RedisConnection,
  name: string,
  points: number,
  seconds: number,
): RateLimiterAbstract {
  return redis.client
    ? new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: redis.key('ratelimit', name),
        points,
        duration: seconds,
      })
    : new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
}

/**
 * Counts one attempt against each budget, in turn; resolves to null, or to the seconds to
 * wait (for Retry-After) when one of them is spent.
 */
export async function spend(
  ...attempts: [RateLimiterAbstract, string][]
): Promise<number | null> {
  try {
    for (const [budget, key] of attempts) await budget.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes)
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/** Gives back the attempt `spend` counted, e.g. once a caller has proven who it is. */
export async function refund(
  ...attempts: [RateLimiterAbstract, string][]
): Promise<void> {
  for (const [budget, key] of attempts) await budget.reward(key, 1);
}

/** The Auth API's own limit: attempts a minute per username and per client address. */
@Injectable()
export class AuthRateLimitService {
  private readonly perUser: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(config: AppConfig, redis: RedisConnection) {
    this.perUser = minuteBudget(
      redis,
      'auth-user',
      config.auth.rateLimitPerUser,
    );
    this.perIp = minuteBudget(redis, 'auth-ip', config.auth.rateLimitPerIp);
  }

  /** Counts one attempt; throws a 429 with Retry-After when a budget is spent. */
  async consume(ip: string, username?: string): Promise<void> {
    const attempts: [RateLimiterAbstract, string][] = [[this.perIp, ip]];
    if (username) attempts.push([this.perUser, username.trim().toLowerCase()]);
    const retryAfter = await spend(...attempts);
    if (retryAfter !== null) throw AuthException.rateLimited(retryAfter);
  }

  /**
   * Gives the client address its attempt back: a refresh with a live token costs nothing,
   * as every tab of a browser refreshes from the same cookie when it opens.
   */
  async giveBack(ip: string): Promise<void> {
    await refund([this.perIp, ip]);
  }
}
