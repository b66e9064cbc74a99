import {
  BallotReceipt,
  FloorBallotResponse,
  HolderCastResponse,
  HolderView,
  Matter,
  MatterTallyEvent,
  MemberProxy,
  OwnBallot,
  PendingFloorBallot,
  PublishedCount,
  ReceiptStatus,
} from '@livevote/contracts';
import { tally, type VotingMethod } from '@livevote/rules';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AccountsService } from '../src/accounts/accounts.service';
import { ChainSealingService } from '../src/audit/chain-sealing.service';
import { ChainVerificationService } from '../src/audit/chain-verification.service';
import { BallotIngestService } from '../src/ballots/ballot-ingest.service';
import { Database } from '../src/database/database';
import {
  ballotEvents,
  ballots,
  voters as votersTable,
} from '../src/database/schema';
import { LiveVotingRepository } from '../src/voting/live-voting.repository';
import { countersFromBallots } from '../src/voting/tally';
import {
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { connectLive, request, type LiveClient } from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const CANDIDATES = ['Ann', 'Bob', 'Cid', 'Dee'];
const SECRETARY = 'The Secretary';

/**
 * Cumulative and ranked ballots go through the one ballot intake on every route (docs/elections.md):
 * the voter's REST and socket casts, a manager's ballot, floor sheets, proxies' directions and a
 * holder's split; they are stored as marks (choices, and votes for cumulative), shown back in
 * the shape they were cast, refused with `invalid_allocation` / `invalid_ranking` and the path
 * of the fault, and counted live as a recount of the ballots table counts them.
 */
describe('Election ballots', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let clerkB: string;
  let voters: VoterFixture[];
  let chair: LiveClient;
  const sockets: LiveClient[] = [];
  /** Every tally event the chair received, by matter. */
  const tallies = new Map<string, MatterTallyEvent[]>();
  let cumulative: Matter;
  let ranked: Matter;
  let plurality: Matter;
  let secretaryKey: string;

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asManager = () => ({ token: tenant.token });
  const db = () => gateway.app.get(Database).db;

  const createMatter = async (body: object) => {
    const result = await api.post(
      `${base()}/matters`,
      { options: CANDIDATES, secretBallot: false, ...body },
      asManager(),
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const start = async (matter: Matter) => {
    const result = await api.post(
      `${base()}/matters/${matter.key}/action`,
      { action: 'start', duration: 3600 },
      asManager(),
    );
    expect(result.status, result.text).toBe(204);
  };
  const cast = (i: number, matter: Matter, body: object) =>
    api.post(`${portal()}/matters/${matter.key}/ballots`, body, {
      token: voters[i].token,
    });
  const castOk = async (i: number, matter: Matter, body: object) => {
    const result = await cast(i, matter, body);
    expect(result.status, result.text).toBe(201);
    return BallotReceipt.parse(result.body);
  };
  const own = async (i: number, matter: Matter) => {
    const result = await api.get(`${portal()}/matters/${matter.key}/ballot`, {
      token: voters[i].token,
    });
    expect(result.status, result.text).toBe(200);
    return OwnBallot.parse(result.body);
  };
  const stored = async (i: number, matter: Matter) => {
    const [row] = await db()
      .select()
      .from(ballots)
      .where(
        and(
          eq(ballots.matterId, matter.key),
          eq(ballots.memberId, voters[i].memberId),
        ),
      );
    return row;
  };
  /** A 400 with the code and `errors[]` naming the path. */
  const refused = async (
    result: Parameters<typeof expectProblem>[0],
    code: string,
    path: string,
  ) => {
    const body = expectProblem(result, 400, code) as unknown as {
      errors?: { path: string }[];
    };
    expect(body.errors?.map((error) => error.path)).toContain(path);
  };
  const live = async (token: string) => {
    const socket = await connectLive(gateway.baseUrl, token);
    sockets.push(socket);
    const snapshot = await request(socket, 'subscribe', {
      shortCode: shortCode(),
    });
    expect(snapshot).not.toHaveProperty('error');
    return socket;
  };
  const paperProxy = async (i: number, directions: object[]) => {
    const result = await api.post(
      `${base()}/proxies`,
      {
        memberKey: voters[i].memberId,
        signedName: `Owner ${voters[i].unit}`,
        holder: { isDefault: true, name: SECRETARY },
        directions,
      },
      asManager(),
    );
    expect(result.status, result.text).toBe(201);
    const proxy = MemberProxy.parse(result.body);
    const verified = await api.post(
      `${base()}/proxies/${proxy.key}/verify`,
      undefined,
      asManager(),
    );
    expect(verified.status, verified.text).toBe(200);
    return proxy;
  };
  /** The ballots table of a matter, as a recount reads it. */
  const ballotsOf = (matter: Matter) =>
    db()
      .select({
        method: ballots.method,
        choices: ballots.choices,
        votes: ballots.votes,
        weight: ballots.weight,
      })
      .from(ballots)
      .where(eq(ballots.matterId, matter.key));

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    const second = await createUser(gateway);
    await gateway.app
      .get(AccountsService)
      .adminSetMembership(tenant.account.key, second.email, true);
    clerkB = await signIn(gateway, second);
    voters = await createVoters(gateway, tenant, 12);
    expect(
      (
        await api.patch(
          `${base()}/settings`,
          // the three elections are live together
          { defaultProxyHolders: [SECRETARY], oneLiveMatter: false },
          asManager(),
        )
      ).status,
    ).toBe(200);
    cumulative = await createMatter({
      name: 'Elect three directors (cumulative)',
      votingMethod: 'cumulative',
      choices: 3,
      openVerification: true,
    });
    ranked = await createMatter({
      name: 'Elect two directors (ranked)',
      votingMethod: 'ranked',
      choices: 2,
    });
    plurality = await createMatter({ name: 'Elect a chair', choices: 1 });
    chair = await live(tenant.token);
    chair.on('matter.tally', (event) => {
      tallies.set(event.matterKey, [
        ...(tallies.get(event.matterKey) ?? []),
        event,
      ]);
    });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('the matter', () => {
    it('keeps its voting method, and a simple majority threshold when none is given', () => {
      expect(cumulative).toMatchObject({
        votingMethod: 'cumulative',
        choices: 3,
        threshold: { numerator: 1, denominator: 2, strict: true },
      });
      expect(ranked.votingMethod).toBe('ranked');
      expect(plurality.votingMethod).toBe('plurality');
    });

    it('refuses a threshold on a cumulative or ranked matter, on create and PATCH', async () => {
      const created = await api.post(
        `${base()}/matters`,
        {
          name: 'No threshold',
          options: CANDIDATES,
          votingMethod: 'ranked',
          threshold: { numerator: 2, denominator: 3, strict: false },
        },
        asManager(),
      );
      await refused(created, 'validation_failed', 'threshold');
      await refused(
        await api.patch(
          `${base()}/matters/${cumulative.key}`,
          { threshold: { numerator: 2, denominator: 3, strict: false } },
          asManager(),
        ),
        'validation_failed',
        'threshold',
      );
    });

    it('changes its method by PATCH until it holds ballots, then 409', async () => {
      const scratch = await createMatter({ name: 'Scratch' });
      const changed = await api.patch(
        `${base()}/matters/${scratch.key}`,
        { votingMethod: 'ranked' },
        asManager(),
      );
      expect(changed.status, changed.text).toBe(200);
      expect(Matter.parse(changed.body).votingMethod).toBe('ranked');
      // an early ballot (the matter is pending, early voting is open)
      await castOk(11, scratch, { ranking: ['Dee', 'Ann'] });
      expectProblem(
        await api.patch(
          `${base()}/matters/${scratch.key}`,
          { votingMethod: 'plurality' },
          asManager(),
        ),
        409,
        'matter_has_ballots',
      );
      // the same method again changes nothing
      const same = await api.patch(
        `${base()}/matters/${scratch.key}`,
        { votingMethod: 'ranked' },
        asManager(),
      );
      expect(same.status, same.text).toBe(200);
    });
  });

  describe('proxies given before the vote', () => {
    it('takes a ranked direction and refuses a malformed one with its path', async () => {
      await refused(
        await api.post(
          `${base()}/proxies`,
          {
            memberKey: voters[6].memberId,
            signedName: `Owner ${voters[6].unit}`,
            holder: { isDefault: true, name: SECRETARY },
            directions: [{ matterKey: ranked.key, ranking: ['Dee', 'Dee'] }],
          },
          asManager(),
        ),
        'invalid_ranking',
        'directions.0.ranking.1',
      );
      await refused(
        await api.post(
          `${base()}/proxies`,
          {
            memberKey: voters[6].memberId,
            signedName: `Owner ${voters[6].unit}`,
            holder: { isDefault: true, name: SECRETARY },
            directions: [
              {
                matterKey: cumulative.key,
                allocations: [{ option: 'Ann', votes: 4 }],
              },
            ],
          },
          asManager(),
        ),
        'invalid_allocation',
        'directions.0.allocations.0.votes',
      );
      const proxy = await paperProxy(6, [
        { matterKey: ranked.key, ranking: ['Dee', 'Bob'] },
        {
          matterKey: cumulative.key,
          allocations: [
            { option: 'Cid', votes: 2 },
            { option: 'Dee', votes: 1 },
          ],
        },
      ]);
      // stored and shown as the body of each matter's method; the rest at discretion
      expect(proxy.directions).toEqual(
        expect.arrayContaining([
          { matterKey: ranked.key, ranking: ['Dee', 'Bob'] },
          {
            matterKey: cumulative.key,
            allocations: [
              { option: 'Cid', votes: 2 },
              { option: 'Dee', votes: 1 },
            ],
          },
          { matterKey: plurality.key, choices: null },
        ]),
      );
      // discretionary proxies of 7 and 8, for the holder's split below
      await paperProxy(7, []);
      const discretionary = await paperProxy(8, []);
      secretaryKey = discretionary.holder.key;
    });

    it("takes a voter's own proxy form with a cumulative direction from the portal", async () => {
      const submit = (directions: object[]) =>
        api.post(
          `${portal()}/proxy`,
          {
            signedName: `Owner ${voters[11].unit}`,
            agree: true,
            holder: { isDefault: true, name: SECRETARY },
            directions,
          },
          { token: voters[11].token },
        );
      await refused(
        await submit([
          {
            matterKey: cumulative.key,
            allocations: [{ option: 'Ann', votes: 0 }],
          },
        ]),
        'invalid_allocation',
        'directions.0.allocations.0.votes',
      );
      await refused(
        await submit([{ matterKey: ranked.key, choices: ['Ann'] }]),
        'invalid_ranking',
        'directions.0.choices',
      );
      const result = await submit([
        {
          matterKey: cumulative.key,
          allocations: [{ option: 'Bob', votes: 3 }],
        },
      ]);
      expect(result.status, result.text).toBe(201);
      expect(MemberProxy.parse(result.body).directions).toContainEqual({
        matterKey: cumulative.key,
        allocations: [{ option: 'Bob', votes: 3 }],
      });
    });

    it('casts the directed ballots when the matters open', async () => {
      for (const matter of [cumulative, ranked, plurality]) await start(matter);
      expect(await stored(6, ranked)).toMatchObject({
        method: 'proxy',
        choices: ['Dee', 'Bob'],
        votes: null,
      });
      expect(await stored(6, cumulative)).toMatchObject({
        method: 'proxy',
        choices: ['Cid', 'Dee'],
        votes: [2, 1],
      });
    });
  });

  describe('voters', () => {
    it('cast and replace a cumulative ballot by REST, and see it back', async () => {
      const first = await castOk(0, cumulative, {
        allocations: [
          { option: 'Ann', votes: 2 },
          { option: 'Cid', votes: 1 },
        ],
      });
      expect(await own(0, cumulative)).toMatchObject({
        ballotId: first.ballotId,
        choices: ['Ann', 'Cid'],
        allocations: [
          { option: 'Ann', votes: 2 },
          { option: 'Cid', votes: 1 },
        ],
      });
      await castOk(0, cumulative, {
        allocations: [{ option: 'Bob', votes: 3 }],
      });
      expect(await stored(0, cumulative)).toMatchObject({
        method: 'live',
        choices: ['Bob'],
        votes: [3],
        prevChoices: ['Ann', 'Cid'],
        prevVotes: [2, 1],
      });
      const [event] = await db()
        .select()
        .from(ballotEvents)
        .where(eq(ballotEvents.id, first.ballotId));
      expect(event).toMatchObject({ choices: ['Ann', 'Cid'], votes: [2, 1] });
      // fewer votes than the member has is a valid ballot
      await castOk(1, cumulative, {
        allocations: [{ option: 'Ann', votes: 1 }],
      });
      await castOk(2, cumulative, {
        allocations: [
          { option: 'Dee', votes: 1 },
          { option: 'Ann', votes: 1 },
          { option: 'Cid', votes: 1 },
        ],
      });
    });

    it('cast and replace a ranked ballot over the socket, and see it back', async () => {
      const socket = await live(voters[3].token);
      const first = BallotReceipt.parse(
        await request(socket, 'ballot.cast', {
          matterKey: ranked.key,
          ranking: ['Cid', 'Ann', 'Bob'],
        }),
      );
      expect(await own(3, ranked)).toMatchObject({
        ballotId: first.ballotId,
        choices: ['Cid', 'Ann', 'Bob'],
        ranking: ['Cid', 'Ann', 'Bob'],
      });
      BallotReceipt.parse(
        await request(socket, 'ballot.cast', {
          matterKey: ranked.key,
          ranking: ['Ann'],
        }),
      );
      expect(await stored(3, ranked)).toMatchObject({
        choices: ['Ann'],
        votes: null,
        prevChoices: ['Cid', 'Ann', 'Bob'],
      });
      // a cumulative ballot over the socket too
      BallotReceipt.parse(
        await request(socket, 'ballot.cast', {
          matterKey: cumulative.key,
          allocations: [{ option: 'Dee', votes: 3 }],
        }),
      );
      expect((await own(3, cumulative)).allocations).toEqual([
        { option: 'Dee', votes: 3 },
      ]);
      await castOk(4, ranked, { ranking: ['Bob', 'Cid'] });
      await castOk(5, ranked, { ranking: ['Ann', 'Dee', 'Bob', 'Cid'] });
      await castOk(0, plurality, { choices: ['Cid'] });
    });

    it('get receipts that show the allocation or the ranking', async () => {
      const receipt = await castOk(9, cumulative, {
        allocations: [
          { option: 'Cid', votes: 1 },
          { option: 'Bob', votes: 2 },
        ],
      });
      const result = await api.get(`${portal()}/receipts/${receipt.receipt}`, {
        token: voters[9].token,
      });
      expect(result.status, result.text).toBe(200);
      expect(ReceiptStatus.parse(result.body)).toMatchObject({
        choices: ['Cid', 'Bob'],
        allocations: [
          { option: 'Cid', votes: 1 },
          { option: 'Bob', votes: 2 },
        ],
      });
      const rankedReceipt = await castOk(9, ranked, { ranking: ['Dee'] });
      const shown = await api.get(
        `${portal()}/receipts/${rankedReceipt.receipt}`,
        { token: voters[9].token },
      );
      expect(ReceiptStatus.parse(shown.body)).toMatchObject({
        choices: ['Dee'],
        ranking: ['Dee'],
      });
    });

    describe('refusals', () => {
      const allocations = (...pairs: [string, unknown][]) => ({
        allocations: pairs.map(([option, votes]) => ({ option, votes })),
      });

      it.each([
        [
          'allocations adding up past choices',
          allocations(['Ann', 2], ['Bob', 2]),
          'allocations.1.votes',
        ],
        ['zero votes', allocations(['Ann', 0]), 'allocations.0.votes'],
        ['negative votes', allocations(['Ann', -1]), 'allocations.0.votes'],
        [
          'a fraction of a vote',
          allocations(['Ann', 1.5]),
          'allocations.0.votes',
        ],
        ['a billion votes', allocations(['Ann', 1e9]), 'allocations.0.votes'],
        [
          'an option named twice',
          allocations(['Ann', 1], ['Ann', 1]),
          'allocations.1.option',
        ],
        ['no allocation at all', { allocations: [] }, 'allocations'],
        ['a plurality body', { choices: ['Ann'] }, 'choices'],
        ['a ranked body', { ranking: ['Ann'] }, 'ranking'],
      ])(
        'cumulative: %s is 400 invalid_allocation',
        async (_name, body, path) => {
          await refused(
            await cast(10, cumulative, body),
            'invalid_allocation',
            path,
          );
        },
      );

      it.each([
        [
          'a ranking that repeats',
          { ranking: ['Ann', 'Bob', 'Ann'] },
          'ranking.2',
        ],
        ['an empty ranking', { ranking: [] }, 'ranking'],
        ['an allocation body', allocations(['Ann', 1]), 'allocations'],
      ])('ranked: %s is 400 invalid_ranking', async (_name, body, path) => {
        await refused(await cast(10, ranked, body), 'invalid_ranking', path);
      });

      it.each([
        [() => cumulative, allocations(['Zed', 1]), 'allocations.0.option'],
        // ballots name the canonical options: a label in other words is not one
        [() => cumulative, allocations(['ann', 1]), 'allocations.0.option'],
        [() => ranked, { ranking: ['Ann', 'Anne (fr)'] }, 'ranking.1'],
        [() => plurality, { choices: ['Zed'] }, 'choices.0'],
      ])(
        'an unknown option is 400 invalid_choice (%#)',
        async (matterOf, body, path) => {
          await refused(
            await cast(10, matterOf(), body),
            'invalid_choice',
            path,
          );
        },
      );

      it('keeps the plurality codes', async () => {
        await refused(
          await cast(10, plurality, { choices: ['Ann', 'Bob'] }),
          'too_many_choices',
          'choices',
        );
        await refused(
          await cast(10, plurality, { choices: ['Ann', 'Ann'] }),
          'duplicate_choice',
          'choices.1',
        );
      });

      it.each([
        [
          'both choices and ranking',
          { choices: ['Ann'], ranking: ['Ann'] },
          'ranking',
        ],
        ['no body at all', {}, 'choices'],
        ['an unknown field', { ranking: ['Ann'], weight: 5 }, 'weight'],
        [
          'an unknown field in an allocation',
          { allocations: [{ option: 'Ann', votes: 1, shares: 9 }] },
          'allocations.0.shares',
        ],
        ['votes as text', allocations(['Ann', '2']), 'allocations.0.votes'],
        ['a control character', { ranking: ['Ann\u0007'] }, 'ranking.0'],
        ['a ranking of numbers', { ranking: [1, 2] }, 'ranking.0'],
      ])('%s is 400 validation_failed', async (_name, body, path) => {
        await refused(await cast(10, ranked, body), 'validation_failed', path);
      });

      it('refuses over the socket with the same codes, as error acks', async () => {
        const socket = await live(voters[10].token);
        const ack = async (body: object) =>
          (await request(socket, 'ballot.cast', body as never)) as {
            error?: { status: number; code: string };
          };
        expect(
          await ack({
            matterKey: cumulative.key,
            ...allocations(['Ann', 2], ['Bob', 2]),
          }),
        ).toMatchObject({ error: { status: 400, code: 'invalid_allocation' } });
        expect(
          await ack({ matterKey: ranked.key, ranking: ['Bob', 'Bob'] }),
        ).toMatchObject({ error: { status: 400, code: 'invalid_ranking' } });
        expect(
          await ack({ matterKey: ranked.key, ranking: ['Zed'] }),
        ).toMatchObject({ error: { status: 400, code: 'invalid_choice' } });
        expect(
          await ack({
            matterKey: ranked.key,
            ranking: ['Ann'],
            choices: ['Ann'],
          }),
        ).toMatchObject({ error: { status: 400, code: 'validation_failed' } });
      });

      it('refuses in the batch statement too, with the code of the problem the row has', async () => {
        // a ballot that reached the queue without the intake's check (a stale cached matter)
        const ingest = gateway.app.get(BallotIngestService);
        const submit = (
          matter: Matter,
          choices: string[],
          votes: number[] | null,
        ) =>
          ingest.submit({
            matterId: matter.key,
            memberId: voters[10].memberId,
            voterId: voters[10].voterId,
            recordedBy: null,
            kind: 'voter',
            choices,
            votes,
            idempotencyKey: null,
          });
        await expect(submit(cumulative, ['Ann'], [9])).rejects.toMatchObject({
          status: 400,
          code: 'invalid_allocation',
        });
        await expect(
          submit(ranked, ['Ann', 'Ann'], null),
        ).rejects.toMatchObject({
          status: 400,
          code: 'invalid_ranking',
        });
        await expect(submit(plurality, ['Zed'], null)).rejects.toMatchObject({
          status: 400,
          code: 'invalid_choice',
        });
      });

      it('stored nothing for any refused ballot', async () => {
        for (const matter of [cumulative, ranked, plurality])
          expect(await stored(10, matter)).toBeUndefined();
      });
    });
  });

  describe('managers, clerks and holders', () => {
    it('record a cumulative ballot for a member, and refuse a bad one', async () => {
      const result = await api.post(
        `${base()}/matters/${cumulative.key}/ballots`,
        {
          memberKey: voters[5].memberId,
          method: 'proxy',
          allocations: [
            { option: 'Ann', votes: 1 },
            { option: 'Bob', votes: 1 },
          ],
        },
        asManager(),
      );
      expect(result.status, result.text).toBe(201);
      expect(await stored(5, cumulative)).toMatchObject({
        method: 'proxy',
        choices: ['Ann', 'Bob'],
        votes: [1, 1],
      });
      await refused(
        await api.post(
          `${base()}/matters/${ranked.key}/ballots`,
          {
            memberKey: voters[5].memberId,
            method: 'proxy',
            ranking: ['Bob', 'Bob'],
          },
          asManager(),
        ),
        'invalid_ranking',
        'ranking.1',
      );
    });

    it('count a floor sheet with a ranking once two clerks typed the same order', async () => {
      await db()
        .update(votersTable)
        .set({ checkedInAt: new Date() })
        .where(inArray(votersTable.id, [voters[2].voterId]));
      const settings = await api.patch(
        `${base()}/settings`,
        { floorDoubleEntry: true },
        asManager(),
      );
      expect(settings.status, settings.text).toBe(200);
      const floor = (body: object, token: string) =>
        api.post(`${base()}/matters/${ranked.key}/floor-ballots`, body, {
          token,
        });
      const sheet = (ranking: string[], entry: 1 | 2) => ({
        memberKey: voters[2].memberId,
        ranking,
        entry,
      });
      const first = await floor(sheet(['Bob', 'Ann'], 1), tenant.token);
      expect(FloorBallotResponse.parse(first.body).status).toBe('pending');
      // the same options in another order is another ballot
      const other = await floor(sheet(['Ann', 'Bob'], 2), clerkB);
      expect(FloorBallotResponse.parse(other.body).status).toBe('mismatch');
      const waiting = await api.get(
        `${base()}/matters/${ranked.key}/floor-ballots/pending`,
        asManager(),
      );
      const [pending] = z.array(PendingFloorBallot).parse(waiting.body);
      expect(pending.entries.map((entry) => entry.ranking)).toEqual(
        expect.arrayContaining([
          ['Bob', 'Ann'],
          ['Ann', 'Bob'],
        ]),
      );
      await refused(
        await floor(sheet(['Bob', 'Bob'], 2), clerkB),
        'invalid_ranking',
        'ranking.1',
      );
      const counted = await floor(sheet(['Bob', 'Ann'], 2), clerkB);
      expect(counted.status, counted.text).toBe(201);
      expect(FloorBallotResponse.parse(counted.body).status).toBe('counted');
      expect(await stored(2, ranked)).toMatchObject({
        method: 'other',
        choices: ['Bob', 'Ann'],
      });
    });

    it("cast a default holder's split with allocations", async () => {
      const path = `${base()}/proxy-holders/${secretaryKey}/matters/${cumulative.key}/ballots`;
      await refused(
        await api.post(
          path,
          {
            split: [
              {
                allocations: [
                  { option: 'Ann', votes: 2 },
                  { option: 'Dee', votes: 2 },
                ],
                count: 2,
              },
            ],
          },
          asManager(),
        ),
        'invalid_allocation',
        'split.0.allocations.1.votes',
      );
      const split = {
        allocations: [
          { option: 'Ann', votes: 1 },
          { option: 'Dee', votes: 2 },
        ],
        count: 2,
      };
      const result = await api.post(path, { split: [split] }, asManager());
      expect(result.status, result.text).toBe(201);
      expect(HolderCastResponse.parse(result.body).cast).toBe(2);
      for (const i of [7, 8])
        expect(await stored(i, cumulative)).toMatchObject({
          method: 'proxy',
          choices: ['Ann', 'Dee'],
          votes: [1, 2],
        });
      const view = await api.get(
        `${base()}/proxy-holders/${secretaryKey}/proxies`,
        asManager(),
      );
      expect(view.status, view.text).toBe(200);
      const onMatter = HolderView.parse(view.body).matters.find(
        (matter) => matter.matterKey === cumulative.key,
      );
      expect(onMatter?.cast).toEqual([split]);
    });
  });

  describe('tallies', () => {
    it.each([
      ['cumulative', () => cumulative],
      ['ranked', () => ranked],
      ['plurality', () => plurality],
    ] as const)(
      '%s: the live tally equals a recount of the ballots table',
      async (method, matterOf) => {
        const matter = matterOf();
        const rows = await ballotsOf(matter);
        const recount = tally(
          matter.options,
          rows.map((row) => ({ ...row, weight: Number(row.weight) })),
          method as VotingMethod,
        );
        // the last tally event sent settles to the recount (events coalesce, four a second)
        await vi.waitFor(
          () => {
            const events = tallies.get(matter.key) ?? [];
            const last = events.at(-1);
            expect(
              last && {
                rows: last.rows,
                votesCast: last.votesCast,
                sharesCast: last.sharesCast,
              },
            ).toEqual(recount);
          },
          { timeout: 10_000, interval: 50 },
        );
        // and the SQL recount the running tally is checked against says the same
        const summed = await gateway.app
          .get(LiveVotingRepository)
          .matterCounters(matter.key);
        expect(summed).toEqual(
          countersFromBallots(
            rows.map((row) => ({ ...row, weight: Number(row.weight) })),
            method as VotingMethod,
          ),
        );
      },
    );

    it('counts cumulative options by votes placed, and ranked ones by first preference', async () => {
      const stats = async (matter: Matter) =>
        (await api.get(`${base()}/matters/${matter.key}/stats`, asManager()))
          .body as {
          vote: string;
          numLiveVotes: number;
          numProxyVotes: number;
        }[];
      const cumulativeRows = await stats(cumulative);
      // live: 0 Bob 3; 1 Ann 1; 2 Dee, Ann, Cid 1 each; 3 Dee 3; 9 Cid 1, Bob 2
      expect(cumulativeRows.map((row) => [row.vote, row.numLiveVotes])).toEqual(
        [
          ['Ann', 2],
          ['Bob', 5],
          ['Cid', 2],
          ['Dee', 4],
        ],
      );
      const rankedRows = await stats(ranked);
      // live first preferences: 3 Ann; 4 Bob; 5 Ann; 9 Dee (2's floor sheet counts as other)
      expect(rankedRows.map((row) => [row.vote, row.numLiveVotes])).toEqual([
        ['Ann', 2],
        ['Bob', 1],
        ['Cid', 0],
        ['Dee', 1],
      ]);
    });

    it('seals ballots with votes into a chain that verifies', async () => {
      await gateway.app.get(ChainSealingService).seal(tenant.meeting.id, 'all');
      const report = await gateway.app
        .get(ChainVerificationService)
        .verify(tenant.meeting.id);
      expect(report).toMatchObject({ ok: true });
    });
  });

  describe('the published count', () => {
    it('lists each receipt with its allocation when the matter has openVerification', async () => {
      const stopped = await api.post(
        `${base()}/matters/${cumulative.key}/action`,
        { action: 'stop' },
        asManager(),
      );
      expect(stopped.status, stopped.text).toBe(204);
      // the count is worked out after the close: read once it is ready
      const count = await vi.waitFor(
        async () => {
          const result = await api.get(
            `${base()}/matters/${cumulative.key}/published`,
            asManager(),
          );
          expect(result.status, result.text).toBe(200);
          return PublishedCount.parse(result.body);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(count.receipts).toContainEqual({
        receipt: (await own(9, cumulative)).receipt,
        weight: voters[9].shares,
        choices: ['Cid', 'Bob'],
        allocations: [
          { option: 'Cid', votes: 1 },
          { option: 'Bob', votes: 2 },
        ],
      });
    });
  });
});
