import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deleteKeys,
  freePort,
  redisPrefix,
  startGatewayProcess,
  type GatewayProcess,
} from '../../../../scripts/lib/processes.mjs';
import type { E2eContext } from './context';

const here = fileURLToPath(new URL('.', import.meta.url));
export const root = resolve(here, '../../../..');
export const consoleDir = resolve(here, '../..');
const gatewayDir = join(root, 'apps/gateway');
// the gateway's own database and Redis clients, so the console needs no dependency on them
const gatewayRequire = createRequire(join(gatewayDir, 'package.json'));
const pg = gatewayRequire('pg') as typeof import('pg');
const Redis = gatewayRequire('ioredis') as typeof import('ioredis').default;

const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    await deleteKeys(redis, prefix);
  } finally {
    await redis.quit();
  }
}

export interface E2eGateway {
  baseUrl: string;
  demo: E2eContext['demo'];
  /** Where the gateway writes its mail (no SMTP_URL): one `.eml` file a message. */
  outboxDir: string;
  /** Runs the admin CLI against this gateway's database and answers its `--json` report. */
  admin(...args: string[]): unknown;
  /** Stops the gateway and removes its database and Redis keys. */
  stop(): Promise<void>;
}

/**
 * Starts the built gateway as a process of its own: PostgreSQL on a fresh database, Redis
 * under a fresh prefix, the demo seeded, `env` on top (another webcast provider, say). Its
 * log goes to `test-results/<name>.log`.
 */
export async function startE2eGateway({
  name,
  env: extra = {},
}: {
  name: string;
  env?: Record<string, string>;
}): Promise<E2eGateway> {
  const id = randomBytes(5).toString('hex');
  const database = `lv_e2e_${id}`;
  await adminQuery(`create database ${database}`);
  const databaseUrl = new URL(DATABASE_URL);
  databaseUrl.pathname = `/${database}`;
  const prefix = redisPrefix('lve2e');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };

  const logDir = join(consoleDir, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const out = createWriteStream(join(logDir, `${name}.log`));
  let gateway: GatewayProcess | undefined;

  const stop = async () => {
    await gateway?.stop('SIGTERM', { killAfterMs: 10_000 });
    out.end();
    await adminQuery(`drop database if exists ${database} with (force)`).catch(
      (error: unknown) =>
        console.error(`could not drop ${database}: ${String(error)}`),
    );
    await deleteRedisKeys(prefix).catch((error: unknown) =>
      console.error(`could not clean Redis ${prefix}: ${String(error)}`),
    );
  };

  try {
    gateway = await startGatewayProcess({
      main: join(gatewayDir, 'dist/main.js'),
      cwd: root,
      port,
      env,
      readyTimeoutMs: 60_000,
      log: out,
    });
    const dataDir = gateway.dataDir;
    const admin = (...args: string[]) => {
      const result = spawnSync(
        process.execPath,
        [join(gatewayDir, 'dist/cli/main.js'), ...args, '--json'],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH ?? '',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dataDir,
            ...env,
          },
          encoding: 'utf8',
        },
      );
      if (result.status !== 0)
        throw new Error(`${args[0]} failed: ${result.stderr}`);
      return JSON.parse(result.stdout) as unknown;
    };
    const demo = admin('demo:seed', '--allow-postgres') as E2eContext['demo'];
    return {
      baseUrl,
      demo,
      outboxDir: join(dataDir, 'outbox'),
      admin,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
