import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type UserFixture } from './support/factories';
import { expectProblem, http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

describe('Auth API rate limit', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodeA: TestGateway;
  let nodeB: TestGateway;
  let user: UserFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    const shared = {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: { AUTH_RATE_LIMIT_PER_USER: '4', AUTH_RATE_LIMIT_PER_IP: '8' },
    };
    nodeA = await startGateway(shared);
    nodeB = await startGateway(shared);
    user = await createUser(nodeA);
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('counts attempts per username across two gateway nodes and answers 429 with Retry-After', async () => {
    const a = http(nodeA.baseUrl);
    const b = http(nodeB.baseUrl);
    const attempt = (node: typeof a) =>
      node.post('/auth/token', {
        username: user.email,
        password: 'wrong-password',
      });
    expect((await attempt(a)).status).toBe(401);
    expect((await attempt(b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(401);
    expect((await attempt(b)).status).toBe(401);
    const limited = await attempt(a);
    expectProblem(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // the right password does not get through a spent budget either, on either node
    expectProblem(
      await b.post('/auth/token', {
        username: user.email,
        password: user.password,
      }),
      429,
      'rate_limited',
    );
    expect(
      await redis.client.keys(`${redis.prefix}:ratelimit:*`),
    ).not.toHaveLength(0);
  });

  it('counts attempts per client address across nodes, whatever the username', async () => {
    const a = http(nodeA.baseUrl);
    const b = http(nodeB.baseUrl);
    // the previous test spent 6 of this address's 8 attempts
    expect(
      (
        await a.post('/auth/token', {
          username: 'other1@example.test',
          password: 'x',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await b.post('/auth/token', {
          username: 'other2@example.test',
          password: 'x',
        })
      ).status,
    ).toBe(401);
    expectProblem(
      await a.post('/auth/token', {
        username: 'other3@example.test',
        password: 'x',
      }),
      429,
      'rate_limited',
    );
    expectProblem(
      await b.post('/auth/oauth/refresh/', { refresh_token: 'x' }),
      429,
      'rate_limited',
    );
  });

  it('leaves the rest of the API outside the Auth API budget', async () => {
    expect((await http(nodeA.baseUrl).get('/healthz')).status).toBe(200);
    expectProblem(
      await http(nodeB.baseUrl).get('/v1/Accounts'),
      401,
      'missing_token',
    );
  });
});
