import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/common/clock';
import { loadConfig } from '../src/config/app-config';
import { consoleHandlers, isApiPath } from '../src/console/console-static';
import { createGateway } from '../src/gateway';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const INDEX =
  '<!doctype html><title>LiveVote console</title><div id="root"></div>';

describe('Console static serving', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  let baseUrl: string;
  const dirs: string[] = [];

  function consoleDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lv-console-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    return dir;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'lv-gateway-'));
    dirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATABASE_POOL_SIZE: '2',
      SEED_DEMO: 'false',
    });
    app = await createGateway(config, {
      clock: new ManualClock(),
      consoleDir: consoleDir(),
    });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching and without a referrer', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await response.text()).toBe(INDEX);
  });

  // One policy per kind of answer (src/common/security-headers.ts); null: the header is absent.
  const EVERY_ANSWER: Record<string, string | RegExp | null> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'strict-transport-security': null,
    'x-powered-by': null,
  };
  const HEADER_CASES: {
    kind: string;
    path: string;
    status: number;
    headers: Record<string, string | RegExp | null>;
  }[] = [
    {
      kind: 'console page',
      path: '/meetings/abc123/live',
      status: 200,
      headers: {
        'content-security-policy': "frame-ancestors 'none'",
        'cache-control': 'no-cache',
      },
    },
    {
      kind: 'console asset',
      path: '/assets/index-abc123.js',
      status: 200,
      headers: { 'content-security-policy': null },
    },
    {
      kind: 'API answer',
      path: '/healthz',
      status: 200,
      headers: { 'content-security-policy': null },
    },
    {
      kind: 'API docs page',
      path: '/docs',
      status: 200,
      headers: { 'content-security-policy': null },
    },
    {
      kind: 'unsubscribe page',
      path: '/portal/v1/unsubscribe?token=not-a-token',
      status: 400,
      headers: {
        'content-security-policy':
          "default-src 'none';style-src 'unsafe-inline';form-action 'self';frame-ancestors 'none'",
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex',
      },
    },
    {
      kind: 'partner permission page',
      path: '/login/oauth/authorize',
      status: 400,
      headers: {
        'content-security-policy':
          /^default-src 'none';style-src 'sha256-[A-Za-z0-9+/]+=*';form-action 'none';frame-ancestors 'none';base-uri 'none'$/,
        'cache-control': 'no-store',
        pragma: 'no-cache',
      },
    },
  ];

  it.each(HEADER_CASES)(
    'sends the security headers of a $kind',
    async ({ path, status, headers }) => {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(status);
      for (const [name, expected] of Object.entries({
        ...EVERY_ANSWER,
        ...headers,
      })) {
        const actual = response.headers.get(name);
        if (expected instanceof RegExp) expect(actual, name).toMatch(expected);
        else expect(actual, name).toBe(expected);
      }
    },
  );

  it('answers client-side routes with index.html', async () => {
    for (const path of [
      '/vote/abc123?invite=x',
      '/screen/abc123',
      '/meetings/abc123/live',
      '/accounts',
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const asset = await fetch(`${baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await asset.text()).toBe('console.log(1);');
    const icon = await fetch(`${baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing file with 404, not with the page', async () => {
    const response = await fetch(`${baseUrl}/assets/missing-123.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toBe(INDEX);
  });

  it('leaves the API routes to the API', async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/json/);

    const unknown = await fetch(`${baseUrl}/v1/NoSuchThing`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(
      /application\/problem\+json/,
    );

    const unauthorized = await fetch(`${baseUrl}/v1/Accounts`);
    expect(unauthorized.status).toBe(401);

    const portal = await fetch(`${baseUrl}/portal/v1/Meetings/nope`);
    expect(portal.status).not.toBe(200);
    expect(await portal.text()).not.toBe(INDEX);
  });

  it('does not answer other methods with the page', async () => {
    const response = await fetch(`${baseUrl}/vote/abc123`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toBe(INDEX);
  });

  it('recognises every API prefix and nothing that merely starts like one', () => {
    for (const path of [
      '/v1',
      '/v1/Accounts',
      '/auth/token',
      '/papi/v1/campaigns',
      '/portal/v1/Meetings/x',
      '/login/oauth/authorize',
      '/docs',
      '/docs/openapi.json',
      '/files/a/b',
      '/socket.io/',
      '/healthz',
      '/readyz',
      '/metrics',
    ])
      expect(isApiPath(path), path).toBe(true);
    for (const path of ['/', '/vote/v1', '/v10', '/authors', '/screen/x'])
      expect(isApiPath(path), path).toBe(false);
  });

  it('serves nothing when the console has not been built', () => {
    const empty = mkdtempSync(join(tmpdir(), 'lv-console-empty-'));
    dirs.push(empty);
    expect(consoleHandlers(empty)).toEqual([]);
  });
});
