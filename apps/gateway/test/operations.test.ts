import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

describe('Operations endpoints', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
    });
    api = http(gateway.baseUrl);
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('answers /healthz', async () => {
    const result = await api.get('/healthz');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok' });
  });

  it('reports the database and Redis as reachable on /readyz', async () => {
    const result = await api.get('/readyz');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: 'up' },
    });
  });

  it('serves Prometheus metrics including request durations by route', async () => {
    await api.get('/v1/Accounts');
    const result = await api.get('/metrics');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toContain('text/plain');
    expect(result.text).toContain('process_cpu_user_seconds_total');
    expect(result.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/Accounts",status="401"\} \d+/,
    );
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const result = await api.get('/docs/openapi.json');
    expect(result.status).toBe(200);
    expect(result.body.openapi).toMatch(/^3\./);
    expect(Object.keys(result.body.paths)).toEqual(
      expect.arrayContaining([
        '/auth/token',
        '/auth/oauth/refresh',
        '/v1/Accounts',
        '/v1/Accounts/{key}',
        '/v1/Accounts/{key}/users',
      ]),
    );
    const schemas = result.body.components.schemas;
    const tokenRequest = Object.entries(schemas).find(([name]) =>
      name.startsWith('AuthTokenRequest'),
    )?.[1] as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(tokenRequest.required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    expect(Object.keys(tokenRequest.properties)).toEqual(
      expect.arrayContaining(['mfaToken']),
    );
    const ui = await api.get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('answers unknown routes with a problem-details 404', async () => {
    expectProblem(await api.get('/v1/Nothing'), 404, 'not_found');
  });

  it('reports Redis as down on /readyz when it goes away', async () => {
    const probe = await startGateway({
      databaseUrl: database.url,
      redisUrl: 'redis://127.0.0.1:1',
      redisPrefix: redis.prefix,
    });
    try {
      const result = await http(probe.baseUrl).get('/readyz');
      expectProblem(result, 503, 'not_ready');
      expect(result.body.detail).toContain('redis');
    } finally {
      await probe.close();
    }
  });
});
