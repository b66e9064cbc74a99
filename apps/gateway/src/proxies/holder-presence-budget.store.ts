import { Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { minuteBudget, spend } from '../identity/auth-rate-limit.service';
import { RedisConnection } from '../redis/redis.module';
import { ProxyErrorCode, ProxyException } from './proxies.exception';

/**
 * How often a holder may check itself in or out from its page, shared by every node: each
 * change moves the quorum every client watches (docs/proxies.md, "Quorum").
 */
@Injectable()
export class HolderPresenceBudgetStore {
  private readonly perHolder: RateLimiterAbstract;

  constructor(config: AppConfig, redis: RedisConnection) {
    this.perHolder = minuteBudget(
      redis,
      'holder-presence',
      config.holderPresencePerMinute,
    );
  }

  /** Counts one change; throws 429 `rate_limited` with Retry-After beyond the budget. */
  async spend(holderId: string): Promise<void> {
    const retryAfter = await spend([this.perHolder, holderId]);
    if (retryAfter !== null)
      throw new ProxyException(ProxyErrorCode.RateLimited, {
        'retry-after': String(retryAfter),
      });
  }
}
