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

/** The gateway's PostgreSQL connections: their options, and what a transaction reaches. */
describe('PostgreSQL connections', () => {
  let database: TestDatabase;
  let dataDir: string;
  let store: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'lv-db-options-'));
    const url = new URL(database.url);
    // an operator's own option in the URL
    url.searchParams.set('options', '-c statement_timeout=7000');
    // one connection: a transaction's client is the next one's
    store = await openDatabase({ url: url.toString(), dataDir, poolSize: 1 });
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

  it('prepares a statement once a connection by its name, and runs it plainly inside a transaction', async () => {
    const prepared = async () =>
      rowsOf<{ name: string; calls: string | number }>(
        await store.db.execute(
          sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements where name = 'probe_prepared'`,
        ),
      );
    const probe = (n: number) =>
      sql`select ${n}::int + count(*)::int as n from pg_class where relname = 'no such relation'`;
    // one connection: the statement prepared on it is seen by the next statement on it
    expect(await prepared()).toEqual([]);
    for (const n of [1, 2, 3]) {
      const result = await store.executePrepared('probe_prepared', probe(n));
      expect(rowsOf<{ n: number }>(result)).toEqual([{ n }]);
    }
    const [first] = await prepared();
    expect(Number(first?.calls)).toBe(3);
    // inside a transaction it is the transaction's statement, not the pool's prepared one
    const inside = await store.run(async () =>
      rowsOf<{ n: number; ownTransaction: boolean }>(
        await store.executePrepared(
          'probe_prepared',
          sql`select 7 as n, now() = statement_timestamp() as "ownTransaction"`,
        ),
      ),
    );
    expect(inside).toEqual([{ n: 7, ownTransaction: false }]);
    // and the prepared statement was not run for it
    const [after] = await prepared();
    expect(Number(after?.calls)).toBe(3);
  });

  it('adds JIT off to whatever options a URL carries', () => {
    const options = (url: string) =>
      new URL(withoutJit(url)).searchParams.get('options');
    expect(options('postgres://u@h/db')).toBe('-c jit=off');
    expect(options('postgres://u@h/db?options=-c%20search_path%3Dlv')).toBe(
      '-c search_path=lv -c jit=off',
    );
  });

  it('sends a statement begun inside a finished transaction to the pool, never into the next transaction on its client', async () => {
    await store.db.execute(
      sql`create table scope_probe (name text primary key)`,
    );
    const insert = (name: string) =>
      store.db.execute(sql`insert into scope_probe values (${name})`);
    // work begun inside transaction A (a timer, a queued group) that runs only later
    let release!: () => void;
    let late!: Promise<unknown>;
    await store.run(async () => {
      await insert('a');
      late = new Promise<void>((resolve) => (release = resolve)).then(() =>
        insert('late'),
      );
    });
    // B has A's client (the pool's only one); the late statement starts while B is open
    await expect(
      store.run(async () => {
        await insert('b');
        release();
        await store.db.execute(sql`select 1`);
        throw new Error('B rolls back');
      }),
    ).rejects.toThrow('B rolls back');
    await late;
    const names = rowsOf<{ name: string }>(
      await store.db.execute(sql`select name from scope_probe order by name`),
    ).map((row) => row.name);
    // inside B it would have been rolled back with it
    expect(names).toEqual(['a', 'late']);
  });
});
