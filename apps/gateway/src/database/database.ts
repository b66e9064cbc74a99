import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Logger } from '@nestjs/common';
import type { Logger as QueryLogger } from 'drizzle-orm/logger';
import { ApiException } from '../common/api-exception';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle shared by the pg and PGlite drivers: repositories speak only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_DIR = resolve(__dirname, '../../drizzle');
const MIGRATION_LOCK = 7_426_011; // pg_advisory_lock key: one node migrates at a time
const PROBE_MS = 250;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** PostgreSQL cannot be reached: a 503 the client may retry, never a 500. */
export class DatabaseUnavailableException extends ApiException {
  constructor() {
    super(
      503,
      'store_unavailable',
      'The database is unreachable; retry shortly.',
      { 'retry-after': '1' },
    );
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** A lost or refused connection (not a failing statement), looked for along the cause chain. */
export function isConnectionError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === 'string' &&
      (CONNECTION_CODES.has(code) || code.startsWith('08'))
    )
      return true;
    if (
      typeof message === 'string' &&
      message.includes('Connection terminated')
    )
      return true;
    current = cause;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL error, looked for along the cause chain (drizzle wraps it). */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, severity, cause } = current as {
      code?: unknown;
      severity?: unknown;
      cause?: unknown;
    };
    // a server's error answer (it has a severity), not a socket error such as EPIPE
    if (typeof code === 'string' && typeof severity === 'string') return code;
    current = cause;
  }
  return undefined;
}

/**
 * Whether PostgreSQL answers. Lost on a dropped or refused connection; from then on queries
 * fail fast with 503 while a probe retries every PROBE_MS, and the first good probe (or ping)
 * lets them through again.
 */
export class Availability {
  private readonly logger = new Logger('Database');
  private lostAt?: number;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly probe: () => Promise<void>) {}

  get reachable(): boolean {
    return this.lostAt === undefined;
  }

  lost(error: unknown): void {
    if (this.stopped || this.lostAt !== undefined) return;
    this.lostAt = Date.now();
    this.logger.error(`database unreachable: ${String(error)}`);
    this.check(0);
  }

  async ping(): Promise<void> {
    try {
      await this.probe();
    } catch (error) {
      if (isConnectionError(error)) this.lost(error);
      throw error;
    }
    this.regained();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private regained(): void {
    if (this.lostAt === undefined) return;
    this.logger.log(
      `database reachable again after ${Date.now() - this.lostAt} ms`,
    );
    this.lostAt = undefined;
    clearTimeout(this.timer);
  }

  private check(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.probe().then(
        () => this.regained(),
        () => {
          if (!this.reachable && !this.stopped) this.check(PROBE_MS);
        },
      );
    }, delay);
    this.timer.unref();
  }
}

/**
 * The open database: PostgreSQL through node-postgres when a URL is configured, PGlite in the
 * data directory otherwise. `db` is the current transaction when inside `transaction()`.
 */
export abstract class UnitOfWork {
  /** Runs fn in one transaction; nested calls join the outer one. */
  abstract run<T>(fn: () => Promise<T>): Promise<T>;
}

export class Database extends UnitOfWork {
  private readonly scope = new AsyncLocalStorage<Db>();

  constructor(
    private readonly root: Db,
    readonly kind: 'postgres' | 'pglite',
    private readonly closer: () => Promise<void>,
    private readonly availability?: Availability,
  ) {
    super();
  }

  get db(): Db {
    return this.scope.getStore() ?? this.root;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return fn();
    const availability = this.availability;
    if (availability && !availability.reachable)
      return Promise.reject(new DatabaseUnavailableException());
    return this.root
      .transaction((tx) => this.scope.run(tx as unknown as Db, fn))
      .catch((error: unknown) => {
        if (!availability || error instanceof ApiException) throw error;
        if (!isConnectionError(error)) throw error;
        availability.lost(error);
        throw new DatabaseUnavailableException();
      });
  }

  async ping(): Promise<void> {
    if (this.availability) await this.availability.ping();
    else await this.root.execute(sql`select 1`);
  }

  async close(): Promise<void> {
    this.availability?.stop();
    await this.closer();
  }
}

export interface OpenDatabaseOptions {
  url?: string;
  dataDir: string;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(
  options: OpenDatabaseOptions,
): Promise<Database> {
  const database = options.url
    ? await openPostgres(
        options.url,
        options.poolSize ?? 10,
        options.migrate ?? true,
      )
    : await openPglite(options.dataDir, options.migrate ?? true);
  return database;
}

async function openPostgres(
  url: string,
  poolSize: number,
  migrate: boolean,
): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max: poolSize });
  const availability = new Availability(async () => {
    const client = await pool.connect();
    try {
      await client.query('select 1');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  });
  pool.on('error', (error) => {
    new Logger('Database').error(`idle client error: ${error.message}`);
    availability.lost(error);
  });
  // drizzle queries outside a transaction go through pool.query: watch them for lost connections
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: typeof query }).query = (...args) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (isConnectionError(error)) availability.lost(error);
      throw error;
    });
  };
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
  const db = drizzle(pool, { schema, logger: gate }) as unknown as Db;
  return new Database(db, 'postgres', () => pool.end(), availability);
}

async function openPglite(
  dataDir: string,
  migrate: boolean,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db, { migrationsFolder: MIGRATIONS_DIR });
  }
  return new Database(db as unknown as Db, 'pglite', () => client.close());
}
