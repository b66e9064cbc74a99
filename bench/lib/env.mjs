// The shared services of a bench run: a fresh PostgreSQL database and a Redis key prefix of its own.
import { randomBytes } from 'node:crypto';
import { deleteKeys, redisPrefix } from '../../scripts/lib/processes.mjs';
import { need } from './deps.mjs';

export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL =
  process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

/** A new empty database, dropped by drop(). */
export async function createDatabase() {
  const { Client } = need('pg');
  const name = `lv_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A key prefix of its own; cleanup() deletes every key under it. */
export function createRedisPrefix() {
  const Redis = need('ioredis');
  const prefix = redisPrefix('lvbench');
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  return {
    url: REDIS_URL,
    prefix,
    client,
    async cleanup() {
      await deleteKeys(client, prefix, 1000);
      await client.quit();
    },
  };
}

/**
 * Runs fn with a fresh database and Redis prefix, always cleaned up afterwards; with
 * BENCH_KEEP_DATABASE=1 the database stays (for EXPLAIN afterwards; drop it yourself).
 */
export async function withServices(fn) {
  const database = await createDatabase();
  const redis = createRedisPrefix();
  try {
    return await fn({ database, redis });
  } finally {
    await redis
      .cleanup()
      .catch((error) => log(`redis cleanup failed: ${error}`));
    if (process.env.BENCH_KEEP_DATABASE === '1')
      log(`database kept: ${database.url}`);
    else
      await database
        .drop()
        .catch((error) => log(`database drop failed: ${error}`));
  }
}

/** Progress goes to stderr; stdout carries only the one JSON line. */
export function log(message) {
  process.stderr.write(
    `[bench ${new Date().toISOString().slice(11, 23)}] ${message}\n`,
  );
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
