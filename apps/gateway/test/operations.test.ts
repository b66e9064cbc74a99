import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const METRICS_TOKEN = 'operations-metrics-token-0001';

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
      env: { METRICS_TOKEN },
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
    const result = await api.get('/metrics', { token: METRICS_TOKEN });
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

  it('lists every route of the management, voting and portal APIs with its schemas', async () => {
    const doc = (await api.get('/docs/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema?: unknown }> };
            responses: Record<
              string,
              { content?: Record<string, { schema?: unknown }> }
            >;
          }
        >
      >;
    };
    const expected: Record<string, string[]> = {
      '/v1/Accounts/{key}/meetings': ['get', 'post'],
      '/v1/Meetings/{shortCode}': ['get', 'patch'],
      '/v1/Meetings/{shortCode}/settings': ['get', 'patch'],
      '/v1/Meetings/{shortCode}/stats': ['get'],
      '/v1/Meetings/{shortCode}/members': ['get', 'post'],
      '/v1/Meetings/{shortCode}/members/import': ['post'],
      '/v1/Meetings/{shortCode}/members/{memberKey}': [
        'delete',
        'get',
        'patch',
      ],
      '/v1/Meetings/{shortCode}/members/{memberKey}/voters': ['post'],
      '/v1/Meetings/{shortCode}/members/{memberKey}/voters/{email}': [
        'delete',
        'get',
        'patch',
      ],
      '/v1/Meetings/{shortCode}/members/{memberKey}/voters/{email}/invite': [
        'post',
      ],
      '/v1/Meetings/{shortCode}/invites': ['post'],
      '/v1/Meetings/{shortCode}/matters': ['get', 'post'],
      '/v1/Meetings/{shortCode}/matters/{matterKey}': [
        'delete',
        'get',
        'patch',
      ],
      '/v1/Meetings/{shortCode}/matters/{matterKey}/stats': ['get'],
      '/v1/Meetings/{shortCode}/matters/{matterKey}/voters': ['get'],
      '/v1/Meetings/{shortCode}/matters/{matterKey}/action': ['post'],
      '/v1/Meetings/{shortCode}/matters/{matterKey}/ballots': ['post'],
      '/v1/Meetings/{shortCode}/screen-tokens': ['get', 'post'],
      '/v1/Meetings/{shortCode}/screen-tokens/{key}': ['delete'],
      '/v1/Meetings/{shortCode}/documents': ['get', 'post'],
      '/v1/Meetings/{shortCode}/documents/upload': ['post'],
      '/v1/Meetings/{shortCode}/documents/{documentKey}': ['delete', 'get'],
      '/v1/Meetings/{shortCode}/webcast': ['get', 'put'],
      '/v1/Meetings/{shortCode}/webcast/launch': ['post'],
      '/portal/v1/Meetings/{shortCode}/session': ['post'],
      '/portal/v1/Meetings/{shortCode}/register': ['post'],
      '/portal/v1/Meetings/{shortCode}': ['get'],
      '/portal/v1/Meetings/{shortCode}/matters/{matterKey}/ballot': ['get'],
      '/portal/v1/Meetings/{shortCode}/matters/{matterKey}/ballots': ['post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
    }
    const jsonBodies = [
      '/v1/Accounts/{key}/meetings',
      '/v1/Meetings/{shortCode}/matters',
      '/v1/Meetings/{shortCode}/members',
    ];
    for (const path of jsonBodies) {
      expect(
        doc.paths[path].post.requestBody?.content['application/json']?.schema,
        path,
      ).toBeDefined();
      const created = doc.paths[path].post.responses['201'];
      expect(
        created?.content?.['application/json']?.schema,
        path,
      ).toBeDefined();
    }
    expect(
      doc.paths['/v1/Meetings/{shortCode}/matters/{matterKey}/action'].post
        .requestBody,
    ).toBeDefined();
  });

  it('answers unknown routes with a problem-details 404', async () => {
    expectProblem(await api.get('/v1/Nothing'), 404, 'not_found');
  });

  it('does not serve /metrics to the public on a deployment without METRICS_TOKEN', async () => {
    const tokenless = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
    });
    try {
      const result = await http(tokenless.baseUrl).get('/metrics');
      expectProblem(result, 404, 'not_found');
      expect(result.text).not.toContain('process_cpu');
      // nothing tells it from a route that does not exist
      const unknown = await http(tokenless.baseUrl).get('/v1/Nothing');
      expect(result.headers.get('cache-control')).toBe(
        unknown.headers.get('cache-control'),
      );
    } finally {
      await tokenless.close();
    }
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
