import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
} from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Logger as QueryLogger } from 'drizzle-orm/logger';
import { ApiException } from '../common/api-exception';
import { isUuid } from '../common/ids';
import {
  DatabaseUnavailableException,
  isConnectionError,
} from './availability';
import { PostgresConnections } from './postgres-connections';
import { binaryUuidArray } from './uuid-array';
import { lockPglite } from './pglite-lock';
import * as schema from './schema';

export {
  Availability,
  causeMessage,
  DatabaseUnavailableException,
  isConnectionError,
  sqlState,
} from './availability';

export type Schema = typeof schema;
/** The drizzle handle shared by the pg and PGlite drivers: repositories speak only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_DIR = resolve(__dirname, '../../drizzle');
const MIGRATION_LOCK = 7_426_011; // pg_advisory_lock key: one node migrates at a time
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
/** Renders a prepared statement's SQL to its text and parameters (no connection of its own). */
const dialect = new PgDialect();

/**
 * The open database: PostgreSQL through node-postgres when a URL is configured, PGlite in the
 * data directory otherwise. `db` is the current transaction when inside `transaction()`.
 */
const afterCommitLogger = new Logger('UnitOfWork');
const logAfterCommit = (error: unknown) =>
  afterCommitLogger.warn(`work after a commit failed: ${String(error)}`);

export abstract class UnitOfWork {
  /** Runs fn in one transaction; nested calls join the outer one. */
  abstract run<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs work once the current transaction has committed, before its `run` resolves (never if
   * it rolls back); outside a transaction, at once. Its failure is logged, not thrown: what it
   * follows has committed.
   */
  abstract afterCommit(work: () => Promise<void>): Promise<void>;
}

type Transact = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

/** A transaction as the work begun inside it sees it: `open` until its function settles. */
interface Frame {
  tx: Db;
  open: boolean;
  /** UnitOfWork.afterCommit's work, in the order given. */
  after: (() => Promise<void>)[];
}

/**
 * The current transaction follows the work begun inside it, a timer or a queued group
 * included (AsyncLocalStorage). Such work may run after the transaction ended, when its
 * pooled client serves another request's transaction: it then uses the pool, and never that
 * client (docs/architecture.md, "One transaction per command").
 */
export class Database extends UnitOfWork {
  private readonly scope = new AsyncLocalStorage<Frame>();
  private readonly transact: Transact;

  constructor(
    private readonly root: Db,
    readonly kind: 'postgres' | 'pglite',
    private readonly closer: () => Promise<void>,
    private readonly postgres?: {
      pool: Pool;
      connections: PostgresConnections;
      /** The ballot batches' own connections (`executeBatch`). */
      batches: { pool: Pool; connections: PostgresConnections };
      transact: Transact;
    },
  ) {
    super();
    this.transact =
      postgres?.transact ??
      ((fn) => root.transaction((tx) => fn(tx as unknown as Db)));
  }

  get db(): Db {
    const frame = this.scope.getStore();
    return frame?.open ? frame.tx : this.root;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()?.open) return fn();
    if (this.postgres && !this.postgres.connections.availability.reachable)
      return Promise.reject(new DatabaseUnavailableException());
    return this.attempt(fn, 1);
  }

  afterCommit(work: () => Promise<void>): Promise<void> {
    const frame = this.scope.getStore();
    if (frame?.open) {
      frame.after.push(work);
      return Promise.resolve();
    }
    return work().catch((error: unknown) => logAfterCommit(error));
  }

  /**
   * Runs fn with its statements marked safe to run twice: after a lost connection they are
   * retried once on a fresh one. Only for statements that are (an upsert keyed by ids that a
   * second run finds already written, for instance).
   */
  idempotent<T>(fn: () => PromiseLike<T>): Promise<T> {
    const postgres = this.postgres;
    return postgres
      ? postgres.connections.idempotent(() =>
          postgres.batches.connections.idempotent(fn),
        )
      : Promise.resolve(fn());
  }

  /**
   * Runs a ballot batch's statement, whose text never changes, as a prepared statement named
   * `name` on the batches' own connections (BATCH_OPTIONS): each parses and plans it once, not
   * at every run. A batch of a few ballots paid more PostgreSQL time for that than for its rows
   * (docs/benchmarks-history.md, "The batch statement prepared once a connection"). Inside a
   * transaction, and on PGlite, it runs as `db.execute`. Its rows are node-postgres's:
   * timestamps as `Date`, not strings.
   */
  async executeBatch(name: string, query: SQL): Promise<unknown> {
    if (!this.postgres || this.scope.getStore()?.open)
      return this.db.execute(query);
    // what drizzle's gate does before each statement it sends
    if (!this.postgres.connections.availability.reachable)
      throw new DatabaseUnavailableException();
    const { sql: text, params } = dialect.sqlToQuery(query);
    return this.postgres.batches.pool.query({ name, text, values: params });
  }

  /**
   * The ids as a `uuid[]` value of a statement: in PostgreSQL's binary form on PostgreSQL
   * (binaryUuidArray), as the text form `{…}` on PGlite, whose driver writes parameters its
   * own way. Either way an id that is not a uuid throws before the statement is sent.
   */
  uuidArray(ids: readonly string[]): SQL {
    if (this.kind === 'postgres') return sql`${binaryUuidArray(ids)}::uuid[]`;
    // the cast alone would read "a,b" as two ids
    const bad = ids.find((id) => !isUuid(id));
    if (bad !== undefined)
      throw new TypeError(`not a uuid: ${JSON.stringify(bad)}`);
    return sql`${`{${ids.join(',')}}`}::uuid[]`;
  }

  async ping(): Promise<void> {
    if (this.postgres) await this.postgres.connections.availability.ping();
    else await this.root.execute(sql`select 1`);
  }

  async close(): Promise<void> {
    this.postgres?.connections.availability.stop();
    this.postgres?.batches.connections.availability.stop();
    await this.closer();
  }

  /** A transaction lost with its connection before fn began (at BEGIN) is begun again once. */
  private async attempt<T>(fn: () => Promise<T>, retries: number): Promise<T> {
    let began = false;
    let after: Frame['after'] = [];
    try {
      const result = await this.transact(async (tx) => {
        began = true;
        const frame: Frame = { tx, open: true, after: [] };
        after = frame.after;
        try {
          return await this.scope.run(frame, fn);
        } finally {
          frame.open = false;
        }
      });
      for (const work of after)
        await work().catch((error: unknown) => logAfterCommit(error));
      return result;
    } catch (error) {
      const connections = this.postgres?.connections;
      if (!connections || error instanceof ApiException) throw error;
      if (!isConnectionError(error)) throw error;
      connections.lost(error);
      if (!began && retries > 0) return this.attempt(fn, retries - 1);
      throw new DatabaseUnavailableException(error);
    }
  }
}

export interface OpenDatabaseOptions {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** Connections of the ballot batches (BALLOT_BATCHES_IN_FLIGHT), besides the pool. */
  batchConnections?: number;
  migrate?: boolean;
  /** Who opens an embedded database, as its lock names it ("gateway", "admin CLI"). */
  holder?: string;
}

export async function openDatabase(
  options: OpenDatabaseOptions,
): Promise<Database> {
  const database = options.url
    ? await openPostgres(
        options.url,
        options.poolSize ?? 10,
        options.batchConnections ?? 2,
        options.migrate ?? true,
      )
    : await openPglite(
        options.dataDir,
        options.migrate ?? true,
        options.holder ?? 'gateway',
      );
  return database;
}

/**
 * The connection URL with JIT compilation off, the URL's own server options kept: the
 * gateway's statements are short, and a plan PostgreSQL costs high (a quorum over 10,000
 * members) spent 20-35 ms compiling before it ran (docs/decisions.md, "Database"). In the URL,
 * since node-postgres lets a URL's options override those of its config.
 */
export function withoutJit(url: string): string {
  return withOptions(url, '-c jit=off');
}

/**
 * The server options of the ballot batches' connections. A connection keeps the plan it made
 * of the batch statement at its sixth run (a generic plan), with the tables' sizes of that
 * moment, until an ANALYZE of one of them: made while the ballot events were few, it read
 * the whole table (a sequential scan) for each of the batch's replay look-ups, at every
 * later batch (docs/benchmarks-history.md, "A plan kept from a small table"). With sequential scans
 * off, the plan probes the events' indexes whatever their size was when it was made.
 */
export const BATCH_OPTIONS = '-c enable_seqscan=off';

/** The URL with `options` added to the URL's own server options (unparsable: as it is). */
function withOptions(url: string, options: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const own = parsed.searchParams.get('options');
  parsed.searchParams.set('options', [own, options].filter(Boolean).join(' '));
  return parsed.toString();
}

async function openPostgres(
  url: string,
  poolSize: number,
  batchConnections: number,
  migrate: boolean,
): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: withoutJit(url), max: poolSize });
  const connections = new PostgresConnections(pool);
  // their own connections: no other statement runs with their options, and a batch never
  // waits for a connection behind the console's reads
  const batchPool = new Pool({
    connectionString: withOptions(withoutJit(url), BATCH_OPTIONS),
    max: batchConnections,
  });
  const batches = {
    pool: batchPool,
    connections: new PostgresConnections(batchPool),
  };
  const { availability } = connections;
  // drizzle calls logQuery before each query, outside its error wrapping: the one place where
  // a query can fail fast with an error the problem-details filter knows. Transaction control
  // passes, so a transaction that was open still rolls back and its client goes back clean.
  const gate: QueryLogger = {
    logQuery: (query) => {
      if (!availability.reachable && !TRANSACTION_CONTROL.test(query))
        throw new DatabaseUnavailableException();
    },
  };
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await run(drizzle(client, { schema }), {
        migrationsFolder: MIGRATIONS_DIR,
      });
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
        .catch(() => undefined);
      client.release();
    }
  }
  // Transactions on a client of our own rather than drizzle's pool transaction, which keeps
  // the client forever when BEGIN fails on a dead connection: the pool would shrink by one
  // for every such failure. One drizzle session per pooled client, made once.
  const sessions = new WeakMap<object, Db>();
  const transact: Transact = async (fn) => {
    const client = await pool.connect();
    try {
      let session = sessions.get(client);
      if (!session) {
        session = drizzle(client, { schema, logger: gate }) as unknown as Db;
        sessions.set(client, session);
      }
      return await session.transaction((tx) => fn(tx as unknown as Db));
    } finally {
      // a client whose connection died is not queryable: the pool drops it
      client.release();
    }
  };
  const db = drizzle(pool, { schema, logger: gate }) as unknown as Db;
  return new Database(
    db,
    'postgres',
    async () => {
      await Promise.all([pool.end(), batchPool.end()]);
    },
    { pool, connections, batches, transact },
  );
}

async function openPglite(
  dataDir: string,
  migrate: boolean,
  holder: string,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // the contrib extensions the migrations create (CREATE EXTENSION): PGlite bundles them but
  // loads only those it is given
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = lockPglite(dataDir, holder);
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const db = drizzle(client, { schema });
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      await run(db, { migrationsFolder: MIGRATIONS_DIR });
    }
    return new Database(db as unknown as Db, 'pglite', async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    });
  } catch (error) {
    unlock();
    throw error;
  }
}
