import {
  FloorBallotResponse,
  Matter,
  MatterTallyRow,
  MeetingReport,
  PendingFloorBallot,
} from '@livevote/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AccountsService } from '../src/accounts/accounts.service';
import { Database } from '../src/database/database';
import {
  ballotEvents,
  ballots,
  voters as votersTable,
} from '../src/database/schema';
import {
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const OPTIONS = ['For', 'Against', 'Abstain'];

/**
 * Clerks type the paper sheets of members present in the room (docs/hybrid-meetings.md,
 * "Floor ballots"): counted like any ballot, refused for absent members and closed matters,
 * and in double-entry mode held until a second manager types the same sheet.
 */
describe('Floor ballots', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  /** A second manager of the same account: the other clerk in double-entry mode. */
  let clerkB: string;
  let foreign: TenantFixture;
  let voters: VoterFixture[];
  let chair: LiveClient;
  const sockets: LiveClient[] = [];

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const asA = () => ({ token: tenant.token });
  const asB = () => ({ token: clerkB });
  const db = () => gateway.app.get(Database).db;

  const createMatter = async (body: object) => {
    const result = await api.post(
      `${base()}/matters`,
      { options: OPTIONS, secretBallot: false, ...body },
      asA(),
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const action = async (matterKey: string, body: object) => {
    const result = await api.post(
      `${base()}/matters/${matterKey}/action`,
      body,
      asA(),
    );
    expect(result.status, result.text).toBe(204);
  };
  const floor = (matter: Matter, body: object, as: { token: string } = asA()) =>
    api.post(`${base()}/matters/${matter.key}/floor-ballots`, body, as);
  const sheet = (i: number, choices: string[], entry: 1 | 2 = 1) => ({
    memberKey: voters[i].memberId,
    choices,
    entry,
  });
  const counted = async (
    matter: Matter,
    body: object,
    as?: { token: string },
  ) => {
    const result = await floor(matter, body, as);
    expect(result.status, result.text).toBe(201);
    return FloorBallotResponse.parse(result.body);
  };
  const recount = async (matter: Matter) => {
    const result = await api.get(
      `${base()}/matters/${matter.key}/stats`,
      asA(),
    );
    expect(result.status, result.text).toBe(200);
    return z.array(MatterTallyRow).parse(result.body);
  };
  const otherVotes = async (matter: Matter) =>
    (await recount(matter)).reduce((sum, row) => sum + row.numOtherVotes, 0);
  const pending = async (matter: Matter) => {
    const result = await api.get(
      `${base()}/matters/${matter.key}/floor-ballots/pending`,
      asA(),
    );
    expect(result.status, result.text).toBe(200);
    return z.array(PendingFloorBallot).parse(result.body);
  };
  const setDoubleEntry = async (on: boolean) => {
    const result = await api.patch(
      `${base()}/settings`,
      { floorDoubleEntry: on },
      asA(),
    );
    expect(result.status, result.text).toBe(200);
    expect(result.body.floorDoubleEntry).toBe(on);
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
    foreign = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 8);
    // present: 0 and 1 online (a socket open), 2, 3 and 4 in the room (checked in at the desk);
    // 5, 6 and 7 are not present
    for (const i of [0, 1]) await live(voters[i].token);
    await db()
      .update(votersTable)
      .set({ checkedInAt: new Date() })
      .where(
        inArray(
          votersTable.id,
          [2, 3, 4].map((i) => voters[i].voterId),
        ),
      );
    chair = await live(tenant.token);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('single entry', () => {
    let matter: Matter;

    beforeAll(async () => {
      matter = await createMatter({ name: 'Approve the budget' });
      await action(matter.key, { action: 'start', duration: 600 });
    });

    it('counts a floor ballot as method other: in the live tally, the recount, the result and the report', async () => {
      const tally = nextEvent(
        chair,
        'matter.tally',
        (event) => event.matterKey === matter.key && event.votesCast === 2,
      );
      const first = await counted(matter, sheet(2, ['For']));
      expect(first).toMatchObject({
        status: 'counted',
        matterKey: matter.key,
        memberKey: voters[2].memberId,
        unit: voters[2].unit,
        pending: null,
      });
      // the fields of every ballot answer, the receipt as its code
      expect(first).toMatchObject({
        ballotId: expect.any(String),
        castAt: expect.any(String),
        receipt: expect.stringMatching(/^[0-9A-Z]{16}$/),
      });
      await counted(matter, sheet(0, ['Against']));
      const event = await tally;
      const row = (vote: string) => event.rows.find((r) => r.vote === vote)!;
      expect(row('For')).toMatchObject({
        numOtherVotes: 1,
        numOtherShares: voters[2].shares,
        numLiveVotes: 0,
      });
      expect(row('Against').numOtherVotes).toBe(1);
      expect(await recount(matter)).toEqual(event.rows);

      const [stored] = await db()
        .select()
        .from(ballots)
        .where(
          and(
            eq(ballots.matterId, matter.key),
            eq(ballots.memberId, voters[2].memberId),
          ),
        );
      expect(stored).toMatchObject({ method: 'other', choices: ['For'] });
      const [audit] = await db()
        .select()
        .from(ballotEvents)
        .where(eq(ballotEvents.id, first.ballotId!));
      expect(audit.recordedBy).toBe(tenant.user.id);
    });

    it('lets a clerk correct a sheet: the member still counts once', async () => {
      await counted(matter, sheet(2, ['Abstain']));
      const rows = await recount(matter);
      expect(rows.map((r) => [r.vote, r.numOtherVotes])).toEqual([
        ['For', 0],
        ['Against', 1],
        ['Abstain', 1],
      ]);
    });

    it('refuses a member who is not present (409)', async () => {
      expectProblem(
        await floor(matter, sheet(5, ['For'])),
        409,
        'member_absent',
      );
      expect(await otherVotes(matter)).toBe(2);
    });

    it('refuses bad choices and bad bodies (400)', async () => {
      expectProblem(
        await floor(matter, sheet(3, ['Maybe'])),
        400,
        'invalid_choice',
      );
      expectProblem(
        await floor(matter, sheet(3, ['For', 'Against'])),
        400,
        'too_many_choices',
      );
      expectProblem(
        await floor(matter, sheet(3, ['For', 'For'])),
        400,
        'duplicate_choice',
      );
      for (const body of [
        { ...sheet(3, ['For']), entry: 3 },
        { ...sheet(3, ['For']), entry: '1' },
        { ...sheet(3, ['For']), method: 'other' },
        { memberKey: voters[3].memberId, entry: 1 },
        { ...sheet(3, []) },
        { ...sheet(3, ['For']), memberKey: 42 },
      ])
        expect((await floor(matter, body)).status).toBe(400);
      expect(await otherVotes(matter)).toBe(2);
    });

    it('answers 404 for an unknown member or matter', async () => {
      expectProblem(
        await floor(matter, { ...sheet(3, ['For']), memberKey: 'nope' }),
        404,
        'member_not_found',
      );
      expectProblem(
        await api.post(
          `${base()}/matters/00000000-0000-4000-8000-000000000000/floor-ballots`,
          sheet(3, ['For']),
          asA(),
        ),
        404,
        'matter_not_found',
      );
    });

    it("answers 404 to a manager of another account, and 403 to a voter's token", async () => {
      expectProblem(
        await floor(matter, sheet(3, ['For']), { token: foreign.token }),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await floor(matter, sheet(3, ['For']), { token: voters[3].token }),
        403,
        'voter_token_forbidden',
      );
      expectProblem(
        await api.post(
          `${base()}/matters/${matter.key}/floor-ballots`,
          sheet(3, ['For']),
        ),
        401,
        'missing_token',
      );
      expect(await otherVotes(matter)).toBe(2);
    });

    it('takes entry 2 only in double-entry mode (409)', async () => {
      expectProblem(
        await floor(matter, sheet(3, ['For'], 2)),
        409,
        'not_double_entry',
      );
    });

    it("counts a member's floor ballot and live ballot sent at once as one ballot", async () => {
      const member = voters[1];
      const socket = sockets[1];
      for (let round = 0; round < 5; round++) {
        const [cast, typed] = await Promise.all([
          request(socket, 'ballot.cast', {
            matterKey: matter.key,
            choices: [round % 2 ? 'For' : 'Against'],
          }),
          floor(matter, sheet(1, [round % 2 ? 'Against' : 'For'])),
        ]);
        expect(cast).not.toHaveProperty('error');
        // written first, the floor ballot gives way to the voter's own; written second, it
        // does not replace it (a manager never overrides a voter: docs/proxies.md)
        if (round > 0 || typed.status !== 201)
          expectProblem(typed, 409, 'ballot_locked');
      }
      const stored = await db()
        .select()
        .from(ballots)
        .where(
          and(
            eq(ballots.matterId, matter.key),
            eq(ballots.memberId, member.memberId),
          ),
        );
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ method: 'live', choices: ['Against'] });
      const rows = await recount(matter);
      const votes = rows.reduce(
        (sum, r) => sum + r.numLiveVotes + r.numOtherVotes + r.numProxyVotes,
        0,
      );
      // members 0, 1 and 2: one ballot each
      expect(votes).toBe(3);
      // the running tally (TallyStore) agrees with the recount: nothing counted twice
      const observer = await live(tenant.token);
      const snapshot = await request(observer, 'subscribe', {
        shortCode: shortCode(),
      });
      if ('error' in snapshot) throw new Error(snapshot.error.message);
      const running = snapshot.tallies!.find(
        (t) => t.matterKey === matter.key,
      )!;
      expect(running.votesCast).toBe(3);
      expect(running.rows).toEqual(rows);
    });

    it('refuses a floor ballot once the matter has closed (409), and the result counts the floor votes', async () => {
      await action(matter.key, { action: 'stop' });
      expectProblem(
        await floor(matter, sheet(3, ['For'])),
        409,
        'matter_closed',
      );
      const closed = Matter.parse(
        (await api.get(`${base()}/matters/${matter.key}`, asA())).body,
      );
      const rows = await recount(matter);
      const forRow = rows.find((r) => r.vote === 'For')!;
      expect(closed.result?.forYes.units).toBe(
        forRow.numLiveVotes + forRow.numOtherVotes + forRow.numProxyVotes,
      );
      const report = MeetingReport.parse(
        (await api.get(`${base()}/report`, asA())).body,
      );
      const reported = report.matters.find((m) => m.matterKey === matter.key)!;
      expect(reported.tally.rows).toEqual(rows);
      expect(reported.tally.byMethod.other.units).toBe(
        rows.reduce((sum, r) => sum + r.numOtherVotes, 0),
      );
    });

    it('refuses a sheet typed at the deadline itself (409), as a voter is refused', async () => {
      const timed = await createMatter({ name: 'At the deadline' });
      await action(timed.key, { action: 'start', duration: 60 });
      try {
        const endsAt = new Date(
          Matter.parse(
            (await api.get(`${base()}/matters/${timed.key}`, asA())).body,
          ).liveEndsAt!,
        );
        // the clock stands still at the deadline while the sheet is typed
        const frozen = vi.spyOn(gateway.clock, 'now').mockReturnValue(endsAt);
        try {
          expectProblem(
            await floor(timed, sheet(3, ['For'])),
            409,
            'matter_closed',
          );
        } finally {
          frozen.mockRestore();
        }
        expect((await floor(timed, sheet(3, ['For']))).status).toBe(201);
      } finally {
        await action(timed.key, { action: 'stop' });
      }
    });

    it('refuses a matter that has not started (409)', async () => {
      const later = await createMatter({ name: 'Not yet' });
      expectProblem(
        await floor(later, sheet(3, ['For'])),
        409,
        'matter_not_live',
      );
    });
  });

  describe('double entry', () => {
    let matter: Matter;

    beforeAll(async () => {
      await setDoubleEntry(true);
      matter = await createMatter({ name: 'Elect the auditor' });
      await action(matter.key, { action: 'start', duration: 600 });
    });

    afterAll(() => setDoubleEntry(false));

    it('holds the first entry, refuses the same clerk twice, and counts once when a second clerk agrees', async () => {
      const first = await counted(matter, sheet(2, ['For'], 1));
      expect(first).toMatchObject({
        status: 'pending',
        ballotId: null,
        castAt: null,
        receipt: null,
      });
      expect(first.pending).toMatchObject({
        memberKey: voters[2].memberId,
        state: 'pending',
        entries: [{ entry: 1, choices: ['For'] }],
      });
      expect(await otherVotes(matter)).toBe(0);

      expectProblem(
        await floor(matter, sheet(2, ['For'], 2)),
        409,
        'same_clerk',
      );

      const tally = nextEvent(
        chair,
        'matter.tally',
        (event) => event.matterKey === matter.key && event.votesCast === 1,
      );
      const second = await counted(matter, sheet(2, ['For'], 2), asB());
      expect(second).toMatchObject({ status: 'counted', pending: null });
      expect(second.ballotId).toEqual(expect.any(String));
      expect(typeof second.receipt).toBe('string');
      expect((await tally).rows[0].numOtherVotes).toBe(1);
      expect(await otherVotes(matter)).toBe(1);
      expect(await pending(matter)).toEqual([]);
    });

    it('lists a mismatch for resolution and counts nothing until it is resolved', async () => {
      await counted(matter, sheet(3, ['For'], 1));
      const mismatch = await counted(matter, sheet(3, ['Against'], 2), asB());
      expect(mismatch.status).toBe('mismatch');
      const [listed] = await pending(matter);
      expect(listed).toMatchObject({
        memberKey: voters[3].memberId,
        unit: voters[3].unit,
        state: 'mismatch',
      });
      expect(listed.entries.map((e) => [e.entry, e.choices])).toEqual([
        [1, ['For']],
        [2, ['Against']],
      ]);
      expect(listed.entries[0].recordedBy.userKey).toBe(tenant.user.id);
      expect(await otherVotes(matter)).toBe(1);

      // the second clerk looks at the sheet again and re-enters it
      const resolved = await counted(matter, sheet(3, ['For'], 2), asB());
      expect(resolved.status).toBe('counted');
      expect(await pending(matter)).toEqual([]);
      const rows = await recount(matter);
      expect(rows.find((r) => r.vote === 'For')!.numOtherVotes).toBe(2);
      expect(rows.find((r) => r.vote === 'Against')!.numOtherVotes).toBe(0);
    });

    it('lets a manager discard a pending entry', async () => {
      const held = await counted(matter, sheet(4, ['Abstain'], 1), asB());
      const key = held.pending!.entries[0].key;
      const discard = await api.delete(
        `${base()}/matters/${matter.key}/floor-ballots/pending/${key}`,
        asA(),
      );
      expect(discard.status, discard.text).toBe(204);
      expect(await pending(matter)).toEqual([]);
      expectProblem(
        await api.delete(
          `${base()}/matters/${matter.key}/floor-ballots/pending/${key}`,
          asA(),
        ),
        404,
        'entry_not_found',
      );
      expectProblem(
        await api.get(`${base()}/matters/${matter.key}/floor-ballots/pending`, {
          token: foreign.token,
        }),
        404,
        'meeting_not_found',
      );
    });

    it('lets pending entries lapse at the close: they never count, even after a reopening', async () => {
      await counted(matter, sheet(4, ['Against'], 1));
      await action(matter.key, { action: 'stop' });
      const [lapsed] = await pending(matter);
      expect(lapsed).toMatchObject({
        memberKey: voters[4].memberId,
        state: 'lapsed',
      });
      expectProblem(
        await floor(matter, sheet(4, ['Against'], 2), asB()),
        409,
        'matter_closed',
      );
      await action(matter.key, { action: 'start', duration: 600 });
      // the second entry of the reopened vote does not pair with the lapsed first one
      const again = await counted(matter, sheet(4, ['Against'], 2), asB());
      expect(again.status).toBe('pending');
      expect(again.pending?.entries).toHaveLength(1);
      expect(await otherVotes(matter)).toBe(2);
    });
  });

  /**
   * One rule for a vote cast in the room whatever route brings it (docs/hybrid-meetings.md):
   * the manager ballot path with `method: "other"` is a floor vote too.
   */
  describe('the manager ballot path', () => {
    const record = (
      matter: Matter,
      i: number,
      method: string,
      choices = ['For'],
    ) =>
      api.post(
        `${base()}/matters/${matter.key}/ballots`,
        { memberKey: voters[i].memberId, choices, method },
        asA(),
      );
    const storedOf = (matter: Matter, i: number) =>
      db()
        .select()
        .from(ballots)
        .where(
          and(
            eq(ballots.matterId, matter.key),
            eq(ballots.memberId, voters[i].memberId),
          ),
        );

    beforeAll(async () => {
      const result = await api.patch(
        `${base()}/settings`,
        { oneLiveMatter: false },
        asA(),
      );
      expect(result.status, result.text).toBe(200);
    });

    it('does not count an in-room vote at once in double-entry mode, nor ever for an absent member', async () => {
      await setDoubleEntry(true);
      try {
        const matter = await createMatter({
          name: 'Replace the boiler',
          allowProxyVote: true,
        });
        // a paper proxy form received before the meeting is no in-room vote: absent is fine
        const paper = await record(matter, 7, 'proxy', ['Against']);
        expect(paper.status, paper.text).toBe(201);
        await action(matter.key, { action: 'start', duration: 600 });

        expectProblem(
          await record(matter, 1, 'other'),
          409,
          'double_entry_required',
        );
        expectProblem(await record(matter, 6, 'other'), 409, 'member_absent');
        expect(await storedOf(matter, 1)).toEqual([]);
        expect(await storedOf(matter, 6)).toEqual([]);
        expect(await otherVotes(matter)).toBe(0);

        // the floor path still takes the sheet, twice
        expect((await counted(matter, sheet(1, ['For'], 1))).status).toBe(
          'pending',
        );
        expect(
          (await counted(matter, sheet(1, ['For'], 2), asB())).status,
        ).toBe('counted');
        expect(await otherVotes(matter)).toBe(1);
        await action(matter.key, { action: 'stop' });
      } finally {
        await setDoubleEntry(false);
      }
    });

    it('refuses an in-room vote for an absent member in single-entry mode too, and counts a present one', async () => {
      const matter = await createMatter({ name: 'Paint the lobby' });
      await action(matter.key, { action: 'start', duration: 600 });
      expectProblem(await record(matter, 5, 'other'), 409, 'member_absent');
      expect(await storedOf(matter, 5)).toEqual([]);
      const present = await record(matter, 3, 'other', ['Abstain']);
      expect(present.status, present.text).toBe(201);
      expect(await storedOf(matter, 3)).toMatchObject([
        { method: 'other', choices: ['Abstain'] },
      ]);
      expectProblem(
        await api.post(
          `${base()}/matters/${matter.key}/ballots`,
          { memberKey: 'not-a-member', choices: ['For'], method: 'other' },
          asA(),
        ),
        404,
        'member_not_found',
      );
      for (const body of [
        { memberKey: voters[3].memberId, choices: ['For'], method: 'floor' },
        { ...sheet(3, ['For']), method: 'other' },
        { memberKey: voters[3].memberId, choices: ['For'] },
      ])
        expect(
          (
            await api.post(
              `${base()}/matters/${matter.key}/ballots`,
              body,
              asA(),
            )
          ).status,
        ).toBe(400);
      expect(await otherVotes(matter)).toBe(1);
      await action(matter.key, { action: 'stop' });
    });
  });
});
