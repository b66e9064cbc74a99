import Redis from 'ioredis';
import { deleteKeys, redisPrefix } from '../../../../scripts/lib/processes.mjs';
import { TEST_REDIS_URL } from './services';

export interface TestRedis {
  url: string;
  prefix: string;
  client: Redis;
  /** Deletes every key under the prefix and disconnects. */
  cleanup(): Promise<void>;
}

/** A Redis key prefix of its own for one test file, so files never see each other's keys. */
export function createTestRedis(): TestRedis {
  const prefix = redisPrefix('lvtest');
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  return {
    url: TEST_REDIS_URL,
    prefix,
    client,
    async cleanup() {
      await deleteKeys(client, prefix);
      await client.quit();
    },
  };
}
