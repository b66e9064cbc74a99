import Redis from 'ioredis';
import pg from 'pg';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './services';

/** Fails the whole run at once when PostgreSQL or Redis cannot be reached. */
export default async function globalSetup(): Promise<void> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the tests and is unreachable at ${TEST_DATABASE_URL}: ${String(error)}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is required for the tests and is unreachable at ${TEST_REDIS_URL}: ${String(error)}`,
      { cause: error },
    );
  } finally {
    redis.disconnect();
  }
}
