import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_DATABASE_URL } from './services';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export function newDatabaseName(base = 'lv_test'): string {
  return `${base}_${randomBytes(6).toString('hex')}`;
}

/** The test server's URL with the database `name`. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own for one test file, dropped afterwards: a copy of the run's migrated
 * template (global-setup.ts), so the gateway finds its migrations applied and runs none.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = newDatabaseName();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      `create database ${name} template ${inject('templateDatabase')}`,
    );
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
