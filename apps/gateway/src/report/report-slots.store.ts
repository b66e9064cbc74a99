import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis.module';

/** A render slot of an account's, held until given back. */
export interface ReportSlot {
  release(): Promise<void>;
}

/**
 * How long a slot outlives the last sign that its render is alive: a node that dies mid-render
 * leaks its slot for this long at most; a live render renews it every third of it.
 */
const SLOT_TTL_MS = 30_000;

const RENEW = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0`;

/**
 * At most REPORT_RENDERS_PER_ACCOUNT report renders per account at once: across the nodes
 * with Redis (one key per slot, taken with SET NX and an expiry), on this node without it.
 */
@Injectable()
export class ReportSlotsStore {
  private readonly logger = new Logger(ReportSlotsStore.name);
  private readonly local = new Map<string, number>();

  constructor(
    private readonly redis: RedisConnection,
    private readonly config: AppConfig,
  ) {}

  /** One of the account's slots, or null when every one is taken. */
  async acquire(accountId: string): Promise<ReportSlot | null> {
    if (this.redis.client) {
      try {
        return await this.acquireShared(accountId);
      } catch (error) {
        // Redis down: each node still caps its own renders
        this.logger.warn(`report slots: ${(error as Error).message}`);
      }
    }
    return this.acquireLocal(accountId);
  }

  private acquireLocal(accountId: string): ReportSlot | null {
    const held = this.local.get(accountId) ?? 0;
    if (held >= this.config.reports.rendersPerAccount) return null;
    this.local.set(accountId, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return Promise.resolve();
        released = true;
        const left = (this.local.get(accountId) ?? 1) - 1;
        if (left > 0) this.local.set(accountId, left);
        else this.local.delete(accountId);
        return Promise.resolve();
      },
    };
  }

  private async acquireShared(accountId: string): Promise<ReportSlot | null> {
    const client = this.redis.client!;
    const token = randomUUID();
    for (let i = 0; i < this.config.reports.rendersPerAccount; i++) {
      const key = this.redis.key('report', 'slot', accountId, String(i));
      if (!(await client.set(key, token, 'PX', SLOT_TTL_MS, 'NX'))) continue;
      const renew = setInterval(() => {
        client.eval(RENEW, 1, key, token, SLOT_TTL_MS).catch(() => undefined);
      }, SLOT_TTL_MS / 3);
      renew.unref();
      return {
        release: async () => {
          clearInterval(renew);
          // when this fails the slot expires on its own
          await client.eval(RELEASE, 1, key, token).catch(() => undefined);
        },
      };
    }
    return null;
  }
}
