import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from './services';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own for one test file, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `lv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
