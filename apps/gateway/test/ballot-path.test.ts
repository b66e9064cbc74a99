import {
  BallotReceipt,
  type Ack,
  type BallotCastMessage,
} from '@livevote/contracts';
import { and, eq } from 'drizzle-orm';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { Database } from '../src/database/database';
import { MetricsService } from '../src/metrics/metrics.service';
import { ballotEvents, ballots } from '../src/database/schema';
import { BallotIngestService } from '../src/ballots/ballot-ingest.service';
import type { BallotInput } from '../src/ballots/ballots.repository';
import { holdNextBatch, Signal, watchQueue } from './support/ballot-batches';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
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

/** These tests keep several matters live at once (docs/verdicts.md, one live matter). */
const SEVERAL_LIVE = { oneLiveMatter: false };

const CROWD = 200;

const isError = (
  ack: Ack<unknown>,
): ack is { error: { status: number; code: string } } =>
  typeof ack === 'object' && ack !== null && 'error' in ack;

describe('the ballot path', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let crowd: VoterFixture[];
  let crowdSockets: LiveClient[];
  let extra: VoterFixture[];
  const sockets: LiveClient[] = [];

  const live = async (voter: VoterFixture) => {
    const socket = await connectLive(gateway.baseUrl, voter.token);
    sockets.push(socket);
    return socket;
  };
  const start = async (matterId: string) =>
    expect(
      (
        await api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/action`,
          { action: 'start', duration: 600 },
          { token: tenant.token },
        )
      ).status,
    ).toBe(204);
  const castRest = (voter: VoterFixture, matterId: string, choices: string[]) =>
    api.post(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/ballots`,
      { choices },
      { token: voter.token },
    );
  const record = (
    matterId: string,
    memberKey: string,
    method: 'proxy' | 'other',
    choices: string[],
  ) =>
    api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/ballots`,
      { memberKey, choices, method },
      { token: tenant.token },
    );
  /** Checks a voter in at the desk: a manager's `other` ballot is for members present. */
  const checkIn = async (voter: VoterFixture) => {
    const result = await api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/check-ins`,
      { voterKey: voter.voterId },
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(201);
  };
  const cast = (socket: LiveClient, message: BallotCastMessage) =>
    request(socket, 'ballot.cast', message);
  /** Every crowd voter casts once over its socket. */
  const crowdCasts = (matterId: string, prefix: string) =>
    Promise.all(
      crowdSockets.map((socket, i) =>
        cast(socket, {
          matterKey: matterId,
          choices: [i % 2 ? 'Yes' : 'No'],
          idempotencyKey: `${prefix}-${i}`,
        }),
      ),
    );
  /** ballots_refused_total for one code, as /metrics reports it. */
  const refusals = async (code: string) => {
    const metric = await gateway.app
      .get(MetricsService)
      .registry.getSingleMetric('ballots_refused_total')!
      .get();
    return (
      metric.values.find((value) => value.labels.code === code)?.value ?? 0
    );
  };
  const db = () => gateway.app.get(Database).db;
  const storedBallots = (matterId: string) =>
    db().select().from(ballots).where(eq(ballots.matterId, matterId));
  const storedKeys = async (matterId: string) =>
    (
      await db()
        .select({ key: ballotEvents.idempotencyKey })
        .from(ballotEvents)
        .where(eq(ballotEvents.matterId, matterId))
    ).map((row) => row.key);

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
      // holding the one batch in flight holds the database: what is sent meanwhile queues
      // (test/ballot-batches.test.ts has two in flight)
      // the in-flight caps are tested here with a thousand emits at once from one socket,
      // five times the packet budget (test/live-flood.test.ts tests that)
      env: { BALLOT_BATCHES_IN_FLIGHT: '1', LIVE_PACKET_BURST: '10000' },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway, SEVERAL_LIVE);
    const voters = await createVoters(gateway, tenant, CROWD + 10);
    crowd = voters.slice(0, CROWD);
    extra = voters.slice(CROWD);
    crowdSockets = await Promise.all(crowd.map(live));
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('refuses an idempotency key holding U+0000 or a lone surrogate with 400, and counts the 200 ballots sent with it', async () => {
    const matter = await createMatter(gateway, tenant, {
      name: 'Poisoned keys',
      options: ['Yes', 'No'],
    });
    await start(matter.id);
    const poisoners = await Promise.all([live(extra[1]), live(extra[2])]);
    const poisonKeys = ['nul\u0000key', 'lone-\ud800-surrogate'];
    const held = holdNextBatch(gateway);
    const queue = watchQueue(gateway);
    const blocker = castRest(extra[0], matter.id, ['Yes']);
    await held.holding;

    // queued behind the held batch, they would all go to the database in the next one
    const poisoned = poisoners.map((socket, i) =>
      cast(socket, {
        matterKey: matter.id,
        choices: ['Yes'],
        idempotencyKey: poisonKeys[i],
      }),
    );
    const answered = poisoned.map((ack) => ack.then(() => true));
    await Promise.all(
      poisonKeys.map((key, i) =>
        Promise.race([answered[i], queue.until(() => queue.keys.has(key))]),
      ),
    );
    const good = crowdCasts(matter.id, 'poison-burst');
    await queue.until(() =>
      crowd.every((_, i) => queue.keys.has(`poison-burst-${i}`)),
    );
    held.release();

    for (const ack of await Promise.all(poisoned)) {
      expect(ack).toMatchObject({
        error: { status: 400, code: 'invalid_idempotency_key' },
      });
    }
    const acks = await good;
    expect(acks.filter(isError)).toEqual([]);
    expect((await blocker).status).toBe(201);
    const stored = await storedBallots(matter.id);
    expect(stored).toHaveLength(CROWD + 1);
    expect((await storedKeys(matter.id)).sort()).toEqual(
      [null, ...crowd.map((_, i) => `poison-burst-${i}`)].sort(),
    );
    for (const ack of acks) {
      expect(stored.map((row) => row.receiptId)).toContain(
        BallotReceipt.parse(ack).ballotId,
      );
    }
  });

  it('refuses only the row the database cannot store and writes the rest of its batch', async () => {
    const matter = await createMatter(gateway, tenant, {
      name: 'Poisoned row',
      options: ['Yes', 'No'],
    });
    await start(matter.id);
    const held = holdNextBatch(gateway);
    const queue = watchQueue(gateway);
    const blocker = castRest(extra[0], matter.id, ['Yes']);
    await held.holding;

    const good = crowdCasts(matter.id, 'row-burst');
    await queue.until(() => queue.keys.size >= CROWD / 2);
    // a row that reached the queue without the edge's checks: PostgreSQL refuses U+0000 in text
    const poisoned = gateway.app
      .get(BallotIngestService)
      .submit({
        matterId: matter.id,
        memberId: extra[3].memberId,
        voterId: extra[3].voterId,
        recordedBy: null,
        kind: 'voter',
        choices: ['No'],
        votes: null,
        idempotencyKey: 'row\u0000poison',
      })
      .then(
        () => ({ status: 0, code: 'accepted' }),
        (error: { status: number; code: string }) => error,
      );
    await queue.until(() =>
      crowd.every((_, i) => queue.keys.has(`row-burst-${i}`)),
    );
    held.release();

    expect(await poisoned).toMatchObject({
      status: 400,
      code: 'invalid_ballot',
    });
    const acks = await good;
    expect(acks.filter(isError)).toEqual([]);
    expect((await blocker).status).toBe(201);
    // it really shared its batch with the crowd
    const withPoison = held
      .batches()
      .find((inputs: BallotInput[]) =>
        inputs.some((input) => input.idempotencyKey === 'row\u0000poison'),
      )!;
    expect(withPoison.length).toBeGreaterThan(CROWD);
    const stored = await storedBallots(matter.id);
    expect(stored).toHaveLength(CROWD + 1);
    expect(stored.map((row) => row.memberId)).not.toContain(extra[3].memberId);
  });

  it("refuses a deleted voter's ballot with 401 voter_removed and writes the rest of its batch", async () => {
    const matter = await createMatter(gateway, tenant, {
      name: 'Deleted voter',
      options: ['Yes', 'No'],
    });
    await start(matter.id);
    const leaving = extra[4];
    const held = holdNextBatch(gateway);
    const queue = watchQueue(gateway);
    const blocker = castRest(extra[0], matter.id, ['Yes']);
    await held.holding;

    // queued while the batch before it commits; the voter is deleted before its own batch runs
    // (over HTTP: deleting the voter also disconnects its sockets, docs/security.md)
    const orphan = api.post(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
      { choices: ['No'] },
      { token: leaving.token, headers: { 'idempotency-key': 'deleted-voter' } },
    );
    const good = crowdCasts(matter.id, 'deleted-burst');
    await queue.until(
      () =>
        queue.keys.has('deleted-voter') &&
        crowd.every((_, i) => queue.keys.has(`deleted-burst-${i}`)),
    );
    expect(
      (
        await api.delete(
          `/v1/Meetings/${tenant.meeting.shortCode}/members/${leaving.memberId}/voters/${encodeURIComponent(
            `${leaving.unit.toLowerCase()}@owners.test`,
          )}`,
          { token: tenant.token },
        )
      ).status,
    ).toBe(204);
    held.release();

    expect(await orphan).toMatchObject({
      status: 401,
      body: { code: 'voter_removed' },
    });
    const acks = await good;
    expect(acks.filter(isError)).toEqual([]);
    expect((await blocker).status).toBe(201);
    const stored = await storedBallots(matter.id);
    expect(stored).toHaveLength(CROWD + 1);
    expect(await storedKeys(matter.id)).not.toContain('deleted-voter');
  });

  it('refuses a flood from one member at once with 429 and keeps the queue to what every other member sent', async () => {
    const matter = await createMatter(gateway, tenant, {
      name: 'Flood',
      options: ['Yes', 'No'],
    });
    await start(matter.id);
    const flooder = extra[8];
    const floodSockets = await Promise.all([0, 1, 2].map(() => live(flooder)));
    const others = crowdSockets.slice(0, 50);
    const refusedBefore = await refusals('too_many_in_flight');
    const held = holdNextBatch(gateway);
    const queue = watchQueue(gateway);
    const blocker = castRest(extra[0], matter.id, ['Yes']);
    await held.holding;

    const EMITS = 1000;
    const answered = new Signal();
    const refused = [0, 0, 0];
    /** A thousand emits from one socket, none waiting for the one before. */
    const flood = (s: number) =>
      Promise.all(
        Array.from({ length: EMITS }, (_, k) =>
          cast(floodSockets[s], {
            matterKey: matter.id,
            choices: ['Yes'],
            idempotencyKey: `flood-${s}-${k}`,
          }).then((ack) => {
            if (isError(ack)) refused[s] += 1;
            answered.poke();
            return ack;
          }),
        ),
      );
    const queuedFrom = (s: number) =>
      [...queue.keys].filter((key) => key?.startsWith(`flood-${s}-`)).length;
    const floods: Promise<Ack<BallotReceipt>[]>[] = [];
    // one socket after the other: 2 places a socket, 4 a member
    for (const [s, admitted] of [
      [0, 2],
      [1, 2],
      [2, 0],
    ]) {
      floods.push(flood(s));
      await Promise.race([
        answered.until(() => refused[s] === EMITS - admitted),
        queue.until(() => queuedFrom(s) === EMITS),
      ]);
    }
    const rest = api.post(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
      { choices: ['No'] },
      { token: flooder.token, headers: { 'idempotency-key': 'flood-rest' } },
    );
    await Promise.race([rest, queue.until(() => queue.keys.has('flood-rest'))]);
    const othersAcks = Promise.all(
      others.map((socket, i) =>
        cast(socket, {
          matterKey: matter.id,
          choices: ['No'],
          idempotencyKey: `beside-flood-${i}`,
        }),
      ),
    );
    await queue.until(() =>
      others.every((_, i) => queue.keys.has(`beside-flood-${i}`)),
    );
    // the queue's gauge is read when scraped: the others and the flooder's places, waiting
    const [gauge] = (
      await gateway.app
        .get(MetricsService)
        .registry.getSingleMetric('ballot_queue_length')!
        .get()
    ).values;
    expect(gauge.value).toBe(gateway.app.get(BallotIngestService).queued);
    expect(gauge.value).toBeGreaterThanOrEqual(others.length + 1);
    held.release();

    expect((await othersAcks).filter(isError)).toEqual([]);
    expect((await blocker).status).toBe(201);
    const flooded = await Promise.all(floods);
    const admittedPerSocket = flooded.map(
      (acks) => acks.filter((ack) => !isError(ack)).length,
    );
    expect(admittedPerSocket).toEqual([2, 2, 0]);
    for (const ack of flooded.flat().filter(isError)) {
      expect(ack).toMatchObject({
        error: { status: 429, code: 'too_many_in_flight' },
      });
    }
    const restAnswer = await rest;
    expectProblem(restAnswer, 429, 'too_many_in_flight');
    expect(restAnswer.headers.get('retry-after')).toBe('1');
    // the queue never held more than the flooder's 4 places beside the other 50 members
    expect(queue.deepest).toBeLessThanOrEqual(4 + others.length);
    expect((await refusals('too_many_in_flight')) - refusedBefore).toBe(
      3 * EMITS - 4 + 1,
    );
  });

  it("never lets a manager-recorded ballot replace a voter's own early ballot", async () => {
    const matter = await createMatter(gateway, tenant, {
      name: 'Early, then paper',
      options: ['Yes', 'No'],
    });
    const voter = extra[5];
    const early = await castRest(voter, matter.id, ['No']);
    expect(early.status).toBe(201);
    for (const present of [extra[5], extra[6]]) await checkIn(present);

    expectProblem(
      await record(matter.id, voter.memberId, 'proxy', ['Yes']),
      409,
      'ballot_locked',
    );
    expectProblem(
      await record(matter.id, voter.memberId, 'other', ['Yes']),
      409,
      'ballot_locked',
    );
    await start(matter.id);
    expectProblem(
      await record(matter.id, voter.memberId, 'other', ['Yes']),
      409,
      'ballot_locked',
    );

    const [own] = await db()
      .select()
      .from(ballots)
      .where(
        and(
          eq(ballots.matterId, matter.id),
          eq(ballots.memberId, voter.memberId),
        ),
      );
    expect(own).toMatchObject({
      method: 'proxy',
      voterId: voter.voterId,
      choices: ['No'],
      receiptId: early.body.ballotId,
    });
    // a manager's own paper proxy can still be corrected, by paper or on the floor
    const paperMember = extra[6].memberId;
    expect(
      (await record(matter.id, paperMember, 'proxy', ['Yes'])).status,
    ).toBe(201);
    expect((await record(matter.id, paperMember, 'other', ['No'])).status).toBe(
      201,
    );
  });

  it("never lets a manager-recorded ballot replace a voter's own live ballot", async () => {
    const matter = await createMatter(gateway, tenant, {
      name: 'Live, then paper',
      options: ['Yes', 'No'],
    });
    await start(matter.id);
    const voter = extra[7];
    const own = await castRest(voter, matter.id, ['No']);
    expect(own.status).toBe(201);
    await checkIn(voter);
    for (const method of ['proxy', 'other'] as const) {
      expectProblem(
        await record(matter.id, voter.memberId, method, ['Yes']),
        409,
        'ballot_locked',
      );
    }
    const [stored] = await db()
      .select()
      .from(ballots)
      .where(
        and(
          eq(ballots.matterId, matter.id),
          eq(ballots.memberId, voter.memberId),
        ),
      );
    expect(stored).toMatchObject({
      method: 'live',
      voterId: voter.voterId,
      choices: ['No'],
      receiptId: own.body.ballotId,
    });
  });
});
