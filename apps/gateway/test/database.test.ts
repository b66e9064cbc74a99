import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDatabase,
  BATCH_OPTIONS,
  rowsOf,
  withoutJit,
  type Database,
} from '../src/database/database';
import {
  meetingsToSealStatement,
  pendingKeysStatement,
} from '../src/audit/chain.repository';
import { CAST_BATCH_STATEMENT } from '../src/ballots/ballots.repository';
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
    store = await openDatabase({
      url: url.toString(),
      dataDir,
      poolSize: 1,
      batchConnections: 1,
    });
  });

  afterAll(async () => {
    await store?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  type Setting = 'jit' | 'statement_timeout' | 'enable_seqscan';
  const setting = async (name: Setting) =>
    rowsOf<{ value: string }>(
      await store.db.execute(sql`select current_setting(${name}) as value`),
    )[0].value;
  /** On the ballot batches' connection (there is one here). */
  const batchSetting = async (name: Setting) =>
    rowsOf<{ value: string }>(
      await store.executeBatch(
        `probe_${name}`,
        sql`select current_setting(${name}) as value`,
      ),
    )[0].value;

  it('turns JIT off on pooled statements and in transactions, keeping the URL’s own options', async () => {
    expect(await setting('jit')).toBe('off');
    expect(await setting('statement_timeout')).toBe('7s');
    // a transaction runs on a client of its own from the pool
    expect(await store.run(() => setting('jit'))).toBe('off');
  });

  it('runs the ballot batches on connections of their own, sequential scans off there only', async () => {
    expect(await batchSetting('enable_seqscan')).toBe('off');
    expect(await batchSetting('jit')).toBe('off');
    expect(await batchSetting('statement_timeout')).toBe('7s');
    expect(await setting('enable_seqscan')).toBe('on');
    expect(await store.run(() => setting('enable_seqscan'))).toBe('on');
  });

  it('prepares a statement once a connection by its name, and runs it plainly inside a transaction', async () => {
    // asked on the batches' one connection, where the statement is prepared
    const prepared = async () =>
      rowsOf<{ name: string; calls: string | number }>(
        await store.executeBatch(
          'probe_statements',
          sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements where name = 'probe_prepared'`,
        ),
      );
    const probe = (n: number) =>
      sql`select ${n}::int + count(*)::int as n from pg_class where relname = 'no such relation'`;
    // one connection: the statement prepared on it is seen by the next statement on it
    expect(await prepared()).toEqual([]);
    for (const n of [1, 2, 3]) {
      const result = await store.executeBatch('probe_prepared', probe(n));
      expect(rowsOf<{ n: number }>(result)).toEqual([{ n }]);
    }
    const [first] = await prepared();
    expect(Number(first?.calls)).toBe(3);
    // inside a transaction it is the transaction's statement, not the pool's prepared one
    const inside = await store.run(async () =>
      rowsOf<{ n: number; ownTransaction: boolean }>(
        await store.executeBatch(
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

  it('plans the ballot batch’s replay look-ups as index probes of each input row, however small the events table was', async () => {
    // A connection keeps the generic plan made at its sixth batch until an ANALYZE. Made while
    // the events were few, a join with the batch's input became a hash join over the whole
    // table, read again by every later batch: 50 ms a batch of 5 ballots at 200,000 events
    // (docs/benchmarks-history.md, "A plan kept from a small table").
    const settings = [...BATCH_OPTIONS.matchAll(/-c (\w+)=(\w+)/g)];
    expect(settings.length).toBeGreaterThan(0);
    const replayScans = async () => {
      await store.db.execute(
        sql.raw(`prepare cast_batch_plan(jsonb) as ${CAST_BATCH_STATEMENT}`),
      );
      try {
        const plan = rowsOf<{ 'QUERY PLAN': string }>(
          await store.db.execute(
            sql`explain (costs off) execute cast_batch_plan('[]')`,
          ),
        ).map((row) => row['QUERY PLAN'].trim());
        // each scan of the events with the condition it looks up by
        return plan.flatMap((line, at) =>
          /Scan.* on ballot_events\b/.test(line)
            ? [`${line.replace(/^->\s*/, '')} | ${plan[at + 1]}`]
            : [],
        );
      } finally {
        await store.db.execute(sql`deallocate cast_batch_plan`);
      }
    };
    const probes = [
      'Index Scan using ballot_events_pkey on ballot_events e | Index Cond: (id = i.event_id)',
      'Index Scan using ballot_events_idempotency_key on ballot_events e_1 | Index Cond: ((member_id = i_1.member_id) AND (idempotency_key = i_1.idem_key))',
    ];
    // the probe's condition is member and key: they lead the index, so it reads one entry,
    // not every event of a member who re-cast in a loop
    const [index] = rowsOf<{ definition: string }>(
      await store.db.execute(
        sql`select pg_get_indexdef('ballot_events_idempotency_key'::regclass) as definition`,
      ),
    );
    expect(index.definition).toMatch(
      /UNIQUE INDEX .* \(member_id, idempotency_key, matter_id\)$/,
    );
    // thrown to roll back what the planning changed: the settings, the analyzes, the rows
    class RolledBack extends Error {}
    let plans: Record<'never' | 'analyzed' | 'few', string[]> | undefined;
    await store
      .run(async () => {
        // as on the batches' connections, and the plan a connection keeps
        for (const [, name, value] of settings)
          await store.db.execute(sql.raw(`set local ${name} = ${value}`));
        await store.db.execute(
          sql`set local plan_cache_mode = force_generic_plan`,
        );
        const never = await replayScans();
        // an analyzed empty table is costed as empty, not as ten pages
        await store.db.execute(sql`analyze ballot_events`);
        const analyzed = await replayScans();
        // a few events of many matters, analyzed: a matter's index looks as selective as the
        // idempotency key's (rows without members or matters: foreign keys off in here)
        await store.db.execute(
          sql`set local session_replication_role = replica`,
        );
        await store.db.execute(sql`
        insert into ballot_events (id, matter_id, member_id, method, choices, weight, idempotency_key, cast_at)
        select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'live', '["Yes"]', 1, n::text, now()
        from generate_series(1, 200) n`);
        await store.db.execute(sql`analyze ballot_events`);
        plans = { never, analyzed, few: await replayScans() };
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    const [left] = rowsOf<{ n: number }>(
      await store.db.execute(sql`select count(*)::int as n from ballot_events`),
    );
    expect(left.n).toBe(0);
    const { never, analyzed, few } = plans ?? {};
    expect(never).toEqual(probes);
    expect(analyzed).toEqual(probes);
    expect(few).toEqual(probes);
  });

  it('plans the sealer’s look at recent entries as index look-ups, whatever hashing would cost', async () => {
    // Without statistics on the events (a new database, before autovacuum's ANALYZE) PostgreSQL
    // hashed every event and every link for these: 66 ms a seal a second after ballots, and
    // 111 ms a sweep, at 279,000 events (docs/benchmarks-history.md, "A sweep every 30 s"). With nested
    // loops off, any join it may turn into a hash join shows here as one.
    const now = new Date();
    const statements = {
      pendingKeys: pendingKeysStatement(
        '00000000-0000-0000-0000-000000000001',
        { ballots: now, audit: now },
        50_000,
      ),
      // the sweep's seal: the audit entries of the day, the ballots of its look-back
      sweepPendingKeys: pendingKeysStatement(
        '00000000-0000-0000-0000-000000000001',
        { ballots: now, audit: new Date(now.getTime() - 86_400_000) },
        50_000,
      ),
      meetingsToSeal: meetingsToSealStatement(
        new Date(now.getTime() - 86_400_000),
        {
          from: new Date(now.getTime() - 35_000),
          byMeeting: new Map([['00000000-0000-0000-0000-000000000001', now]]),
        },
        50,
      ),
    };
    class RolledBack extends Error {}
    const plans: Record<string, string> = {};
    await store
      .run(async () => {
        await store.db.execute(sql`set local enable_nestloop = off`);
        for (const [name, statement] of Object.entries(statements))
          plans[name] = rowsOf<{ 'QUERY PLAN': string }>(
            await store.db.execute(sql`explain (costs off) ${statement}`),
          )
            .map((row) => row['QUERY PLAN'])
            .join('\n');
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(Object.keys(plans)).toEqual([
      'pendingKeys',
      'sweepPendingKeys',
      'meetingsToSeal',
    ]);
    for (const plan of Object.values(plans)) {
      expect(plan).not.toMatch(/Seq Scan on (ballot_events|audit_chain)\b/);
      expect(plan).not.toMatch(/Hash (Anti|Semi)? ?Join/);
      expect(plan).toContain('ballot_events_matter_idx');
      expect(plan).toContain('audit_chain_source_key');
    }
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

/** `Database.uuidArray`: binary on PostgreSQL, text on PGlite, the same ids either way. */
describe('A uuid[] of a statement', () => {
  let database: TestDatabase;
  let dataDir: string;
  let postgres: Database;
  let pglite: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'lv-db-uuids-'));
    postgres = await openDatabase({
      url: database.url,
      dataDir,
      poolSize: 1,
      migrate: false,
    });
    pglite = await openDatabase({ dataDir, migrate: false });
  });

  afterAll(async () => {
    await postgres?.close();
    await pglite?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ids = [
    '6f1c2b7e-0d4a-4c1e-9b3f-2a7d5e8c9f01',
    'FFEEDDCC-BBAA-4988-a766-554433221100',
    '00000000-0000-4000-8000-000000000000',
  ];
  const readBack = async (store: Database, list: string[]) =>
    rowsOf<{ ids: string[] | null; n: number }>(
      await store.db.execute(
        sql`select array_agg(x::text order by n) as ids, count(*)::int as n
            from unnest(${store.uuidArray(list)}) with ordinality as t(x, n)`,
      ),
    )[0];

  it.each(['postgres', 'pglite'] as const)(
    'reads back the ids in order, in lower case, on %s',
    async (kind) => {
      const store = kind === 'postgres' ? postgres : pglite;
      expect(store.kind).toBe(kind);

      expect(await readBack(store, ids)).toEqual({
        ids: ids.map((id) => id.toLowerCase()),
        n: 3,
      });
      expect(await readBack(store, [])).toEqual({ ids: null, n: 0 });
    },
  );

  it('finds the same 3,334 of 10,000 ids in binary as in the text form', async () => {
    const many = Array.from(
      { length: 10_000 },
      (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    );
    const probe = many.filter((_, i) => i % 3 === 0);
    const [binary, text] = await Promise.all(
      [postgres.uuidArray(many), sql`${`{${many.join(',')}}`}::uuid[]`].map(
        async (set) =>
          rowsOf<{ found: number }>(
            await postgres.db.execute(
              sql`select count(*)::int as found from unnest(${postgres.uuidArray(probe)}) p(id)
                  where p.id in (select unnest(${set}))`,
            ),
          )[0].found,
      ),
    );

    expect(binary).toBe(probe.length);
    expect(text).toBe(probe.length);
  });

  it.each(['postgres', 'pglite'] as const)(
    'refuses an id that is not a uuid on %s, two ids in one included',
    async (kind) => {
      const store = kind === 'postgres' ? postgres : pglite;
      for (const bad of [
        '6f1c2b7e-0d4a-4c1e-9b3f-2a7d5e8c9fzz',
        `${ids[0]},${ids[2]}`,
        `${ids[0]}}`,
      ])
        await expect(readBack(store, [ids[1], bad])).rejects.toThrow(
          /not a uuid/,
        );
    },
  );
});
