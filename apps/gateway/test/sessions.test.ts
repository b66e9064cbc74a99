import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/cli';
import { loadConfig } from '../src/config/app-config';
import { LiveTokensService } from '../src/identity/live-tokens.service';
import { InviteTokensService } from '../src/members/invite-tokens.service';
import { ScreenTokenRegistry } from '../src/revocation/screen-token.registry';
import {
  createAccount,
  createMeeting,
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { TEST_JWT_SECRET } from './support/gateway-process';
import { expectProblem, http } from './support/http';
import { connectLive, request, type LiveClient } from './support/live-client';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const ENV = {
  JWT_SECRET: TEST_JWT_SECRET,
  AUTH_RATE_LIMIT_PER_USER: '1000',
  AUTH_RATE_LIMIT_PER_IP: '1000',
};

/** Resolves with the reason once the server drops the socket. */
function disconnected(socket: LiveClient): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', resolve));
}

function expiryOf(token: string): string {
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1], 'base64url').toString(),
  ) as { exp: number };
  return new Date(claims.exp * 1000).toISOString();
}

function sessionHelpers(tenant: () => TenantFixture, sockets: LiveClient[]) {
  const shortCode = () => tenant().meeting.shortCode;
  return {
    /** A socket on the node, subscribed to the tenant's meeting (or another). */
    async liveOn(node: TestGateway, token: string, code = shortCode()) {
      const socket = await connectLive(node.baseUrl, token);
      sockets.push(socket);
      expect(
        await request(socket, 'subscribe', { shortCode: code }),
      ).not.toHaveProperty('error');
      return socket;
    },
    portalMeeting: (node: TestGateway, token: string) =>
      http(node.baseUrl).get(`/portal/v1/Meetings/${shortCode()}`, { token }),
    cast: (node: TestGateway, token: string, matterKey: string) =>
      http(node.baseUrl).post(
        `/portal/v1/Meetings/${shortCode()}/matters/${matterKey}/ballots`,
        { choices: ['Yes'] },
        { token },
      ),
    voterPath: (voter: VoterFixture) =>
      `/v1/Meetings/${shortCode()}/members/${voter.memberId}/voters/${encodeURIComponent(voter.email)}`,
  };
}

describe('ending sessions across two gateway nodes (one PostgreSQL, one Redis)', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodeA: TestGateway;
  let nodeB: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];
  const { liveOn, portalMeeting, cast, voterPath } = sessionHelpers(
    () => tenant,
    sockets,
  );
  const startNode = () =>
    startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: ENV,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    [nodeA, nodeB] = [await startNode(), await startNode()];
    tenant = await createTenant(nodeA);
    voters = await createVoters(nodeA, tenant, 6);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await nodeA?.close();
    await nodeB?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('deleting a voter on node A drops its socket on node B, whose HTTP then answers 401', async () => {
    const voter = voters[0];
    const matter = await createMatter(nodeA, tenant, {
      options: ['Yes', 'No'],
    });
    expect(
      (
        await http(nodeA.baseUrl).post(
          `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/action`,
          { action: 'start' },
          { token: tenant.token },
        )
      ).status,
    ).toBe(204);
    const socket = await liveOn(nodeB, voter.token);
    expect((await portalMeeting(nodeB, voter.token)).status).toBe(200);

    const dropped = disconnected(socket);
    const deleted = await http(nodeA.baseUrl).delete(voterPath(voter), {
      token: tenant.token,
    });
    expect(deleted.status).toBe(204);
    expect(await dropped).toBe('io server disconnect');

    for (const node of [nodeB, nodeA]) {
      expectProblem(
        await portalMeeting(node, voter.token),
        401,
        'invalid_token',
      );
      expectProblem(
        await cast(node, voter.token, matter.id),
        401,
        'invalid_token',
      );
      await expect(connectLive(node.baseUrl, voter.token)).rejects.toThrow(
        'unauthorized',
      );
    }
  });

  it('a node started after the deletion refuses the token too', async () => {
    const voter = voters[1];
    expect(
      (
        await http(nodeA.baseUrl).delete(voterPath(voter), {
          token: tenant.token,
        })
      ).status,
    ).toBe(204);
    const late = await startNode();
    try {
      expectProblem(
        await portalMeeting(late, voter.token),
        401,
        'invalid_token',
      );
      await expect(connectLive(late.baseUrl, voter.token)).rejects.toThrow(
        'unauthorized',
      );
    } finally {
      await late.close();
    }
  });

  it('a new e-mail is another person: the old sessions end everywhere, a new one works; a new name ends nothing', async () => {
    const voter = voters[2];
    const mailedLink = nodeA.app
      .get(InviteTokensService)
      .issue({ id: voter.voterId, email: voter.email }, tenant.meeting);
    const socket = await liveOn(nodeB, voter.token);
    const renamed = await http(nodeA.baseUrl).patch(
      voterPath(voter),
      { name: 'Same Person, New Name' },
      { token: tenant.token },
    );
    expect(renamed.status).toBe(200);
    expect((await portalMeeting(nodeB, voter.token)).status).toBe(200);

    const dropped = disconnected(socket);
    const replaced = await http(nodeA.baseUrl).patch(
      voterPath(voter),
      { email: 'the-new-owner@owners.test' },
      { token: tenant.token },
    );
    expect(replaced.status).toBe(200);
    await dropped;
    expectProblem(
      await portalMeeting(nodeB, voter.token),
      401,
      'invalid_token',
    );
    // the invitation mailed to the previous address opens no session any more
    expectProblem(
      await http(nodeB.baseUrl).post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
        { inviteToken: mailedLink },
      ),
      401,
      'invalid_invite',
    );

    // the control number does not sign in as an existing voter: its link, mailed anew, does
    const controlNumber = `CN-${tenant.meeting.id.slice(0, 8)}-2`;
    expectProblem(
      await http(nodeB.baseUrl).post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
        {
          controlNumber,
          name: 'The New Owner',
          email: 'THE-NEW-OWNER@owners.test',
        },
      ),
      409,
      'voter_exists',
    );
    const newLink = nodeA.app
      .get(InviteTokensService)
      .issue(
        { id: voter.voterId, email: 'the-new-owner@owners.test' },
        tenant.meeting,
      );
    const session = await http(nodeB.baseUrl).post(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
      { inviteToken: newLink },
    );
    expect(session.status).toBe(200);
    expect(session.body.voter.voterKey).toBe(voter.voterId);
    const token = session.body.voterToken as string;
    expect((await portalMeeting(nodeA, token)).status).toBe(200);
    expect((await portalMeeting(nodeB, token)).status).toBe(200);
    await liveOn(nodeB, token);
  });

  it('deleting a member ends the sessions of its voters', async () => {
    const voter = voters[3];
    const socket = await liveOn(nodeB, voter.token);
    const dropped = disconnected(socket);
    const deleted = await http(nodeA.baseUrl).delete(
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${voter.memberId}`,
      { token: tenant.token },
    );
    expect(deleted.status).toBe(204);
    await dropped;
    expectProblem(
      await portalMeeting(nodeB, voter.token),
      401,
      'invalid_token',
    );
  });

  it("removing a manager from an account on A drops their sockets in its meetings on B, not the others'", async () => {
    const manager = await createUser(nodeA);
    await http(nodeA.baseUrl).post(
      `/v1/Accounts/${tenant.account.key}/users`,
      { email: manager.email },
      { token: tenant.token },
    );
    const ownAccount = await createAccount(nodeA, [manager]);
    const ownMeeting = await createMeeting(nodeA, ownAccount.key);
    const token = await signIn(nodeA, manager);
    const inTenant = await liveOn(nodeB, token);
    const inOwn = await liveOn(nodeB, token, ownMeeting.shortCode);
    const owner = await liveOn(nodeB, tenant.token);

    const dropped = disconnected(inTenant);
    const removed = await http(nodeA.baseUrl).delete(
      `/v1/Accounts/${tenant.account.key}/users/${encodeURIComponent(manager.email)}`,
      { token: tenant.token },
    );
    expect(removed.status).toBe(204);
    await dropped;

    const again = await connectLive(nodeB.baseUrl, token);
    sockets.push(again);
    expect(
      await request(again, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).toMatchObject({ error: { status: 404, code: 'meeting_not_found' } });
    expect(
      await request(inOwn, 'subscribe', { shortCode: ownMeeting.shortCode }),
    ).not.toHaveProperty('error');
    expect(owner.connected).toBe(true);
  });

  it('the admin CLI account:remove-user reaches the nodes as well', async () => {
    const manager = await createUser(nodeA);
    await http(nodeA.baseUrl).post(
      `/v1/Accounts/${tenant.account.key}/users`,
      { email: manager.email },
      { token: tenant.token },
    );
    const socket = await liveOn(nodeB, await signIn(nodeA, manager));
    const dropped = disconnected(socket);
    const dataDir = mkdtempSync(join(tmpdir(), 'lv-cli-'));
    try {
      const printed = await runCli(
        [
          'account:remove-user',
          '--account',
          tenant.account.key,
          '--email',
          manager.email,
          '--json',
        ],
        loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          REDIS_PREFIX: redis.prefix,
          LOG_LEVEL: 'silent',
          ...ENV,
        }),
      );
      expect(printed).toEqual({ ok: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await dropped;
  });
});

describe('ending sessions without Redis (embedded default, one node)', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];
  const { liveOn, portalMeeting, voterPath } = sessionHelpers(
    () => tenant,
    sockets,
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url, env: ENV });
    tenant = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 1);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await database?.drop();
  });

  it('deleting a voter drops its socket and its HTTP calls answer 401', async () => {
    const [voter] = voters;
    const socket = await liveOn(gateway, voter.token);
    expect((await portalMeeting(gateway, voter.token)).status).toBe(200);
    const dropped = disconnected(socket);
    expect(
      (
        await http(gateway.baseUrl).delete(voterPath(voter), {
          token: tenant.token,
        })
      ).status,
    ).toBe(204);
    await dropped;
    expectProblem(
      await portalMeeting(gateway, voter.token),
      401,
      'invalid_token',
    );
  });
});

describe('credential expiry and reauth on the live channel', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];
  const { liveOn } = sessionHelpers(() => tenant, sockets);

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: ENV,
      clock: new RunningClock(),
    });
    tenant = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 2);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await database?.drop();
  });

  const chairToken = () => signIn(gateway, tenant.user);

  it('drops a chair, a screen and a voter socket each when its credential expires', async () => {
    const tokens = gateway.app.get(LiveTokensService);
    const now = gateway.clock.nowMs();
    // a recorded token, signed to end before its row does
    const { key } = await gateway.app
      .get(ScreenTokenRegistry)
      .record(tenant.meeting.id, tenant.user.id);
    const screenToken = tokens.issueScreen(
      tenant.meeting.id,
      key,
      new Date(now + 120_000),
    );
    const voter = voters[0];
    const voterToken = tokens.issueVoter(
      { ...voter, meetingId: tenant.meeting.id },
      voter.email,
      new Date(now + 600_000),
    );
    const chairJwt = await chairToken();
    const screen = await liveOn(gateway, screenToken);
    const chair = await liveOn(gateway, chairJwt);
    const voterSocket = await liveOn(gateway, voterToken);

    const screenDropped = disconnected(screen);
    gateway.clock.advance(121_000);
    expect(await screenDropped).toBe('io server disconnect');
    expect(
      await request(chair, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).not.toHaveProperty('error');

    const chairDropped = disconnected(chair);
    gateway.clock.advance(180_000);
    await chairDropped;
    expect(
      await request(voterSocket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).not.toHaveProperty('error');

    const voterDropped = disconnected(voterSocket);
    gateway.clock.advance(300_000);
    await voterDropped;
    await expect(connectLive(gateway.baseUrl, chairJwt)).rejects.toThrow(
      'unauthorized',
    );
  });

  it('keeps a socket that sends reauth with a fresh token before expiry, until that one expires', async () => {
    const first = await chairToken();
    const socket = await liveOn(gateway, first);
    gateway.clock.advance(200_000);
    const second = await chairToken();

    const answer = await request(socket, 'reauth', { token: second });
    expect(answer).toEqual({ ok: true, expiresAt: expiryOf(second) });

    gateway.clock.advance(150_000); // past the first token's expiry
    expect(
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).not.toHaveProperty('error');
    expect(socket.connected).toBe(true);

    const dropped = disconnected(socket);
    gateway.clock.advance(200_000); // past the second one's
    await dropped;
  });

  it("refuses a reauth with a bad, malformed or someone else's token, and the old expiry stands", async () => {
    const token = await chairToken();
    const socket = await liveOn(gateway, token);
    const stranger = await createTenant(gateway);
    const voter = voters[1];

    expect(await request(socket, 'reauth', { token: 'garbage' })).toEqual({
      error: {
        status: 401,
        code: 'invalid_token',
        message: expect.any(String),
      },
    });
    expect(
      await request(socket, 'reauth', { token: stranger.token }),
    ).toMatchObject({ error: { status: 403, code: 'principal_mismatch' } });
    expect(
      await request(socket, 'reauth', { token: voter.token }),
    ).toMatchObject({ error: { status: 403, code: 'principal_mismatch' } });
    for (const body of [{}, { token: 42 }, { token: 'x', extra: 1 }, 'x'])
      expect(
        await request(socket, 'reauth', body as { token: string }),
      ).toMatchObject({ error: { status: 400, code: 'validation_failed' } });

    const dropped = disconnected(socket);
    gateway.clock.advance(301_000);
    await dropped;
  });
});
