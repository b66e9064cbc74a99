import { randomUUID } from 'node:crypto';
import {
  BallotReceipt,
  ImportMembersProblem,
  Matter,
  Member,
  MeetingReport,
  MeetingStats,
  OwnBallot,
  OwnBallots,
  PortalSessionResponse,
  PublishedCount,
  ReceiptStatus,
  Voter,
} from '@livevote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import {
  ballots as ballotTable,
  testBallotEvents,
  testBallots,
  voters as voterTable,
} from '../src/database/schema';
import { InviteTokensService } from '../src/members/invite-tokens.service';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  recorder,
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

const HOUR = 3_600_000;

/**
 * Test voters (docs/test-voters.md) over real HTTP and sockets on PostgreSQL and Redis: a test
 * voter signs in, connects, votes over both routes and reads its own ballot and receipt, and
 * nothing it does reaches the stats, presence, the quorum, the tally, the result, the
 * published count or the report; the real voter of the same unit votes and counts; deleting
 * a test voter deletes its ballots.
 */
describe('Test voters', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let outsider: TenantFixture;
  let voters: VoterFixture[];
  let testVoter: Voter;
  let testToken: string;
  let chair: LiveClient;
  let presence: ReturnType<typeof recorder<'meeting.presence'>>;
  let quorum: ReturnType<typeof recorder<'meeting.quorum'>>;
  let tallies: ReturnType<typeof recorder<'matter.tally'>>;
  const sockets: LiveClient[] = [];

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asChair = () => ({ token: tenant.token });
  const votersOf = (memberKey: string) =>
    `${base()}/members/${memberKey}/voters`;
  const stats = async () => {
    const result = await api.get(`${base()}/stats`, asChair());
    expect(result.status, result.text).toBe(200);
    return MeetingStats.parse(result.body);
  };
  const createMatter = async (name: string) => {
    const result = await api.post(
      `${base()}/matters`,
      { name, options: ['For', 'Against'] },
      asChair(),
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const action = async (matterKey: string, body: object) => {
    const result = await api.post(
      `${base()}/matters/${matterKey}/action`,
      body,
      asChair(),
    );
    expect(result.status, result.text).toBe(204);
  };
  const castRest = async (token: string, matterKey: string, choice: string) => {
    const result = await api.post(
      `${portal()}/matters/${matterKey}/ballots`,
      { choices: [choice] },
      { token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(result.status, result.text).toBe(201);
    return BallotReceipt.parse(result.body);
  };
  const ownBallot = async (token: string, matterKey: string) => {
    const result = await api.get(`${portal()}/matters/${matterKey}/ballot`, {
      token,
    });
    expect(result.status, result.text).toBe(200);
    return OwnBallot.parse(result.body);
  };
  /** A voter's session as the portal opens it: from the invite link. */
  const signInByInvite = async (voter: { voterKey: string; email: string }) => {
    const invite = gateway.app
      .get(InviteTokensService)
      .issue({ id: voter.voterKey, email: voter.email }, tenant.meeting);
    const result = await api.post(`${portal()}/session`, {
      inviteToken: invite,
    });
    expect(result.status, result.text).toBe(200);
    return PortalSessionResponse.parse(result.body).voterToken;
  };
  const subscribed = async (token: string) => {
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
    const now = gateway.clock.nowMs();
    tenant = await createTenant(gateway, {
      meetingDate: new Date(now - HOUR),
      duration: 240,
    });
    outsider = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
    chair = await connectLive(gateway.baseUrl, tenant.token);
    sockets.push(chair);
    presence = recorder(chair, 'meeting.presence');
    quorum = recorder(chair, 'meeting.quorum');
    tallies = recorder(chair, 'matter.tally');
    await request(chair, 'subscribe', { shortCode: shortCode() });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('managing them', () => {
    it('adds a test voter to a unit that has a real voter', async () => {
      const result = await api.post(
        votersOf(voters[0].memberId),
        { email: 'rehearsal@chair.test', name: 'Rehearsal', isTestVoter: true },
        asChair(),
      );
      expect(result.status, result.text).toBe(201);
      testVoter = Voter.parse(result.body);
      expect(testVoter.isTestVoter).toBe(true);
      const read = await api.get(
        `${votersOf(voters[0].memberId)}/${testVoter.email}`,
        asChair(),
      );
      expect(Voter.parse(read.body).isTestVoter).toBe(true);
    });

    it('makes a voter a real one by default', async () => {
      const result = await api.post(
        votersOf(voters[1].memberId),
        { email: 'second@owners.test', name: 'Second owner' },
        asChair(),
      );
      expect(result.status, result.text).toBe(201);
      expect(Voter.parse(result.body).isTestVoter).toBe(false);
    });

    it.each([['yes'], [1], [null]])(
      'refuses isTestVoter %j with 400 and errors[]',
      async (value) => {
        const result = await api.post(
          votersOf(voters[2].memberId),
          { email: 'odd@owners.test', name: 'Odd', isTestVoter: value },
          asChair(),
        );
        const problem = expectProblem(result, 400);
        expect(problem.errors).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ path: 'isTestVoter' }),
          ]),
        );
      },
    );

    it("answers 404 for another account's member", async () => {
      const result = await api.patch(
        `${votersOf(voters[0].memberId)}/${testVoter.email}`,
        { isTestVoter: false },
        { token: outsider.token },
      );
      expectProblem(result, 404);
    });

    it('leaves test voters out of the stats, and says how many there are', async () => {
      const figures = await stats();
      // three members with one real voter each, and one more real voter of unit 2
      expect(figures.totalVoters).toBe(4);
      expect(figures.testVoterStats).toBe('1 test voter, 0 voted');
    });

    it("ends a voter's sessions when it becomes a test voter or stops being one", async () => {
      const created = await api.post(
        votersOf(voters[2].memberId),
        { email: 'flip@owners.test', name: 'Flip' },
        asChair(),
      );
      const flip = Voter.parse(created.body);
      const token = await signInByInvite(flip);
      expect((await api.get(portal(), { token })).status).toBe(200);
      const marked = await api.patch(
        `${votersOf(voters[2].memberId)}/${flip.email}`,
        { isTestVoter: true },
        asChair(),
      );
      expect(marked.status, marked.text).toBe(200);
      expect(Voter.parse(marked.body).isTestVoter).toBe(true);
      expectProblem(await api.get(portal(), { token }), 401);
      // its invite link still opens a session: a test voter's now
      const again = await signInByInvite(flip);
      expect((await api.get(portal(), { token: again })).status).toBe(200);
      const removed = await api.delete(
        `${votersOf(voters[2].memberId)}/${flip.email}`,
        asChair(),
      );
      expect(removed.status, removed.text).toBe(204);
    });
  });

  describe('a rehearsal beside a real vote', () => {
    let matter: Matter;
    let testSocketReceipt: BallotReceipt;
    let testRestReceipt: BallotReceipt;
    let realReceipt: BallotReceipt;

    beforeAll(async () => {
      testToken = await signInByInvite(testVoter);
      matter = await createMatter('Approve the budget');
    });

    it('keeps a connected test voter out of presence and the quorum', async () => {
      await subscribed(testToken);
      // a real voter connecting after it: the first presence the chair hears counts one
      await subscribed(voters[1].token);
      await presence.until((event) => event.numVoters === 1);
      await quorum.until((event) => event.presentOnline === 1);
      expect(presence.seen.every((event) => event.numVoters <= 1)).toBe(true);
      expect(presence.seen.every((event) => event.numUnits <= 1)).toBe(true);
      expect(quorum.seen.every((event) => event.present <= 1)).toBe(true);
      const figures = await stats();
      expect(figures.rtvPresence).toEqual({ numUnits: 1, numVoters: 1 });
      expect(figures.present.presentOnline).toBe(1);
      const connected = await api.get(`${base()}/connected`, asChair());
      expect(connected.body.voters).toEqual([
        expect.objectContaining({ voterKey: voters[1].voterId }),
      ]);
    });

    it("takes a test voter's ballot on the socket and over REST, and shows it to that voter only", async () => {
      await action(matter.key, { action: 'start', duration: 600 });
      const socket = await subscribed(testToken);
      const ack = await request(socket, 'ballot.cast', {
        matterKey: matter.key,
        choices: ['Against'],
        idempotencyKey: randomUUID(),
      });
      testSocketReceipt = BallotReceipt.parse(ack);
      const key = randomUUID();
      const send = () =>
        api.post(
          `${portal()}/matters/${matter.key}/ballots`,
          { choices: ['Against'] },
          { token: testToken, headers: { 'idempotency-key': key } },
        );
      const first = await send();
      expect(first.status, first.text).toBe(201);
      testRestReceipt = BallotReceipt.parse(first.body);
      // a retry with the same key is the same cast, as for any voter
      expect(BallotReceipt.parse((await send()).body)).toEqual(testRestReceipt);
      expect(testRestReceipt.receipt).not.toBe(testSocketReceipt.receipt);
      const own = await ownBallot(testToken, matter.key);
      expect(own).toMatchObject({
        choices: ['Against'],
        receipt: testRestReceipt.receipt,
      });
      const status = await api.get(
        `${portal()}/receipts/${testRestReceipt.receipt}`,
        { token: testToken },
      );
      expect(status.status, status.text).toBe(200);
      expect(ReceiptStatus.parse(status.body)).toMatchObject({
        state: 'counts',
        published: false,
      });
      const earlier = await api.get(
        `${portal()}/receipts/${testSocketReceipt.receipt}`,
        { token: testToken },
      );
      expect(ReceiptStatus.parse(earlier.body).state).toBe('replaced');
      // the real voter of the unit has no ballot, and cannot see the test one's receipt
      expectProblem(
        await api.get(`${portal()}/matters/${matter.key}/ballot`, {
          token: voters[0].token,
        }),
        404,
      );
      expectProblem(
        await api.get(`${portal()}/receipts/${testRestReceipt.receipt}`, {
          token: voters[0].token,
        }),
        404,
      );
    });

    it('refuses a test voter a proxy or a nomination, which would count (403)', async () => {
      expectProblem(
        await api.post(
          `${portal()}/proxy`,
          {
            holder: { isDefault: true, name: 'Board Secretary' },
            directions: [],
            signedName: 'Rehearsal',
            agree: true,
          },
          { token: testToken },
        ),
        403,
        'test_voter',
      );
      expectProblem(
        await api.delete(`${portal()}/proxy`, { token: testToken }),
        403,
        'test_voter',
      );
      expectProblem(
        await api.post(
          `${portal()}/nominations`,
          { name: 'Rehearsal', statement: 'A test.', consent: true },
          { token: testToken },
        ),
        403,
        'test_voter',
      );
    });

    it('counts the real voter of the same unit, whatever the test voter casts after it', async () => {
      realReceipt = await castRest(voters[0].token, matter.key, 'For');
      await tallies.until(
        (event) => event.matterKey === matter.key && event.votesCast === 1,
      );
      // the test voter votes again after the real one: the unit's ballot stays the real one
      await castRest(testToken, matter.key, 'Against');
      expect(await ownBallot(voters[0].token, matter.key)).toMatchObject({
        choices: ['For'],
        receipt: realReceipt.receipt,
      });
      expect(await ownBallot(testToken, matter.key)).toMatchObject({
        choices: ['Against'],
      });
      const mine = await api.get(`${portal()}/ballots`, { token: testToken });
      expect(OwnBallots.parse(mine.body).ballots).toEqual([
        expect.objectContaining({
          matterKey: matter.key,
          choices: ['Against'],
        }),
      ]);
    });

    it('does not count a ballot cast with a real token once its voter is a test voter', async () => {
      const created = await api.post(
        votersOf(voters[2].memberId),
        { email: 'late-flip@owners.test', name: 'Late flip' },
        asChair(),
      );
      expect(created.status, created.text).toBe(201);
      const flip = Voter.parse(created.body);
      const token = await signInByInvite(flip);
      // this node has the session in memory, as when a signal is still on its way
      expect((await api.get(portal(), { token })).status).toBe(200);
      const db = gateway.app.get(Database).db;
      await db
        .update(voterTable)
        .set({ isTestVoter: true })
        .where(eq(voterTable.id, flip.voterKey));
      const result = await api.post(
        `${portal()}/matters/${matter.key}/ballots`,
        { choices: ['Against'] },
        { token, headers: { 'idempotency-key': randomUUID() } },
      );
      expectProblem(result, 401, 'voter_removed');
      const stored = await db
        .select()
        .from(ballotTable)
        .where(eq(ballotTable.voterId, flip.voterKey));
      expect(stored).toEqual([]);
      const removed = await api.delete(
        `${votersOf(voters[2].memberId)}/${flip.email}`,
        asChair(),
      );
      expect(removed.status, removed.text).toBe(204);
    });

    it('leaves test ballots out of every tally, list and figure', async () => {
      await action(matter.key, { action: 'stop' });
      const final = await tallies.until(
        (event) =>
          event.matterKey === matter.key &&
          event.rows.some(
            (row) => row.vote === 'For' && row.numLiveVotes === 1,
          ),
      );
      expect(
        tallies.seen.filter((e) => e.matterKey === matter.key),
      ).not.toContainEqual(expect.objectContaining({ votesCast: 2 }));
      expect(final.rows.find((row) => row.vote === 'Against')).toMatchObject({
        numLiveVotes: 0,
        numProxyVotes: 0,
      });
      // the ballots table (the recount's source) holds the real ballot only
      const db = gateway.app.get(Database).db;
      const stored = await db
        .select()
        .from(ballotTable)
        .where(eq(ballotTable.matterId, matter.key));
      expect(stored.map((row) => row.choices)).toEqual([['For']]);
      const read = await api.get(`${base()}/matters/${matter.key}`, asChair());
      const closed = Matter.parse(read.body);
      expect(closed.result?.verdict).toBe('carried');
      const list = await api.get(
        `${base()}/matters/${matter.key}/voters`,
        asChair(),
      );
      expect(list.status, list.text).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('rehearsal@chair.test');
      const published = await api.get(
        `${base()}/matters/${matter.key}/published`,
        asChair(),
      );
      expect(published.status, published.text).toBe(200);
      const count = PublishedCount.parse(published.body);
      expect(count.receipts.map((r) => r.receipt)).toEqual([
        realReceipt.receipt,
      ]);
      expect(count.totals.units).toBe(1);
      const report = await api.get(`${base()}/report`, asChair());
      expect(report.status, report.text).toBe(200);
      const parsed = MeetingReport.parse(report.body);
      const reported = parsed.matters.find((m) => m.matterKey === matter.key)!;
      expect(reported.tally.votesCast).toBe(1);
      expect(reported.snapshot?.presentVoters).toBe(1);
      expect(reported.voted).toEqual([
        { unit: voters[0].unit, method: 'live' },
      ]);
      const unit = parsed.attendance.find((a) => a.unit === voters[0].unit)!;
      expect(unit.owners).toEqual([`Owner ${voters[0].unit}`]);
      const figures = await stats();
      expect(figures.testVoterStats).toBe('1 test voter, 1 voted');
      // closed for it as for anyone
      expectProblem(
        await api.post(
          `${portal()}/matters/${matter.key}/ballots`,
          { choices: ['For'] },
          { token: testToken },
        ),
        409,
        'matter_not_live',
      );
      expect(figures.totalVoters).toBe(4);
    });

    it('checks a test voter in at the desk without making its unit present', async () => {
      // the connected real voter's attendance is written within a second (no event tells it)
      await expect
        .poll(async () => (await stats()).attendanceCount, { timeout: 10_000 })
        .toBe(1);
      const result = await api.post(
        `${base()}/check-ins`,
        { voterKey: testVoter.voterKey },
        asChair(),
      );
      expect(result.status, result.text).toBe(201);
      expect(result.body).toMatchObject({
        counts: { voters: 0, units: 0 },
        proxiesRevoked: 0,
      });
      const figures = await stats();
      expect(figures.checkedInCount).toBe(0);
      expect(figures.present.presentInPerson).toBe(0);
      expect(figures.attendanceCount).toBe(1);
    });
  });

  describe('deleting them', () => {
    it('still refuses to delete a real voter whose ballots count (409)', async () => {
      const result = await api.delete(
        `${votersOf(voters[0].memberId)}/${voters[0].email}`,
        asChair(),
      );
      expectProblem(result, 409, 'voter_has_ballots');
    });

    it('refuses to make a real voter whose ballots count a test voter (409)', async () => {
      const result = await api.patch(
        `${votersOf(voters[0].memberId)}/${voters[0].email}`,
        { isTestVoter: true },
        asChair(),
      );
      expectProblem(result, 409, 'voter_has_ballots');
    });

    it('deletes a test voter with its ballots (204), and its token then fails', async () => {
      const db = gateway.app.get(Database).db;
      const before = await db
        .select()
        .from(testBallotEvents)
        .where(eq(testBallotEvents.voterId, testVoter.voterKey));
      expect(before.length).toBe(3);
      const result = await api.delete(
        `${votersOf(voters[0].memberId)}/${testVoter.email}`,
        asChair(),
      );
      expect(result.status, result.text).toBe(204);
      expect(
        await db
          .select()
          .from(testBallots)
          .where(eq(testBallots.voterId, testVoter.voterKey)),
      ).toEqual([]);
      expect(
        await db
          .select()
          .from(testBallotEvents)
          .where(eq(testBallotEvents.voterId, testVoter.voterKey)),
      ).toEqual([]);
      expectProblem(await api.get(portal(), { token: testToken }), 401);
      expect((await stats()).testVoterStats).toBe('');
    });

    it("deletes a test voter's questions with it: the chairs drop them from the queue and the screen, a real voter's stay", async () => {
      const settings = await api.patch(
        `${base()}/settings`,
        { questionCategories: ['Rehearsal'] },
        asChair(),
      );
      expect(settings.status, settings.text).toBe(200);
      const created = await api.post(
        votersOf(voters[1].memberId),
        {
          name: 'Quinn Rehearsal',
          email: 'quinn.rehearsal@example.test',
          isTestVoter: true,
        },
        asChair(),
      );
      expect(created.status, created.text).toBe(201);
      const quinn = Voter.parse(created.body);
      const ask = async (token: string, text: string) => {
        const asked = await api.post(
          `${portal()}/questions`,
          { category: 'Rehearsal', text },
          { token },
        );
        expect(asked.status, asked.text).toBe(201);
        return (asked.body as { key: string }).key;
      };
      const rehearsal = await ask(
        await signInByInvite(quinn),
        'Can everyone hear me?',
      );
      const real = await ask(
        await signInByInvite({
          voterKey: voters[2].voterId,
          email: voters[2].email,
        }),
        'When do the works start?',
      );
      for (const body of [{ status: 'approved' }, { onScreen: true }]) {
        const moderated = await api.patch(
          `${base()}/questions/${rehearsal}`,
          body,
          asChair(),
        );
        expect(moderated.status, moderated.text).toBe(200);
      }
      const removedEvents = recorder(chair, 'question.removed');
      const screenEvents = recorder(chair, 'screen.question');

      const deleted = await api.delete(
        `${votersOf(voters[1].memberId)}/${quinn.email}`,
        asChair(),
      );
      expect(deleted.status, deleted.text).toBe(204);
      await removedEvents.until((event) => event.questionKey === rehearsal);
      await screenEvents.until((event) => event.question === null);
      expect(removedEvents.seen).toEqual([
        { shortCode: shortCode(), questionKey: rehearsal },
      ]);
      const queue = await api.get(`${base()}/questions`, asChair());
      expect(queue.status, queue.text).toBe(200);
      const keys = (queue.body as { key: string }[]).map((q) => q.key);
      expect(keys).toContain(real);
      expect(keys).not.toContain(rehearsal);
    });
  });

  describe('the CSV import', () => {
    const importCsv = (lines: string[], query = '') =>
      api.post(`${base()}/members/import${query}`, undefined, {
        token: tenant.token,
        raw: lines.join('\n'),
        headers: { 'content-type': 'text/csv' },
      });
    const problems = (result: Parameters<typeof expectProblem>[0]) =>
      ImportMembersProblem.parse(expectProblem(result, 400, 'import_invalid'))
        .errors;

    it('adds test voters from an isTestVoter column, empty meaning false', async () => {
      const result = await importCsv([
        'unit,voterName,voterEmail,isTestVoter',
        '801,Tess Test,tess@rehearsal.test,true',
        '801,Rita Real,rita@owners.test,',
        '802,Nora No,nora@owners.test,no',
      ]);
      expect(result.status, result.text).toBe(200);
      const list = await api.get(
        `${base()}/members?searchText=80&size=100`,
        asChair(),
      );
      const imported = (list.body as Member[])
        .map((member) => Member.parse(member))
        .flatMap((member) => member.voters)
        .map((voter) => [voter.email, voter.isTestVoter]);
      expect(Object.fromEntries(imported)).toEqual({
        'tess@rehearsal.test': true,
        'rita@owners.test': false,
        'nora@owners.test': false,
      });
    });

    it('refuses a bad isTestVoter, and one without a voter, on their lines', async () => {
      const errors = problems(
        await importCsv(
          [
            'unit,voterName,voterEmail,isTestVoter',
            '803,Odd,odd@owners.test,maybe',
            '804,,,true',
          ],
          '?dryRun=true',
        ),
      );
      expect(errors.map((error) => error.line)).toEqual([2, 3]);
      expect(errors[0].message).toContain('maybe');
      expect(errors[1].message).toContain('without a voter');
      const alone = problems(await importCsv(['unit,isTestVoter', '805,true']));
      expect(alone[0].message).toContain('voterEmail');
    });

    it('refuses a file that would change a voter into the other kind, dry run or not', async () => {
      const lines = [
        'unit,voterName,voterEmail,isTestVoter',
        '801,Rita Real,rita@owners.test,true',
        '801,Tess Test,tess@rehearsal.test,yes',
      ];
      for (const query of ['?dryRun=true', '']) {
        const errors = problems(await importCsv(lines, query));
        expect(errors.map((error) => error.line)).toEqual([2]);
        expect(errors[0].message).toContain('voter form');
      }
      const list = await api.get(
        `${base()}/members?searchText=rita`,
        asChair(),
      );
      expect(Member.parse(list.body[0]).voters[0].isTestVoter).toBe(false);
    });
  });
});
