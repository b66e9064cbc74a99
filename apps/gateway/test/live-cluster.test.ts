import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { BallotReceipt, MatterStateEvent } from '@livevote/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TenantFixture } from './support/factories';
import {
  startGatewayProcess,
  TEST_JWT_SECRET,
  type GatewayProcess,
} from './support/gateway-process';
import { http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

/**
 * Two gateway processes on one PostgreSQL and one Redis, as deployed. Node A is killed with
 * SIGKILL in the middle of a vote: node B still closes it on time, and no ballot that was
 * acknowledged is missing.
 */
describe('live voting across two gateway processes', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let fixtures: TestGateway;
  let nodeA: GatewayProcess;
  let nodeB: GatewayProcess;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let matter: { id: string };
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      {
        stdio: 'inherit',
      },
    );
    database = await createTestDatabase();
    redis = createTestRedis();
    // An in-process gateway without Redis only to write fixtures; closed before the nodes start.
    fixtures = await startGateway({
      databaseUrl: database.url,
      env: { JWT_SECRET: TEST_JWT_SECRET },
    });
    tenant = await createTenant(fixtures);
    voters = await createVoters(fixtures, tenant, 20);
    matter = await createMatter(fixtures, tenant, {
      name: 'Cluster vote',
      options: ['Yes', 'No'],
    });
    await fixtures.close();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    };
    [nodeA, nodeB] = await Promise.all([
      startGatewayProcess(env),
      startGatewayProcess(env),
    ]);
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([nodeA?.stop('SIGKILL'), nodeB?.stop('SIGTERM')]);
    await redis?.cleanup();
    await database?.drop();
  });

  const live = async (node: GatewayProcess, token: string) => {
    const socket = await connectLive(node.baseUrl, token);
    sockets.push(socket);
    const snapshot = await request(socket, 'subscribe', {
      shortCode: tenant.meeting.shortCode,
    });
    expect(snapshot).not.toHaveProperty('error');
    return socket;
  };

  it('starts on A, reaches B, survives A being killed, and closes once on time on B', async () => {
    const onA = await Promise.all(
      voters.slice(0, 10).map((voter) => live(nodeA, voter.token)),
    );
    const onB = await Promise.all(
      voters.slice(10).map((voter) => live(nodeB, voter.token)),
    );
    const closedOnB: MatterStateEvent[] = [];
    for (const socket of onB) {
      socket.on('matter.state', (event) => {
        if (event.matterKey === matter.id && event.liveStatus === 'closed')
          closedOnB.push(event);
      });
    }

    const liveOnB = Promise.all(
      onB.map((socket) =>
        nextEvent(
          socket,
          'matter.state',
          (e) => e.matterKey === matter.id && e.liveStatus === 'live',
        ),
      ),
    );
    const chair = await http(nodeA.baseUrl).post('/auth/token', {
      username: tenant.user.email,
      password: tenant.user.password,
    });
    const started = await http(nodeA.baseUrl).post(
      `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/action`,
      { action: 'start', duration: 10 },
      { token: chair.body.access_token },
    );
    expect(started.status).toBe(204);
    const [state] = await liveOnB;
    const endsAt = new Date(state.liveEndsAt!).getTime();

    const cast = (socket: LiveClient, i: number) =>
      request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: [i % 2 ? 'Yes' : 'No'],
        idempotencyKey: `c-${i}`,
      });
    const firstRound = await Promise.all(
      [...onA, ...onB].map((socket, i) => cast(socket, i)),
    );
    expect(firstRound.filter((ack) => 'error' in ack)).toEqual([]);

    // A burst on node A, killed while it is in flight: whatever was acknowledged must be stored.
    const acknowledged: BallotReceipt[] = firstRound as BallotReceipt[];
    const burst = onA.map((socket, i) =>
      cast(socket, 100 + i).then((ack) => {
        if (!('error' in ack)) acknowledged.push(ack);
      }),
    );
    const closedOnEveryB = Promise.all(
      onB.map((socket) =>
        nextEvent(
          socket,
          'matter.state',
          (e) => e.matterKey === matter.id && e.liveStatus === 'closed',
          20_000,
        ),
      ),
    );
    const beforeBurst = acknowledged.length;
    await Promise.race(burst); // the first of the burst is acknowledged, the rest in flight
    expect(await nodeA.stop('SIGKILL')).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(beforeBurst);
    void Promise.allSettled(burst);

    // B keeps taking ballots after A died.
    const afterKill = await Promise.all(
      onB.map((socket, i) => cast(socket, 200 + i)),
    );
    expect(afterKill.filter((ack) => 'error' in ack)).toEqual([]);
    acknowledged.push(...(afterKill as BallotReceipt[]));

    const [closed] = await closedOnEveryB;
    const lateness = Date.now() - endsAt;
    expect(new Date(closed.liveClosedAt!).getTime()).toBe(endsAt);
    expect(lateness).toBeLessThan(1000);
    expect(closedOnB).toHaveLength(onB.length);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const ids = acknowledged.map((receipt) => receipt.ballotId);
      const stored = await client.query(
        'select id from ballot_events where id = any($1::uuid[])',
        [ids],
      );
      expect(stored.rowCount).toBe(new Set(ids).size);
      const { rows } = await client.query(
        'select * from matters where id = $1',
        [matter.id],
      );
      expect(rows[0]).toMatchObject({
        live_status: 'closed',
        live_generation: 2,
      });
      expect(rows[0].close_snapshot).toMatchObject({
        reason: 'deadline',
        votesCast: 20,
      });
    } finally {
      await client.end();
    }
  }, 60_000);
});
