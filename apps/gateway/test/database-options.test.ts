import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDatabase,
  rowsOf,
  withoutJit,
  type Database,
} from '../src/database/database';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The server options every pooled PostgreSQL connection of the gateway opens with. */
describe('PostgreSQL connection options', () => {
  let database: TestDatabase;
  let dataDir: string;
  let store: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'lv-db-options-'));
    const url = new URL(database.url);
    // an operator's own option in the URL
    url.searchParams.set('options', '-c statement_timeout=7000');
    store = await openDatabase({ url: url.toString(), dataDir, poolSize: 2 });
  });

  afterAll(async () => {
    await store?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const setting = async (name: 'jit' | 'statement_timeout') =>
    rowsOf<{ value: string }>(
      await store.db.execute(sql`select current_setting(${name}) as value`),
    )[0].value;

  it('turns JIT off on pooled statements and in transactions, keeping the URL’s own options', async () => {
    expect(await setting('jit')).toBe('off');
    expect(await setting('statement_timeout')).toBe('7s');
    // a transaction runs on a client of its own from the pool
    expect(await store.run(() => setting('jit'))).toBe('off');
  });

  it('adds JIT off to whatever options a URL carries', () => {
    const options = (url: string) =>
      new URL(withoutJit(url)).searchParams.get('options');
    expect(options('postgres://u@h/db')).toBe('-c jit=off');
    expect(options('postgres://u@h/db?options=-c%20search_path%3Dlv')).toBe(
      '-c search_path=lv -c jit=off',
    );
  });
});
