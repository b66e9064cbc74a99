import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';
const SIGN_INS_PER_ADDRESS = 5;
/** PortalService's fixed budget of control-number registrations a minute per address. */
const REGISTRATIONS_PER_ADDRESS = 20;

/**
 * What the shipped nginx used to forward: the client's own (forged) X-Forwarded-For with the
 * address nginx saw appended ($proxy_add_x_forwarded_for).
 */
const forwardedBy = (forged: string, clientAddress: string) => ({
  'x-forwarded-for': `${forged}, ${clientAddress}`,
});
const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('The HTTP edge', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: {
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT_PER_IP: String(SIGN_INS_PER_ADDRESS),
        METRICS_TOKEN,
      },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
    it('counts sign-ins per real client address, whatever X-Forwarded-For it forges', async () => {
      const client = '198.51.100.7';
      const attempt = (username: string, address = client) =>
        api.post(
          '/auth/token',
          { username, password: 'wrong-password' },
          { headers: forwardedBy(randomAddress(), address) },
        );
      for (let i = 0; i < SIGN_INS_PER_ADDRESS; i++)
        expect((await attempt(`guess${i}@example.test`)).status).toBe(401);
      const limited = await attempt('one-more@example.test');
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client behind the same proxy keeps its own budget.
      expect((await attempt('other@example.test', '198.51.100.8')).status).toBe(
        401,
      );
    });

    it('counts control-number registrations per real client address, whatever X-Forwarded-For it forges', async () => {
      const register = () =>
        api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
          {
            controlNumber: `guess-${randomUUID()}`,
            name: 'G',
            email: 'g@example.test',
          },
          { headers: forwardedBy(randomAddress(), '203.0.113.9') },
        );
      for (let i = 0; i < REGISTRATIONS_PER_ADDRESS; i++)
        expect((await register()).status).toBe(401);
      expectProblem(await register(), 429, 'rate_limited');
    });
  });

  describe('GET /metrics with METRICS_TOKEN set', () => {
    it('refuses a scraper without the token, or with another one, with 401', async () => {
      const missing = await api.get('/metrics');
      expectProblem(missing, 401, 'missing_token');
      expect(missing.headers.get('www-authenticate')).toContain('Bearer');
      expect(missing.text).not.toContain('process_cpu');
      expectProblem(
        await api.get('/metrics', { token: 'not-the-metrics-token-0000' }),
        401,
        'invalid_token',
      );
      expectProblem(
        await api.get('/metrics', {
          headers: { authorization: `Basic ${METRICS_TOKEN}` },
        }),
        401,
      );
    });

    it('serves the scraper that holds the token', async () => {
      const result = await api.get('/metrics', { token: METRICS_TOKEN });
      expect(result.status).toBe(200);
      expect(result.text).toContain('process_cpu_user_seconds_total');
    });
  });
});
