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
} from '../../../scripts/lib/processes.mjs';
import { E2E_ENV, type E2eContext } from './support/context';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../../..');
const consoleDir = resolve(here, '..');
const gatewayDir = join(root, 'apps/gateway');
// the gateway's own database and Redis clients, so the console needs no dependency on them
const gatewayRequire = createRequire(join(gatewayDir, 'package.json'));
const pg = gatewayRequire('pg') as typeof import('pg');
const Redis = gatewayRequire('ioredis') as typeof import('ioredis').default;

const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

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

/**
 * Builds the console and the gateway, starts the real gateway (PostgreSQL on a fresh
 * database, Redis under a fresh prefix, the demo seeded) and hands its address and the demo
 * links to the tests. The returned function stops it and removes the database and keys.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    run(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
      ],
      consoleDir,
    );
    run(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/gateway'],
      root,
    );
  }

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
  };

  const logDir = join(consoleDir, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const out = createWriteStream(join(logDir, 'gateway.log'));
  let gateway: GatewayProcess | undefined;

  const teardown = async () => {
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
            DATA_DIR: gateway!.dataDir,
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
    // a scrutineer of the demo account, made the way an administrator would
    const scrutineer = {
      username: 'scrutineer@demo.livevote.test',
      password: `e2e-${id}-scrutineer`,
    };
    admin(
      'user:create',
      '--email',
      scrutineer.username,
      '--password',
      scrutineer.password,
      '--name',
      'Sam Scrutineer',
    );
    for (const command of ['account:add-user', 'account:set-roles'])
      admin(
        command,
        '--account',
        demo.accountKey,
        '--email',
        scrutineer.username,
        ...(command === 'account:set-roles' ? ['--role', 'scrutineer'] : []),
      );
    const context: E2eContext = {
      baseUrl,
      demo,
      scrutineer,
      outboxDir: join(gateway.dataDir, 'outbox'),
    };
    process.env[E2E_ENV] = JSON.stringify(context);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
