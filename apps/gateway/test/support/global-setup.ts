import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/database/database';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './services';
import { databaseUrl, newDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database the gateway migrated once for this run, which each file's database copies. */
    templateDatabase: string;
  }
}

/**
 * Fails the whole run at once when PostgreSQL or Redis cannot be reached, then migrates one
 * template database: a file's database is a copy of it (createTestDatabase), not 23 migrations
 * run again per file. Dropped when the run ends.
 */
export default async function globalSetup(
  project: TestProject,
): Promise<() => Promise<void>> {
  await reachPostgres();
  await reachRedis();
  const template = await migratedTemplate();
  project.provide('templateDatabase', template);
  return () => dropDatabase(template);
}

async function reachPostgres(): Promise<void> {
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
}

async function reachRedis(): Promise<void> {
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

/** An empty database migrated by the gateway's own start-up path, every connection closed. */
async function migratedTemplate(): Promise<string> {
  const name = newDatabaseName('lv_template');
  await admin((client) => client.query(`create database ${name}`));
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-template-'));
  try {
    const database = await openDatabase({
      url: databaseUrl(name),
      dataDir,
      poolSize: 1,
      batchConnections: 1,
    });
    await database.close();
  } catch (error) {
    await dropDatabase(name);
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return name;
}

async function dropDatabase(name: string): Promise<void> {
  await admin((client) =>
    client.query(`drop database if exists ${name} with (force)`),
  );
}

async function admin(fn: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
