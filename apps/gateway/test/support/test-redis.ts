import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
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
  const prefix = `lvtest:${randomBytes(6).toString('hex')}`;
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  return {
    url: TEST_REDIS_URL,
    prefix,
    client,
    async cleanup() {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(
          cursor,
          'MATCH',
          `${prefix}:*`,
          'COUNT',
          500,
        );
        if (keys.length) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await client.quit();
    },
  };
}
