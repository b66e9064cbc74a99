import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthErrorResponse } from '@livevote/contracts';
import { createUser, type UserFixture } from './support/factories';
import {
  registerPartner,
  type PartnerClientFixture,
} from './support/partner-oauth';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const FAILURES_PER_CLIENT = 5;
const FAILURES_PER_ADDRESS = 12;

describe('Partner token endpoint limits', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodeA: TestGateway;
  let nodeB: TestGateway;
  let partner: PartnerClientFixture;
  let manager: UserFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    const shared = {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: {
        // Test addresses stand in for clients behind the proxy (X-Forwarded-For).
        TRUST_PROXY: '1',
        PARTNER_TOKEN_RATE_LIMIT_PER_CLIENT: String(FAILURES_PER_CLIENT),
        PARTNER_TOKEN_RATE_LIMIT_PER_IP: String(FAILURES_PER_ADDRESS),
      },
    };
    nodeA = await startGateway(shared);
    nodeB = await startGateway(shared);
    partner = await registerPartner(nodeA);
    manager = await createUser(nodeA);
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  /** A client-credentials guess at the token endpoint of one node, from `address`. */
  async function guess(
    node: TestGateway,
    address: string,
    clientId: string,
    secret = 'wrong-secret',
  ) {
    const response = await fetch(`${node.baseUrl}/papi/v1/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': address,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'some-code',
        client_id: clientId,
        client_secret: secret,
      }).toString(),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: OAuthErrorResponse.parse(await response.json()),
    };
  }

  it('answers a burst of wrong secrets for one client with 429 slow_down after the limit, across nodes, while sign-in still answers', async () => {
    const burst = Array.from({ length: 30 }, (_, i) =>
      guess(i % 2 ? nodeA : nodeB, '198.51.100.20', partner.client_id),
    );
    const signIn = fetch(`${nodeA.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: manager.email,
        password: manager.password,
      }),
    });
    const answers = await Promise.all(burst);
    expect((await signIn).status).toBe(200);

    const failed = answers.filter((a) => a.status === 401);
    const limited = answers.filter((a) => a.status === 429);
    expect(failed).toHaveLength(FAILURES_PER_CLIENT);
    expect(limited).toHaveLength(30 - FAILURES_PER_CLIENT);
    for (const answer of failed)
      expect(answer.body.error).toBe('invalid_client');
    for (const answer of limited) {
      expect(answer.body.error).toBe('slow_down');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // The right secret does not get through a spent budget either.
    const rightSecret = await guess(
      nodeA,
      '198.51.100.21',
      partner.client_id,
      partner.client_secret,
    );
    expect(rightSecret.status).toBe(429);
  });

  it('limits failures per client address, whatever client id each guess names', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect((await guess(nodeA, address, randomUUID())).status).toBe(401);
    const limited = await guess(nodeB, address, randomUUID());
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('slow_down');
    // Another address still gets an answer on its own budget.
    expect((await guess(nodeB, '198.51.100.31', randomUUID())).status).toBe(
      401,
    );
  });

  it('does not count a client that authenticates against its budget', async () => {
    const other = await registerPartner(nodeA, { name: 'Busy Partner' });
    for (let i = 0; i < FAILURES_PER_CLIENT + 2; i++) {
      const answer = await guess(
        nodeA,
        '198.51.100.40',
        other.client_id,
        other.client_secret,
      );
      // Authenticated; the made-up code is then refused.
      expect(answer.body.error).toBe('invalid_grant');
    }
  });
});
