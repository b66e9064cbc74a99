import { BallotReceipt, type Ack } from '@livevote/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Database } from '../src/database/database';
import { ballotEvents, ballots } from '../src/database/schema';
import type { BallotInput } from '../src/ballots/ballots.repository';
import { holdNextBatch, watchQueue } from './support/ballot-batches';
import { createTenant, type TenantFixture } from './support/factories';
import { http } from './support/http';
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

const isError = (ack: Ack<unknown>): boolean =>
  typeof ack === 'object' && ack !== null && 'error' in ack;

/**
 * Two ballot batches in flight (BALLOT_BATCHES_IN_FLIGHT, the default): one batch commits
 * while another is still being written, and a member's later cast never overtakes its
 * earlier one (docs/benchmarks-history.md).
 */
describe('ballot batches in flight', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
    });
    tenant = await createTenant(gateway, { oneLiveMatter: false });
    voters = await createVoters(gateway, tenant, 3);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('commits a second batch while the first is held, and keeps a member in order behind it', async () => {
    expect(gateway.config.ballots.batchesInFlight).toBe(2);
    const matter = await createMatter(gateway, tenant, {
      name: 'Two batches',
      options: ['Yes', 'No'],
    });
    const started = await http(gateway.baseUrl).post(
      `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/action`,
      { action: 'start', duration: 600 },
      { token: tenant.token },
    );
    expect(started.status).toBe(204);
    const [x, y] = voters;
    const live = async (voter: VoterFixture) => {
      const socket = await connectLive(gateway.baseUrl, voter.token);
      sockets.push(socket);
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      return socket;
    };
    const [x1, x2, y1] = await Promise.all([live(x), live(x), live(y)]);

    // the first batch statement waits until released; every statement is recorded
    const held = holdNextBatch(gateway);
    const queue = watchQueue(gateway);

    const order: string[] = [];
    const cast = (socket: LiveClient, choice: string, key: string) =>
      request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: [choice],
        idempotencyKey: key,
      }).then((ack) => {
        order.push(key);
        return ack;
      });
    const first = cast(x1, 'Yes', 'x-first');
    await held.holding;
    const second = cast(x2, 'No', 'x-second');
    await queue.until(() => queue.keys.has('x-second'));
    // another member's ballot is written and answered while the first batch is held
    const other = await cast(y1, 'Yes', 'y-only');
    expect(isError(other)).toBe(false);
    expect(order).toEqual(['y-only']);
    const keysOf = (inputs: BallotInput[]) =>
      inputs.map((input) => input.idempotencyKey);
    expect(held.batches().map(keysOf)).toEqual([['x-first'], ['y-only']]);

    held.release();
    const [a, b] = await Promise.all([first, second]);
    expect(isError(a) || isError(b)).toBe(false);
    expect(order).toEqual(['y-only', 'x-first', 'x-second']);
    // the member's standing ballot is its last acknowledged cast
    const db = gateway.app.get(Database).db;
    const [standing] = await db
      .select()
      .from(ballots)
      .where(
        and(eq(ballots.matterId, matter.id), eq(ballots.memberId, x.memberId)),
      );
    expect(standing.choices).toEqual(['No']);
    expect(standing.receiptId).toBe(BallotReceipt.parse(b).ballotId);
    const events = await db
      .select({ key: ballotEvents.idempotencyKey })
      .from(ballotEvents)
      .where(eq(ballotEvents.matterId, matter.id));
    expect(events.map((event) => event.key).sort()).toEqual([
      'x-first',
      'x-second',
      'y-only',
    ]);
    vi.restoreAllMocks();
  });
});
