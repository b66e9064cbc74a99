import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ManualClock } from '../../src/common/clock';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createGateway } from '../../src/gateway';

export interface TestGateway {
  app: NestExpressApplication;
  config: AppConfig;
  clock: ManualClock;
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix?: string;
  clock?: ManualClock;
  env?: Record<string, string>;
}

/** Real time, which a test may still move forward: for timers that really have to fire. */
export class RunningClock extends ManualClock {
  private offset = 0;

  override now(): Date {
    return new Date(Date.now() + this.offset);
  }

  override advance(ms: number): void {
    this.offset += ms;
  }

  override set(to: Date): void {
    this.offset = to.getTime() - Date.now();
  }
}

/** A real gateway on a loopback port, over a test database (and Redis prefix). */
export async function startGateway(
  options: TestGatewayOptions,
): Promise<TestGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-gateway-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATABASE_POOL_SIZE: '4',
    SEED_DEMO: 'false',
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock();
  const app = await createGateway(config, { clock });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    config,
    clock,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` gateway nodes sharing one PostgreSQL and Redis, started in turn, each on its own running clock. */
export async function startGateways(
  count: number,
  options: Omit<TestGatewayOptions, 'clock'>,
): Promise<TestGateway[]> {
  const nodes: TestGateway[] = [];
  for (let i = 0; i < count; i++)
    nodes.push(await startGateway({ ...options, clock: new RunningClock() }));
  return nodes;
}
