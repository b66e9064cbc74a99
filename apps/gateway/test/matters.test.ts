import { randomUUID } from 'node:crypto';
import {
  Matter,
  MatterTallyRow,
  MatterVoterRecord,
  type MatterVoteMethod,
} from '@livevote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Database } from '../src/database/database';
import { ballots, matters, members, voters } from '../src/database/schema';
import {
  createMeeting,
  createTenant,
  type MeetingFixtureRow,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const MatterList = z.array(Matter);
const TallyRows = z.array(MatterTallyRow);
const VoterRecords = z.array(MatterVoterRecord);

interface BallotFixture {
  memberId: string;
  voterId?: string | null;
  method: MatterVoteMethod;
  choices: string[];
  weight: number;
  castAt?: Date;
  createdAt?: Date;
}

describe('Matters API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let unitSequence = 0;

  const db = () => gateway.app.get(Database).db;
  const mattersPath = (meeting: { shortCode: string } = tenant.meeting) =>
    `/v1/Meetings/${meeting.shortCode}/matters`;
  const matterPath = (
    key: string,
    meeting: { shortCode: string } = tenant.meeting,
  ) => `${mattersPath(meeting)}/${key}`;

  async function createMatter(
    body: Record<string, unknown> = {},
    meeting: { shortCode: string } = tenant.meeting,
  ): Promise<Matter> {
    const result = await api.post(
      mattersPath(meeting),
      { name: 'Approve the budget', options: ['For', 'Against'], ...body },
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  }

  async function insertMember(
    meeting: MeetingFixtureRow,
    shares: number,
    unit = `U${String(++unitSequence).padStart(3, '0')}`,
  ) {
    const [row] = await db()
      .insert(members)
      .values({
        meetingId: meeting.id,
        unit,
        controlNumber: `cn-${unit}-${randomUUID()}`,
        shares,
      })
      .returning();
    return row;
  }

  async function insertVoter(
    member: { id: string; meetingId: string },
    name: string,
    email: string,
  ) {
    const [row] = await db()
      .insert(voters)
      .values({ memberId: member.id, meetingId: member.meetingId, name, email })
      .returning();
    return row;
  }

  async function insertBallot(matterKey: string, ballot: BallotFixture) {
    await db()
      .insert(ballots)
      .values({
        matterId: matterKey,
        memberId: ballot.memberId,
        voterId: ballot.voterId ?? null,
        method: ballot.method,
        choices: ballot.choices,
        weight: ballot.weight,
        castAt: ballot.castAt ?? gateway.clock.now(),
        createdAt: ballot.createdAt ?? ballot.castAt ?? gateway.clock.now(),
      });
  }

  async function setLiveStatus(
    matterKey: string,
    liveStatus: 'pending' | 'live' | 'closed',
  ) {
    const now = gateway.clock.now();
    await db()
      .update(matters)
      .set({
        liveStatus,
        liveStartedAt: liveStatus === 'pending' ? null : now,
        liveEndsAt:
          liveStatus === 'pending' ? null : new Date(now.getTime() + 360_000),
        liveClosedAt: liveStatus === 'closed' ? now : null,
      })
      .where(eq(matters.id, matterKey));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  describe('POST /v1/Meetings/{shortCode}/matters', () => {
    it('creates a matter with the defaults', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const result = await api.post(
        mattersPath(meeting),
        { name: 'Elect the board', options: ['Alice', 'Bob'] },
        { token: tenant.token },
      );
      expect(result.status).toBe(201);
      const matter = Matter.parse(result.body);
      expect(matter).toMatchObject({
        type: 'multiple-choice',
        name: 'Elect the board',
        header: '',
        snippet: '',
        options: ['Alice', 'Bob'],
        choices: 1,
        eligibility: ['all'],
        allowProxyVote: true,
        order: 1,
        exclusions: [],
        liveStatus: 'pending',
        liveStartedAt: null,
        liveEndsAt: null,
        liveClosedAt: null,
        autoCloseWhenAllVoted: false,
        secretBallot: true,
      });
      expect(matter.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(matter.createdAt).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      );
    });

    it('stores every field given, with options trimmed', async () => {
      const body = {
        type: 'multiple-choice',
        name: '  Elect two directors ',
        options: [' Alice', 'Bob ', 'Carol', 'Abstain'],
        header: 'Choose two candidates',
        snippet: '<p>Two seats are open.</p>',
        choices: 2,
        order: 7,
        eligibility: ['owners', 'tower-a'],
        exclusions: ['Abstain'],
        allowProxyVote: false,
        autoCloseWhenAllVoted: true,
        secretBallot: false,
      };
      const matter = await createMatter(body);
      expect(matter).toMatchObject({
        ...body,
        name: 'Elect two directors',
        options: ['Alice', 'Bob', 'Carol', 'Abstain'],
      });
      const fetched = await api.get(matterPath(matter.key), {
        token: tenant.token,
      });
      expect(fetched.status).toBe(200);
      expect(Matter.parse(fetched.body)).toEqual(matter);
    });

    it('places a new matter after the highest order', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      expect((await createMatter({}, meeting)).order).toBe(1);
      expect((await createMatter({ order: 10 }, meeting)).order).toBe(10);
      expect((await createMatter({}, meeting)).order).toBe(11);
    });

    it('gives concurrent creates distinct orders', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const created = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          createMatter({ name: `Matter ${i}` }, meeting),
        ),
      );
      expect(created.map((m) => m.order).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6,
      ]);
    });

    const tooLong = 'x'.repeat(501);
    it.each([
      [
        'choices above the number of options',
        { choices: 3 },
        'too_many_choices',
      ],
      [
        'exclusions that are not options',
        { exclusions: ['Maybe'] },
        'invalid_exclusion',
      ],
      ['choices 0', { choices: 0 }, 'choices'],
      ['negative choices', { choices: -1 }, 'choices'],
      ['fractional choices', { choices: 1.5 }, 'choices'],
      ['choices as a string', { choices: '1' }, 'choices'],
      [
        'duplicate options',
        { options: ['For', 'Against', 'For'] },
        'options.2',
      ],
      [
        'options duplicate once trimmed',
        { options: ['For', ' For '] },
        'options.1',
      ],
      ['empty options', { options: [] }, 'options'],
      ['a blank option', { options: ['For', '   '] }, 'options.1'],
      [
        'an option over 500 characters',
        { options: ['For', tooLong] },
        'options.1',
      ],
      [
        'more than 50 options',
        { options: Array.from({ length: 51 }, (_, i) => `O${i}`) },
        'options',
      ],
      ['options as a string', { options: 'For,Against' }, 'options'],
      ['a non-string option', { options: ['For', 2] }, 'options.1'],
      ['an unknown type', { type: 'single-choice' }, 'type'],
      ['a numeric name', { name: 5 }, 'name'],
      ['a blank name', { name: '  ' }, 'name'],
      ['a null name', { name: null }, 'name'],
      [
        'allowProxyVote as a string',
        { allowProxyVote: 'yes' },
        'allowProxyVote',
      ],
      [
        'autoCloseWhenAllVoted as a number',
        { autoCloseWhenAllVoted: 1 },
        'autoCloseWhenAllVoted',
      ],
      ['a fractional order', { order: 1.5 }, 'order'],
      ['a negative order', { order: -1 }, 'order'],
      ['eligibility as a string', { eligibility: 'all' }, 'eligibility'],
      ['empty eligibility', { eligibility: [] }, 'eligibility'],
      ['duplicate exclusions', { exclusions: ['For', 'For'] }, 'exclusions.1'],
      ['header as a number', { header: 1 }, 'header'],
      ['an unknown field', { color: 'blue' }, 'color'],
    ])('refuses %s with 400', async (_name, override, expected) => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const result = await api.post(
        mattersPath(meeting),
        { name: 'Approve', options: ['For', 'Against'], ...override },
        { token: tenant.token },
      );
      if (expected === 'too_many_choices' || expected === 'invalid_exclusion') {
        expectProblem(result, 400, expected);
      } else {
        const problem = expectProblem(result, 400, 'validation_failed');
        expect(problem.errors?.map((e) => e.path)).toContain(expected);
      }
      const list = await api.get(mattersPath(meeting), { token: tenant.token });
      expect(list.body).toEqual([]);
    });

    it('names an unknown field in the problem', async () => {
      const problem = expectProblem(
        await api.post(
          mattersPath(),
          { name: 'A', options: ['B'], color: 'blue' },
          { token: tenant.token },
        ),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([
        { path: 'color', message: 'Unknown field.' },
      ]);
    });

    it.each([
      ['name', { options: ['For'] }],
      ['options', { name: 'Approve' }],
    ])('requires %s', async (field, body) => {
      const problem = expectProblem(
        await api.post(mattersPath(), body, { token: tenant.token }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((e) => e.path)).toContain(field);
    });

    it('refuses malformed JSON with 400', async () => {
      expectProblem(
        await api.post(mattersPath(), undefined, {
          token: tenant.token,
          raw: '{"name":',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
    });
  });

  describe('GET /v1/Meetings/{shortCode}/matters', () => {
    it('lists by order, then by creation time', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const first = await createMatter(
        { name: 'First at 2', order: 2 },
        meeting,
      );
      const atOne = await createMatter({ name: 'At 1', order: 1 }, meeting);
      const second = await createMatter(
        { name: 'Second at 2', order: 2 },
        meeting,
      );
      const last = await createMatter({ name: 'Next free' }, meeting);
      const result = await api.get(mattersPath(meeting), {
        token: tenant.token,
      });
      expect(result.status).toBe(200);
      expect(MatterList.parse(result.body).map((m) => m.key)).toEqual([
        atOne.key,
        first.key,
        second.key,
        last.key,
      ]);
      expect(last.order).toBe(3);
    });

    it('answers an empty list for a meeting without matters', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const result = await api.get(mattersPath(meeting), {
        token: tenant.token,
      });
      expect(result.status).toBe(200);
      expect(result.body).toEqual([]);
    });
  });

  describe('PATCH /v1/Meetings/{shortCode}/matters/{matterKey}', () => {
    it('merges: omitted fields stay, null clears header, snippet and exclusions', async () => {
      const matter = await createMatter({
        header: 'Question',
        snippet: '<b>More</b>',
        options: ['For', 'Against', 'Abstain'],
        exclusions: ['Abstain'],
      });
      const renamed = await api.patch(
        matterPath(matter.key),
        { name: 'Approve the 2027 budget' },
        { token: tenant.token },
      );
      expect(renamed.status).toBe(200);
      const afterRename = Matter.parse(renamed.body);
      expect(afterRename).toEqual({
        ...matter,
        name: 'Approve the 2027 budget',
        updatedAt: afterRename.updatedAt,
      });
      expect(Date.parse(afterRename.updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(matter.updatedAt),
      );

      const cleared = await api.patch(
        matterPath(matter.key),
        { header: null, snippet: null, exclusions: null },
        { token: tenant.token },
      );
      expect(cleared.status).toBe(200);
      expect(Matter.parse(cleared.body)).toMatchObject({
        name: 'Approve the 2027 budget',
        header: '',
        snippet: '',
        exclusions: [],
        options: ['For', 'Against', 'Abstain'],
      });
      const fetched = await api.get(matterPath(matter.key), {
        token: tenant.token,
      });
      expect(fetched.body).toEqual(cleared.body);
    });

    it('changes every field of a pending matter', async () => {
      const matter = await createMatter();
      const body = {
        type: 'multiple-choice',
        name: 'Elect',
        options: ['A', 'B', 'C'],
        header: 'Pick',
        snippet: 'More',
        choices: 2,
        order: 42,
        eligibility: ['owners'],
        exclusions: ['C'],
        allowProxyVote: false,
        autoCloseWhenAllVoted: true,
        secretBallot: false,
      };
      const result = await api.patch(matterPath(matter.key), body, {
        token: tenant.token,
      });
      expect(result.status).toBe(200);
      expect(Matter.parse(result.body)).toMatchObject(body);
    });

    it.each([
      ['options shrunk below choices', { options: ['A'] }, 'too_many_choices'],
      ['choices above the options', { choices: 4 }, 'too_many_choices'],
      [
        'options that drop an exclusion',
        { options: ['A', 'B', 'D'] },
        'invalid_exclusion',
      ],
      [
        'exclusions that are not options',
        { exclusions: ['Z'] },
        'invalid_exclusion',
      ],
      ['choices 0', { choices: 0 }, 'choices'],
      ['duplicate options', { options: ['A', 'A'] }, 'options.1'],
      ['empty options', { options: [] }, 'options'],
      ['an unknown type', { type: 'ranked' }, 'type'],
      ['a null name', { name: null }, 'name'],
      ['a null options', { options: null }, 'options'],
      ['a null choices', { choices: null }, 'choices'],
      [
        'allowProxyVote as a string',
        { allowProxyVote: 'false' },
        'allowProxyVote',
      ],
      ['an unknown field', { key: randomUUID() }, 'key'],
    ])(
      'refuses %s with 400 and changes nothing',
      async (_name, body, expected) => {
        const matter = await createMatter({
          options: ['A', 'B', 'C'],
          choices: 2,
          exclusions: ['C'],
        });
        const result = await api.patch(matterPath(matter.key), body, {
          token: tenant.token,
        });
        if (
          expected === 'too_many_choices' ||
          expected === 'invalid_exclusion'
        ) {
          expectProblem(result, 400, expected);
        } else {
          const problem = expectProblem(result, 400, 'validation_failed');
          expect(problem.errors?.map((e) => e.path)).toContain(expected);
        }
        const fetched = await api.get(matterPath(matter.key), {
          token: tenant.token,
        });
        expect(fetched.body).toEqual(matter);
      },
    );

    it('refuses any change of a live matter with 409 matter_live', async () => {
      const matter = await createMatter({
        options: ['For', 'Against', 'Abstain'],
      });
      await setLiveStatus(matter.key, 'live');
      for (const body of [
        { options: ['For', 'Against'] },
        { name: 'Typo fixed' },
        { choices: 2 },
      ]) {
        expectProblem(
          await api.patch(matterPath(matter.key), body, {
            token: tenant.token,
          }),
          409,
          'matter_live',
        );
      }
      const fetched = Matter.parse(
        (await api.get(matterPath(matter.key), { token: tenant.token })).body,
      );
      expect(fetched).toMatchObject({
        liveStatus: 'live',
        name: matter.name,
        options: matter.options,
        choices: 1,
      });
      expect(fetched.liveStartedAt).toBe(gateway.clock.now().toISOString());
      expect(fetched.liveEndsAt).not.toBeNull();
      expect(fetched.liveClosedAt).toBeNull();

      await setLiveStatus(matter.key, 'closed');
      const afterClose = await api.patch(
        matterPath(matter.key),
        { options: ['Yes', 'No'] },
        { token: tenant.token },
      );
      expect(afterClose.status).toBe(200);
      expect(Matter.parse(afterClose.body)).toMatchObject({
        liveStatus: 'closed',
        options: ['Yes', 'No'],
      });
    });

    it('freezes the options and the lowering of choices once ballots exist', async () => {
      const matter = await createMatter({
        options: ['A', 'B', 'C'],
        choices: 2,
      });
      const member = await insertMember(tenant.meeting, 1);
      await insertBallot(matter.key, {
        memberId: member.id,
        method: 'proxy',
        choices: ['A', 'B'],
        weight: 1,
      });
      for (const body of [
        { options: ['A', 'B'] },
        { options: ['A', 'B', 'C', 'D'] },
        { options: ['C', 'B', 'A'] },
        { choices: 1 },
      ]) {
        expectProblem(
          await api.patch(matterPath(matter.key), body, {
            token: tenant.token,
          }),
          409,
          'matter_has_ballots',
        );
      }
      const allowed = await api.patch(
        matterPath(matter.key),
        {
          options: ['A', 'B', 'C'],
          choices: 3,
          name: 'Renamed',
          exclusions: ['C'],
        },
        { token: tenant.token },
      );
      expect(allowed.status).toBe(200);
      expect(Matter.parse(allowed.body)).toMatchObject({
        options: ['A', 'B', 'C'],
        choices: 3,
        name: 'Renamed',
        exclusions: ['C'],
      });
    });
  });

  describe('secretBallot', () => {
    it('keeps a secret ballot secret once it holds ballots, and lets an open one become secret', async () => {
      const secret = await createMatter();
      const open = await createMatter({ secretBallot: false });
      const member = await insertMember(tenant.meeting, 1);
      for (const matter of [secret, open])
        await insertBallot(matter.key, {
          memberId: member.id,
          method: 'proxy',
          choices: ['For'],
          weight: 1,
        });

      expectProblem(
        await api.patch(
          matterPath(secret.key),
          { secretBallot: false },
          { token: tenant.token },
        ),
        409,
        'secret_ballot_locked',
      );
      await setLiveStatus(secret.key, 'closed');
      expectProblem(
        await api.patch(
          matterPath(secret.key),
          { secretBallot: false, name: 'Renamed' },
          { token: tenant.token },
        ),
        409,
        'secret_ballot_locked',
      );
      expect(
        Matter.parse(
          (await api.get(matterPath(secret.key), { token: tenant.token })).body,
        ),
      ).toMatchObject({ secretBallot: true, name: secret.name });

      const made = await api.patch(
        matterPath(open.key),
        { secretBallot: true },
        { token: tenant.token },
      );
      expect(made.status).toBe(200);
      expect(Matter.parse(made.body).secretBallot).toBe(true);
      const empty = await createMatter();
      const opened = await api.patch(
        matterPath(empty.key),
        { secretBallot: false },
        { token: tenant.token },
      );
      expect(Matter.parse(opened.body).secretBallot).toBe(false);
    });

    it('refuses secretBallot that is not a boolean with 400', async () => {
      for (const secretBallot of ['true', 1, null]) {
        const problem = expectProblem(
          await api.post(
            mattersPath(),
            { name: 'Vote', options: ['A'], secretBallot },
            { token: tenant.token },
          ),
          400,
          'validation_failed',
        );
        expect(problem.errors?.map((e) => e.path)).toContain('secretBallot');
      }
    });

    it('answers no stats rows for a secret ballot until it closes: pending, live, and live again after a reopen', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const matter = await createMatter({ options: ['Oak', 'Elm'] }, meeting);
      const stats = async () => {
        const result = await api.get(
          `${matterPath(matter.key, meeting)}/stats`,
          { token: tenant.token },
        );
        expect(result.status).toBe(200);
        return TallyRows.parse(result.body);
      };
      const first = await insertMember(meeting, 2);
      const second = await insertMember(meeting, 3);
      await insertBallot(matter.key, {
        memberId: first.id,
        method: 'proxy',
        choices: ['Oak'],
        weight: 2,
      });
      expect(await stats()).toEqual([]);
      await setLiveStatus(matter.key, 'live');
      await insertBallot(matter.key, {
        memberId: second.id,
        method: 'live',
        choices: ['Elm'],
        weight: 3,
      });
      expect(await stats()).toEqual([]);

      await setLiveStatus(matter.key, 'closed');
      const closed = await stats();
      expect(
        closed.map((r) => [r.vote, r.numProxyVotes, r.numLiveShares]),
      ).toEqual([
        ['Oak', 1, 0],
        ['Elm', 0, 3],
      ]);

      await setLiveStatus(matter.key, 'live');
      expect(await stats()).toEqual([]);
    });

    it("gives a secret ballot's voters the minute of their first ballot, never the time of a changed vote", async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const matter = await createMatter({}, meeting);
      const member = await insertMember(meeting, 1, '501');
      const voter = await insertVoter(member, 'Sam Owner', 'sam@example.test');
      await insertBallot(matter.key, {
        memberId: member.id,
        voterId: voter.id,
        method: 'live',
        choices: ['For'],
        weight: 1,
        createdAt: new Date('2027-01-05T10:00:41.123Z'),
        castAt: new Date('2027-01-05T10:03:07.456Z'),
      });
      const result = await api.get(
        `${matterPath(matter.key, meeting)}/voters`,
        {
          token: tenant.token,
        },
      );
      expect(VoterRecords.parse(result.body)).toEqual([
        {
          unit: '501',
          name: 'Sam Owner',
          email: 'sam@example.test',
          method: 'live',
          createdAt: '2027-01-05T10:00:00.000Z',
        },
      ]);
    });
  });

  describe('DELETE /v1/Meetings/{shortCode}/matters/{matterKey}', () => {
    it('deletes a matter with 204', async () => {
      const matter = await createMatter();
      const result = await api.delete(matterPath(matter.key), {
        token: tenant.token,
      });
      expect(result.status).toBe(204);
      expect(result.text).toBe('');
      expectProblem(
        await api.get(matterPath(matter.key), { token: tenant.token }),
        404,
        'matter_not_found',
      );
      const list = await api.get(mattersPath(), { token: tenant.token });
      expect(list.body.map((m: Matter) => m.key)).not.toContain(matter.key);
      expectProblem(
        await api.delete(matterPath(matter.key), { token: tenant.token }),
        404,
        'matter_not_found',
      );
    });

    it('refuses to delete a live matter with 409 matter_live', async () => {
      const matter = await createMatter();
      await setLiveStatus(matter.key, 'live');
      expectProblem(
        await api.delete(matterPath(matter.key), { token: tenant.token }),
        409,
        'matter_live',
      );
      expect(
        (await api.get(matterPath(matter.key), { token: tenant.token })).status,
      ).toBe(200);
    });

    it('refuses to delete a matter that holds ballots with 409 matter_has_ballots', async () => {
      const matter = await createMatter();
      await setLiveStatus(matter.key, 'closed');
      const member = await insertMember(tenant.meeting, 2);
      await insertBallot(matter.key, {
        memberId: member.id,
        method: 'live',
        choices: ['For'],
        weight: 2,
      });
      expectProblem(
        await api.delete(matterPath(matter.key), { token: tenant.token }),
        409,
        'matter_has_ballots',
      );
      expect(
        (await api.get(matterPath(matter.key), { token: tenant.token })).status,
      ).toBe(200);
    });
  });

  describe('GET /v1/Meetings/{shortCode}/matters/{matterKey}/stats', () => {
    it('tallies votes and shares per option and method from the stored ballots', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const options = ['North', 'South', 'East', 'West', 'Abstain'];
      const matter = await createMatter(
        { options, choices: 2, exclusions: ['Abstain'], secretBallot: false },
        meeting,
      );
      const otherMatter = await createMatter({ options }, meeting);
      const weights = [1.5, 2.333333, 0.1, 0.2, 3, 0.000001, 10];
      const memberRows = [];
      for (const shares of weights)
        memberRows.push(await insertMember(meeting, shares));
      const cast: BallotFixture[] = [
        {
          memberId: memberRows[0].id,
          method: 'live',
          choices: ['North', 'South'],
          weight: 1.5,
        },
        {
          memberId: memberRows[1].id,
          method: 'proxy',
          choices: ['North'],
          weight: 2.333333,
        },
        {
          memberId: memberRows[2].id,
          method: 'live',
          choices: ['South'],
          weight: 0.1,
        },
        {
          memberId: memberRows[3].id,
          method: 'live',
          choices: ['South', 'North'],
          weight: 0.2,
        },
        {
          memberId: memberRows[4].id,
          method: 'other',
          choices: ['Abstain'],
          weight: 3,
        },
        {
          memberId: memberRows[5].id,
          method: 'proxy',
          choices: ['West', 'North'],
          weight: 0.000001,
        },
      ];
      for (const ballot of cast) await insertBallot(matter.key, ballot);
      await insertBallot(otherMatter.key, {
        memberId: memberRows[6].id,
        method: 'live',
        choices: ['North'],
        weight: 10,
      });

      const round = (n: number) => Math.round(n * 1e6) / 1e6;
      const expected = options.map((vote) => {
        const chose = (method: MatterVoteMethod) =>
          cast.filter((b) => b.method === method && b.choices.includes(vote));
        const shares = (method: MatterVoteMethod) =>
          round(chose(method).reduce((sum, b) => sum + b.weight, 0));
        return {
          vote,
          numProxyVotes: chose('proxy').length,
          numLiveVotes: chose('live').length,
          numOtherVotes: chose('other').length,
          numProxyShares: shares('proxy'),
          numLiveShares: shares('live'),
          numOtherShares: shares('other'),
        };
      });

      const result = await api.get(`${matterPath(matter.key, meeting)}/stats`, {
        token: tenant.token,
      });
      expect(result.status).toBe(200);
      const rows = TallyRows.parse(result.body);
      expect(rows).toEqual(expected);
      expect(rows.find((r) => r.vote === 'East')).toEqual({
        vote: 'East',
        numProxyVotes: 0,
        numLiveVotes: 0,
        numOtherVotes: 0,
        numProxyShares: 0,
        numLiveShares: 0,
        numOtherShares: 0,
      });
      expect(rows.find((r) => r.vote === 'South')?.numLiveShares).toBe(1.8);
      expect(rows.find((r) => r.vote === 'Abstain')?.numOtherVotes).toBe(1);
    });

    it('answers zero rows in option order for a matter without ballots', async () => {
      const matter = await createMatter({
        options: ['Zulu', 'Alpha'],
        secretBallot: false,
      });
      const result = await api.get(`${matterPath(matter.key)}/stats`, {
        token: tenant.token,
      });
      expect(result.status).toBe(200);
      expect(
        TallyRows.parse(result.body).map((r) => [r.vote, r.numLiveVotes]),
      ).toEqual([
        ['Zulu', 0],
        ['Alpha', 0],
      ]);
    });
  });

  describe('GET /v1/Meetings/{shortCode}/matters/{matterKey}/voters', () => {
    it('lists who voted by unit, never how', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const matter = await createMatter(
        { options: ['Zebra crossing', 'Yak farm'], secretBallot: false },
        meeting,
      );
      const m201 = await insertMember(meeting, 1, '201');
      const m101 = await insertMember(meeting, 2.5, '101');
      const m301 = await insertMember(meeting, 1, '301');
      await insertMember(meeting, 1, '401');
      const ann = await insertVoter(m201, 'Ann Owner', 'ann@example.test');
      const raj = await insertVoter(m101, 'Raj Owner', 'raj@example.test');
      const castAt = new Date('2027-01-05T10:00:00.123Z');
      await insertBallot(matter.key, {
        memberId: m201.id,
        voterId: ann.id,
        method: 'live',
        choices: ['Zebra crossing'],
        weight: 1,
        castAt,
      });
      await insertBallot(matter.key, {
        memberId: m101.id,
        voterId: raj.id,
        method: 'proxy',
        choices: ['Yak farm'],
        weight: 2.5,
        castAt,
      });
      await insertBallot(matter.key, {
        memberId: m301.id,
        voterId: null,
        method: 'other',
        choices: ['Zebra crossing'],
        weight: 1,
        castAt,
      });

      const result = await api.get(
        `${matterPath(matter.key, meeting)}/voters`,
        {
          token: tenant.token,
        },
      );
      expect(result.status).toBe(200);
      expect(VoterRecords.parse(result.body)).toEqual([
        {
          unit: '101',
          name: 'Raj Owner',
          email: 'raj@example.test',
          method: 'proxy',
          createdAt: castAt.toISOString(),
        },
        {
          unit: '201',
          name: 'Ann Owner',
          email: 'ann@example.test',
          method: 'live',
          createdAt: castAt.toISOString(),
        },
        {
          unit: '301',
          name: '',
          email: '',
          method: 'other',
          createdAt: castAt.toISOString(),
        },
      ]);
      expect(result.text).not.toMatch(/choices|Zebra|Yak/);
    });

    it('answers an empty list before anyone voted', async () => {
      const matter = await createMatter();
      const result = await api.get(`${matterPath(matter.key)}/voters`, {
        token: tenant.token,
      });
      expect(result.status).toBe(200);
      expect(result.body).toEqual([]);
    });
  });

  describe('tenancy and keys', () => {
    const routes = (base: string, key: string) => [
      ['GET', `${base}/${key}`],
      ['PATCH', `${base}/${key}`],
      ['DELETE', `${base}/${key}`],
      ['GET', `${base}/${key}/stats`],
      ['GET', `${base}/${key}/voters`],
    ];

    it("answers 404 meeting_not_found on another account's meeting", async () => {
      const matter = await createMatter();
      const base = mattersPath();
      for (const [method, path] of [
        ['GET', base],
        ['POST', base],
        ...routes(base, matter.key),
      ]) {
        const body =
          method === 'POST' || method === 'PATCH'
            ? { name: 'Hijack', options: ['X'] }
            : undefined;
        expectProblem(
          await api.request(
            method,
            path,
            method === 'PATCH' ? { name: 'Hijack' } : body,
            {
              token: other.token,
            },
          ),
          404,
          'meeting_not_found',
        );
      }
      const unchanged = await api.get(matterPath(matter.key), {
        token: tenant.token,
      });
      expect(unchanged.body).toEqual(matter);
    });

    it("answers 404 for a matter of another meeting, even the caller's own", async () => {
      const meeting = await createMeeting(gateway, tenant.account.key);
      const elsewhere = await createMatter({}, meeting);
      for (const [method, path] of routes(mattersPath(), elsewhere.key)) {
        expectProblem(
          await api.request(
            method,
            path,
            method === 'PATCH' ? { name: 'X' } : undefined,
            {
              token: tenant.token,
            },
          ),
          404,
          'matter_not_found',
        );
      }
    });

    it.each(['not-a-uuid', '12345', randomUUID()])(
      'answers 404 matter_not_found for the key %s',
      async (key) => {
        for (const [method, path] of routes(mattersPath(), key)) {
          expectProblem(
            await api.request(
              method,
              path,
              method === 'PATCH' ? { name: 'X' } : undefined,
              {
                token: tenant.token,
              },
            ),
            404,
            'matter_not_found',
          );
        }
      },
    );

    it('answers 404 for an unknown meeting', async () => {
      expectProblem(
        await api.get('/v1/Meetings/nosuchmeeting/matters', {
          token: tenant.token,
        }),
        404,
        'meeting_not_found',
      );
    });

    it('answers 401 without a token', async () => {
      expectProblem(await api.get(mattersPath()), 401);
      expectProblem(
        await api.post(mattersPath(), { name: 'A', options: ['B'] }),
        401,
      );
    });
  });

  it('lists the matter routes with their schemas in OpenAPI', async () => {
    const result = await api.get('/docs/openapi.json');
    expect(result.status).toBe(200);
    const paths = result.body.paths as Record<string, Record<string, unknown>>;
    const base = '/v1/Meetings/{shortCode}/matters';
    expect(Object.keys(paths[base]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${base}/{matterKey}`]).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    expect(paths[`${base}/{matterKey}/stats`].get).toBeDefined();
    expect(paths[`${base}/{matterKey}/voters`].get).toBeDefined();
    expect(JSON.stringify(paths[base].post)).toContain('requestBody');
  });
});
