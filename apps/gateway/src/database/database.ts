import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Logger } from '@nestjs/common';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle shared by the pg and PGlite drivers: repositories speak only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = resolve(__dirname, '../../drizzle');
const MIGRATION_LOCK = 7_426_011; // pg_advisory_lock key: one node migrates at a time

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
  ) {
    super();
  }

  get db(): Db {
    return this.scope.getStore() ?? this.root;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return fn();
    return this.root.transaction((tx) =>
      this.scope.run(tx as unknown as Db, fn),
    );
  }

  async ping(): Promise<void> {
    await this.root.execute(sql`select 1`);
  }

  close(): Promise<void> {
    return this.closer();
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
  pool.on('error', (error) =>
    new Logger('Database').error(`idle client error: ${error.message}`),
  );
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
  const db = drizzle(pool, { schema }) as unknown as Db;
  return new Database(db, 'postgres', () => pool.end());
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
