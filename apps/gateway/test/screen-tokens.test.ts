import { JwtService } from '@nestjs/jwt';
import type { ScreenTokenSummary } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createMeeting,
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
  type UserFixture,
} from './support/factories';
import { TEST_JWT_SECRET } from './support/gateway-process';
import { expectProblem, http } from './support/http';
import { connectLive, request, type LiveClient } from './support/live-client';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const ENV = {
  JWT_SECRET: TEST_JWT_SECRET,
  AUTH_RATE_LIMIT_PER_USER: '1000',
  AUTH_RATE_LIMIT_PER_IP: '1000',
};

interface Made {
  token: string;
  key: string;
}

/** Resolves with the reason once the server drops the socket. */
function disconnected(socket: LiveClient): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', resolve));
}

/** The key a screen token names (its `jti`): the list shows keys, never tokens. */
function keyOf(token: string): string {
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1], 'base64url').toString(),
  ) as { jti?: string };
  return claims.jti ?? '';
}

describe('screen tokens: listed and revoked across two gateway nodes', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodeA: TestGateway;
  let nodeB: TestGateway;
  let tenant: TenantFixture;
  /** A second manager of the tenant's account, who makes tokens and is removed. */
  let maker: UserFixture;
  let makerToken: string;
  const sockets: LiveClient[] = [];
  const base = (shortCode = tenant.meeting.shortCode) =>
    `/v1/Meetings/${shortCode}/screen-tokens`;
  const startNode = () =>
    startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: ENV,
    });

  async function make(
    node: TestGateway,
    token = tenant.token,
    shortCode = tenant.meeting.shortCode,
  ): Promise<Made> {
    const made = await http(node.baseUrl).post(base(shortCode), undefined, {
      token,
    });
    expect(made.status).toBe(201);
    const screen = made.body.token as string;
    expect(made.body.key).toBe(keyOf(screen));
    return { token: screen, key: keyOf(screen) };
  }

  async function screenOn(node: TestGateway, token: string) {
    const socket = await connectLive(node.baseUrl, token);
    sockets.push(socket);
    expect(
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).toMatchObject({ role: 'screen' });
    return socket;
  }

  const list = (node: TestGateway, token = tenant.token, shortCode?: string) =>
    http(node.baseUrl).get(base(shortCode), { token });
  const revoke = (node: TestGateway, key: string, token = tenant.token) =>
    http(node.baseUrl).delete(`${base()}/${key}`, { token });

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    [nodeA, nodeB] = [await startNode(), await startNode()];
    tenant = await createTenant(nodeA);
    maker = await createUser(nodeA);
    await http(nodeA.baseUrl).post(
      `/v1/Accounts/${tenant.account.key}/users`,
      { email: maker.email },
      { token: tenant.token },
    );
    makerToken = await signIn(nodeA, maker);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await nodeA?.close();
    await nodeB?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('lists the live tokens of the meeting with their maker, never the token itself', async () => {
    const first = await make(nodeA);
    const second = await make(nodeB, makerToken);

    const listed = await list(nodeB);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(first.token);
    expect(listed.text).not.toContain(second.token);
    expect(listed.text).not.toContain(first.token.split('.')[2]);
    const byKey = new Map(
      (listed.body as ScreenTokenSummary[]).map((row) => [row.key, row]),
    );
    expect(byKey.get(first.key)).toEqual({
      key: first.key,
      createdBy: tenant.user.email,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastSeenAt: null,
    });
    expect(byKey.get(second.key)).toMatchObject({ createdBy: maker.email });
    const row = byKey.get(first.key)!;
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(
      24 * 3_600_000,
    );
  });

  it('revoking on node A drops the screen on node B at once and refuses the token everywhere', async () => {
    const revoked = await make(nodeA);
    const kept = await make(nodeA);
    const screen = await screenOn(nodeB, revoked.token);
    const other = await screenOn(nodeB, kept.token);
    const dropped = disconnected(screen);

    expect((await revoke(nodeA, revoked.key)).status).toBe(204);
    expect(await dropped).toBe('io server disconnect');

    for (const node of [nodeA, nodeB]) {
      await expect(connectLive(node.baseUrl, revoked.token)).rejects.toThrow(
        'unauthorized',
      );
      // screen tokens never read REST, revoked or not
      expectProblem(
        await http(node.baseUrl).get(
          `/v1/Meetings/${tenant.meeting.shortCode}`,
          {
            token: revoked.token,
          },
        ),
        401,
      );
    }
    expect(
      await request(other, 'reauth', { token: revoked.token }),
    ).toMatchObject({ error: { status: 401, code: 'invalid_token' } });
    expect(other.connected).toBe(true);
    const keys = (await list(nodeB)).body.map(
      (row: { key: string }) => row.key,
    );
    expect(keys).not.toContain(revoked.key);
    expect(keys).toContain(kept.key);
    expectProblem(
      await revoke(nodeB, revoked.key),
      404,
      'screen_token_not_found',
    );
  });

  it('removing the manager who made tokens revokes them on every node; the others stay', async () => {
    const made = await make(nodeA, makerToken);
    const kept = await make(nodeA);
    const screen = await screenOn(nodeB, made.token);
    const dropped = disconnected(screen);

    expect(
      (
        await http(nodeA.baseUrl).delete(
          `/v1/Accounts/${tenant.account.key}/users/${encodeURIComponent(maker.email)}`,
          { token: tenant.token },
        )
      ).status,
    ).toBe(204);
    for (const node of [nodeB, nodeA]) {
      await expect(connectLive(node.baseUrl, made.token)).rejects.toThrow(
        'unauthorized',
      );
    }
    expect(await dropped).toBe('io server disconnect');
    const keys = (await list(nodeA)).body.map(
      (row: { key: string }) => row.key,
    );
    expect(keys).not.toContain(made.key);
    expect(keys).toContain(kept.key);
    await screenOn(nodeB, kept.token);
  });

  it('another account’s manager can neither list nor revoke: 404, and the token still works', async () => {
    const made = await make(nodeA);
    const stranger = await createTenant(nodeA);
    expectProblem(await list(nodeB, stranger.token), 404, 'meeting_not_found');
    expectProblem(
      await revoke(nodeB, made.key, stranger.token),
      404,
      'meeting_not_found',
    );
    // the stranger's own meeting does not reach another meeting's token either
    expectProblem(
      await http(nodeB.baseUrl).delete(
        `${base(stranger.meeting.shortCode)}/${made.key}`,
        { token: stranger.token },
      ),
      404,
      'screen_token_not_found',
    );
    await screenOn(nodeB, made.token);
  });

  it('a token of another meeting of the same account is not found under this one', async () => {
    const sibling = await createMeeting(nodeA, tenant.account.key);
    const made = await make(nodeA, tenant.token, sibling.shortCode);
    expectProblem(await revoke(nodeA, made.key), 404, 'screen_token_not_found');
    expect(
      (await list(nodeA)).body.map((row: { key: string }) => row.key),
    ).not.toContain(made.key);
  });

  it.each([
    ['not a uuid', 'screen-1'],
    ['a uuid too long', '00000000-0000-4000-8000-0000000000001'],
    ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
    ['a token in place of its key', 'eyJhbGciOiJIUzI1NiJ9.e30.sig'],
  ])('answers 404 screen_token_not_found to %s', async (_, key) => {
    expectProblem(await revoke(nodeA, key), 404, 'screen_token_not_found');
  });

  it('answers 400 invalid_url to a key with control characters, as every path does', async () => {
    expectProblem(await revoke(nodeA, '%00%1b'), 400, 'invalid_url');
  });

  it('answers 401 without a manager token', async () => {
    const made = await make(nodeA);
    expectProblem(await list(nodeA, made.token), 401);
    expectProblem(await revoke(nodeA, made.key, made.token), 401);
  });

  it('refuses a screen token that was never recorded (signed, right audience, no row)', async () => {
    const forged = nodeA.app
      .get(JwtService)
      .sign(
        { sub: tenant.meeting.id },
        { audience: 'screen', algorithm: 'HS256', expiresIn: 3600 },
      );
    await expect(connectLive(nodeB.baseUrl, forged)).rejects.toThrow(
      'unauthorized',
    );
  });

  it('records when a screen was last seen, at most once a minute, and drops expired tokens from the list', async () => {
    const node = await startNode();
    try {
      const made = await make(node);
      const seen = async () =>
        ((await list(node)).body as { key: string; lastSeenAt: string }[]).find(
          (row) => row.key === made.key,
        )?.lastSeenAt;
      expect(await seen()).toBeNull();

      (await connectLive(node.baseUrl, made.token)).close();
      const first = node.clock.now().toISOString();
      expect(await seen()).toBe(first);

      node.clock.advance(30_000);
      (await connectLive(node.baseUrl, made.token)).close();
      expect(await seen()).toBe(first);

      node.clock.advance(31_000);
      (await connectLive(node.baseUrl, made.token)).close();
      expect(await seen()).toBe(node.clock.now().toISOString());

      node.clock.advance(24 * 3_600_000);
      const fresh = await signIn(node, tenant.user);
      const keys = (await list(node, fresh)).body.map(
        (row: { key: string }) => row.key,
      );
      expect(keys).not.toContain(made.key);
      await expect(connectLive(node.baseUrl, made.token)).rejects.toThrow(
        'unauthorized',
      );
    } finally {
      await node.close();
    }
  });
});

describe('screen tokens without Redis (one node)', () => {
  let database: TestDatabase;
  let node: TestGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    node = await startGateway({ databaseUrl: database.url, env: ENV });
  });

  afterAll(async () => {
    await node?.close();
    await database?.drop();
  });

  it('revoking drops the open screen and refuses the token', async () => {
    const user = await createUser(node);
    const account = await createAccount(node, [user]);
    const meeting = await createMeeting(node, account.key);
    const token = await signIn(node, user);
    const made = (
      await http(node.baseUrl).post(
        `/v1/Meetings/${meeting.shortCode}/screen-tokens`,
        undefined,
        { token },
      )
    ).body.token as string;
    const screen = await connectLive(node.baseUrl, made);
    try {
      const dropped = disconnected(screen);
      expect(
        (
          await http(node.baseUrl).delete(
            `/v1/Meetings/${meeting.shortCode}/screen-tokens/${keyOf(made)}`,
            { token },
          )
        ).status,
      ).toBe(204);
      expect(await dropped).toBe('io server disconnect');
      await expect(connectLive(node.baseUrl, made)).rejects.toThrow(
        'unauthorized',
      );
    } finally {
      screen.close();
    }
  });
});
