import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { AckError, BallotReceipt } from '@livevote/contracts';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TenantFixture } from './support/factories';
import {
  startGatewayProcess,
  TEST_JWT_SECRET,
  type GatewayProcess,
} from './support/gateway-process';
import { http } from './support/http';
import { connectLive, request, type LiveClient } from './support/live-client';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

/**
 * Answers the flooder may get before the test calls the flood unstopped: the gateway answers
 * at most its packet budget (a burst, then a rate a second) before it ends the socket, far
 * fewer than this; a gateway without a budget answers every packet.
 */
const UNSTOPPED_AFTER_ANSWERS = 5_000;

interface Flood {
  emitted: number;
  answered: number;
  /** The socket's disconnect reason, or null when it was still connected. */
  disconnect: string | null;
  /** What the gateway said before it closed the socket. */
  closing: AckError | null;
}

/**
 * One voter socket emitting `ballot.cast` as fast as this process can, each with its ack, a
 * chunk a turn of the event loop (so the other voters' acks are heard meanwhile), until the
 * gateway drops it or has answered UNSTOPPED_AFTER_ANSWERS of them.
 */
function flood(
  socket: LiveClient,
  matterKey: string,
): { underway: Promise<void>; done: Promise<Flood> } {
  let firstAnswer!: () => void;
  const underway = new Promise<void>((resolve) => (firstAnswer = resolve));
  const result: Flood = {
    emitted: 0,
    answered: 0,
    disconnect: null,
    closing: null,
  };
  (socket.on as (event: string, listener: (e: AckError) => void) => void)(
    'socket.closing',
    (event) => (result.closing = event),
  );
  const done = new Promise<Flood>((done) => {
    socket.once('disconnect', (reason) => {
      result.disconnect = reason;
      firstAnswer();
      done(result);
    });
    const answered = () => {
      result.answered += 1;
      firstAnswer();
      if (result.answered === UNSTOPPED_AFTER_ANSWERS) done(result);
    };
    const chunk = () => {
      if (!socket.connected || result.answered >= UNSTOPPED_AFTER_ANSWERS)
        return;
      for (let i = 0; i < 200; i += 1) {
        result.emitted += 1;
        socket.emit(
          'ballot.cast',
          {
            matterKey,
            choices: ['Yes'],
            idempotencyKey: `flood-${result.emitted}`,
          },
          answered,
        );
      }
      setImmediate(chunk);
    };
    chunk();
  });
  return { underway, done };
}

/**
 * docs/security.md, "One socket floods": a voter socket emitting ballots as fast as it can
 * has its packets dropped past its budget and is disconnected with a reason, while every
 * other voter's ballot on the same gateway process is acknowledged and stored.
 */
describe('a voter socket flooding ballot.cast', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let node: GatewayProcess;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let matter: { id: string };
  /** The largest ballot a matter allows: every one of 50 options of 500 three-byte characters. */
  let widest: { id: string; options: string[] };
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    database = await createTestDatabase();
    redis = createTestRedis();
    const fixtures: TestGateway = await startGateway({
      databaseUrl: database.url,
      env: { JWT_SECRET: TEST_JWT_SECRET },
    });
    try {
      tenant = await createTenant(fixtures, { oneLiveMatter: false });
      voters = await createVoters(fixtures, tenant, 34);
      matter = await createMatter(fixtures, tenant, {
        name: 'Flooded vote',
        options: ['Yes', 'No'],
      });
      const options = Array.from(
        { length: 50 },
        (_, i) => `${String(i).padStart(2, '0')}${'票'.repeat(498)}`,
      );
      widest = await createMatter(fixtures, tenant, {
        name: 'Widest ballot',
        options,
        choices: 50,
        order: 2,
      });
    } finally {
      await fixtures.close();
    }
    node = await startGatewayProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    });
    const chair = await http(node.baseUrl).post('/auth/token', {
      username: tenant.user.email,
      password: tenant.user.password,
    });
    for (const { id } of [matter, widest]) {
      const started = await http(node.baseUrl).post(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${id}/action`,
        { action: 'start', duration: 600 },
        { token: chair.body.access_token },
      );
      expect(started.status).toBe(204);
    }
  }, 180_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await node?.stop('SIGTERM');
    await redis?.cleanup();
    await database?.drop();
  });

  it('acknowledges and stores 30 other voters’ ballots, and disconnects the flooder with a reason', async () => {
    const [flooderVoter, ...others] = voters.slice(0, 31);
    const flooder: LiveClient = io(`${node.baseUrl}/live`, {
      auth: { token: flooderVoter.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(flooder);
    await new Promise<void>((resolve, reject) => {
      flooder.once('connect', resolve);
      flooder.once('connect_error', reject);
    });
    const voterSockets = await Promise.all(
      others.map(async (voter) => {
        const socket = await connectLive(node.baseUrl, voter.token);
        sockets.push(socket);
        const snapshot = await request(socket, 'subscribe', {
          shortCode: tenant.meeting.shortCode,
        });
        expect(snapshot).not.toHaveProperty('error');
        return socket;
      }),
    );

    const flooding = flood(flooder, matter.id);
    // the others cast once the flood is under way: its first answer is back
    await flooding.underway;
    const acks = await Promise.all(
      voterSockets.map((socket, i) =>
        request(socket, 'ballot.cast', {
          matterKey: matter.id,
          choices: [i % 2 ? 'Yes' : 'No'],
          idempotencyKey: `other-${i}`,
        }),
      ),
    );
    const result = await flooding.done;

    expect(acks.filter((ack) => 'error' in ack)).toEqual([]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // a ballot's id in its receipt is that of the cast that made it
      const { rows } = await client.query<{
        receipt_id: string;
        voter_id: string;
      }>('select receipt_id, voter_id from ballots where matter_id = $1', [
        matter.id,
      ]);
      const stored = new Map(rows.map((row) => [row.voter_id, row.receipt_id]));
      expect(others.map((voter) => stored.get(voter.voterId) ?? null)).toEqual(
        acks.map((ack) => (ack as BallotReceipt).ballotId),
      );
    } finally {
      await client.end();
    }
    expect({
      disconnect: result.disconnect,
      closing: result.closing,
      stoppedBeforeAnswering: result.answered < UNSTOPPED_AFTER_ANSWERS,
    }).toEqual({
      disconnect: 'io server disconnect',
      closing: {
        error: {
          status: 429,
          code: 'rate_limited',
          message: expect.stringContaining('Too many messages') as string,
        },
      },
      stoppedBeforeAnswering: true,
    });
  }, 120_000);

  const connectOnce = async (token: string) => {
    const socket: LiveClient = io(`${node.baseUrl}/live`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('answers a burst within the budget, every packet, and keeps the socket', async () => {
    const socket = await connectOnce(voters[31].token);
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        request(socket, 'ballot.cast', {
          matterKey: matter.id,
          choices: [],
          idempotencyKey: `empty-${i}`,
        }),
      ),
    );
    expect(
      new Set(answers.map((a) => ('error' in a ? a.error.code : 'stored'))),
    ).toEqual(new Set(['validation_failed']));
    expect(socket.connected).toBe(true);
  });

  it('takes the largest ballot a matter allows, under the message cap', async () => {
    const socket = await connectOnce(voters[32].token);
    const body = {
      matterKey: widest.id,
      choices: widest.options,
      idempotencyKey: 'widest',
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(75_000);
    const ack = await request(socket, 'ballot.cast', body);
    expect(ack).not.toHaveProperty('error');
    expect((ack as BallotReceipt).matterKey).toBe(widest.id);
  });

  it('closes a connection whose message is over the cap, unanswered', async () => {
    const socket = await connectOnce(voters[33].token);
    let answered: unknown = null;
    const closed = new Promise<string>((resolve) =>
      socket.once('disconnect', resolve),
    );
    socket.emit(
      'ballot.cast',
      {
        matterKey: matter.id,
        choices: Array.from({ length: 100 }, () => '票'.repeat(500)),
        idempotencyKey: 'too-wide',
      },
      (ack) => (answered = ack),
    );
    const outcome = await Promise.race([
      closed,
      request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: [],
        idempotencyKey: 'after',
      }).then(() => 'answered'),
    ]);
    expect({ outcome, answered }).toEqual({
      outcome: 'transport close',
      answered: null,
    });
  });
});
