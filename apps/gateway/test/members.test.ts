import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Voter } from '@livevote/contracts';
import {
  createMeeting,
  createTenant,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { insertBallot } from './support/members-factories';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const MISSING_KEY = '00000000-0000-4000-8000-000000000000';

describe('Members API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let alice: TenantFixture;
  let bob: TenantFixture;
  let base: string;

  const create = async (body: Record<string, unknown>, path = base) => {
    const result = await api.post(path, body, { token: alice.token });
    if (result.status !== 201)
      throw new Error(`create failed: ${result.status} ${result.text}`);
    return Member.parse(result.body);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    alice = await createTenant(gateway);
    bob = await createTenant(gateway);
    base = `/v1/Meetings/${alice.meeting.shortCode}/members`;
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  describe('POST /v1/Meetings/{shortCode}/members', () => {
    it('creates a member with the defaults and a generated control number', async () => {
      const result = await api.post(
        base,
        { unit: '  101  ' },
        { token: alice.token },
      );
      expect(result.status).toBe(201);
      const member = Member.parse(result.body);
      expect(member).toMatchObject({
        unit: '101',
        mailAddress1: '',
        mailCity: '',
        customData: {},
        hasLiveVotes: false,
        eligible: true,
        shares: 1,
        tags: [],
        voters: [],
      });
      expect(member.controlNumber).toMatch(/^\d{12}$/);
      expect(member.createdAt).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      );
    });

    it('stores every member field it is given', async () => {
      const member = await create({
        unit: 'PH-2',
        mailAddress1: '1 Harbour St',
        mailAddress2: 'Suite 2',
        mailCity: 'Toronto',
        mailProv: 'ON',
        mailPostal: 'M5J 2N8',
        mailCountry: 'CA',
        customData: { parking: 'P1-12', lockers: 2 },
        controlNumber: 'HV-0002',
        eligible: false,
        shares: 2.123456,
        tags: ['owner', 'board', 'owner'],
      });
      expect(member).toMatchObject({
        unit: 'PH-2',
        mailAddress2: 'Suite 2',
        mailPostal: 'M5J 2N8',
        customData: { parking: 'P1-12', lockers: 2 },
        controlNumber: 'HV-0002',
        eligible: false,
        shares: 2.123456,
        tags: ['owner', 'board'],
      });
      const read = await api.get(`${base}/${member.key}`, {
        token: alice.token,
      });
      expect(Member.parse(read.body)).toEqual(member);
    });

    it('takes customData as a JSON object serialized in a string, as older clients send it', async () => {
      const member = await create({
        unit: 'CD-1',
        customData: '{"parking":"P2"}',
      });
      expect(member.customData).toEqual({ parking: 'P2' });
      for (const customData of ['[1]', 'not json', '"x"', 5]) {
        expectProblem(
          await api.post(
            base,
            { unit: 'CD-2', customData },
            { token: alice.token },
          ),
          400,
          'validation_failed',
        );
      }
    });

    it('generates a different control number for each member', async () => {
      const numbers = new Set<string>();
      for (let i = 0; i < 5; i++)
        numbers.add((await create({ unit: `GEN-${i}` })).controlNumber);
      expect(numbers.size).toBe(5);
    });

    it('refuses a unit or a control number the meeting already has with 409', async () => {
      await create({ unit: 'DUP-1', controlNumber: 'DUP-CN-1' });
      expectProblem(
        await api.post(base, { unit: ' DUP-1 ' }, { token: alice.token }),
        409,
        'unit_taken',
      );
      expectProblem(
        await api.post(
          base,
          { unit: 'DUP-2', controlNumber: 'DUP-CN-1' },
          { token: alice.token },
        ),
        409,
        'control_number_taken',
      );
    });

    it('allows the same unit in another meeting', async () => {
      const other = await createMeeting(gateway, alice.account.key);
      const member = await create(
        { unit: 'DUP-1', controlNumber: 'DUP-CN-1' },
        `/v1/Meetings/${other.shortCode}/members`,
      );
      expect(member.unit).toBe('DUP-1');
    });

    it.each([
      ['no unit', {}],
      ['an empty unit', { unit: '   ' }],
      ['a unit of 101 characters', { unit: 'u'.repeat(101) }],
      ['a number as unit', { unit: 101 }],
      ['negative shares', { unit: 'X', shares: -1 }],
      ['shares as a string', { unit: 'X', shares: '1' }],
      ['shares with 7 decimals', { unit: 'X', shares: 1.1234567 }],
      ['shares beyond numeric(20,6)', { unit: 'X', shares: 1e15 }],
      ['eligible as a string', { unit: 'X', eligible: 'yes' }],
      ['tags as a string', { unit: 'X', tags: 'owner' }],
      ['a tag with a comma', { unit: 'X', tags: ['a,b'] }],
      ['the reserved tag all', { unit: 'X', tags: ['all'] }],
      ['a short control number', { unit: 'X', controlNumber: 'ab' }],
      ['a control number with spaces', { unit: 'X', controlNumber: 'a b c d' }],
      ['a long mailCity', { unit: 'X', mailCity: 'c'.repeat(201) }],
      ['hasLiveVotes (response only)', { unit: 'X', hasLiveVotes: true }],
      ['voters (response only)', { unit: 'X', voters: [] }],
      ['an unknown field', { unit: 'X', colour: 'red' }],
    ])('answers 400 to %s', async (_name, body) => {
      const problem = expectProblem(
        await api.post(base, body, { token: alice.token }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.length).toBeGreaterThan(0);
    });

    it('names an unknown field in the problem', async () => {
      const problem = expectProblem(
        await api.post(base, { unit: 'X', voters: [] }, { token: alice.token }),
        400,
      );
      expect(problem.errors).toContainEqual({
        path: 'voters',
        message: 'Unknown field.',
      });
    });

    it("answers 404 for another account's meeting and 401 without a token", async () => {
      expectProblem(
        await api.post(
          `/v1/Meetings/${bob.meeting.shortCode}/members`,
          { unit: '1' },
          { token: alice.token },
        ),
        404,
        'meeting_not_found',
      );
      expectProblem(await api.post(base, { unit: '1' }), 401);
    });
  });

  describe('GET, PATCH and DELETE /v1/Meetings/{shortCode}/members/{memberKey}', () => {
    it('answers 404 member_not_found for an unknown, a non-UUID and a foreign key', async () => {
      const bobs = await api.post(
        `/v1/Meetings/${bob.meeting.shortCode}/members`,
        { unit: 'B-1' },
        { token: bob.token },
      );
      for (const key of [MISSING_KEY, 'not-a-uuid', bobs.body.key]) {
        expectProblem(
          await api.get(`${base}/${key}`, { token: alice.token }),
          404,
          'member_not_found',
        );
        expectProblem(
          await api.patch(
            `${base}/${key}`,
            { shares: 2 },
            { token: alice.token },
          ),
          404,
          'member_not_found',
        );
        expectProblem(
          await api.delete(`${base}/${key}`, { token: alice.token }),
          404,
          'member_not_found',
        );
      }
      expectProblem(
        await api.get(
          `/v1/Meetings/${bob.meeting.shortCode}/members/${bobs.body.key}`,
          { token: alice.token },
        ),
        404,
        'meeting_not_found',
      );
    });

    it('merges a PATCH: omitted fields stay, null clears optional ones', async () => {
      const member = await create({
        unit: 'P-1',
        mailAddress1: '9 Bay St',
        mailCity: 'Toronto',
        customData: { a: 1 },
        tags: ['owner'],
        shares: 3,
      });
      gateway.clock.advance(60_000);
      const result = await api.patch(
        `${base}/${member.key}`,
        { mailCity: null, tags: null, customData: null, eligible: false },
        { token: alice.token },
      );
      expect(result.status).toBe(200);
      const patched = Member.parse(result.body);
      expect(patched).toMatchObject({
        unit: 'P-1',
        mailAddress1: '9 Bay St',
        mailCity: '',
        customData: {},
        tags: [],
        shares: 3,
        eligible: false,
        controlNumber: member.controlNumber,
        createdAt: member.createdAt,
      });
      expect(Date.parse(patched.updatedAt)).toBe(
        Date.parse(member.updatedAt) + 60_000,
      );
      const renamed = await api.patch(
        `${base}/${member.key}`,
        { unit: 'P-1A', controlNumber: 'P1A-CN', shares: 0.5 },
        { token: alice.token },
      );
      expect(renamed.body).toMatchObject({
        unit: 'P-1A',
        controlNumber: 'P1A-CN',
        shares: 0.5,
        mailAddress1: '9 Bay St',
      });
    });

    it('lets a PATCH keep its own unit and control number but not take another member’s', async () => {
      const first = await create({ unit: 'Q-1', controlNumber: 'Q1-CN' });
      await create({ unit: 'Q-2', controlNumber: 'Q2-CN' });
      const same = await api.patch(
        `${base}/${first.key}`,
        { unit: 'Q-1', controlNumber: 'Q1-CN' },
        { token: alice.token },
      );
      expect(same.status).toBe(200);
      expectProblem(
        await api.patch(
          `${base}/${first.key}`,
          { unit: 'Q-2' },
          { token: alice.token },
        ),
        409,
        'unit_taken',
      );
      expectProblem(
        await api.patch(
          `${base}/${first.key}`,
          { controlNumber: 'Q2-CN' },
          { token: alice.token },
        ),
        409,
        'control_number_taken',
      );
    });

    it.each([
      ['a null unit', { unit: null }],
      ['null shares', { shares: null }],
      ['a null control number', { controlNumber: null }],
      ['null eligible', { eligible: null }],
      ['an unknown field', { voters: [] }],
      ['a wrong type', { mailCity: 5 }],
    ])('answers 400 to a PATCH with %s', async (name, body) => {
      const member = await create({ unit: `BAD-${name}` });
      expectProblem(
        await api.patch(`${base}/${member.key}`, body, { token: alice.token }),
        400,
        'validation_failed',
      );
    });

    it('deletes a member and its voters with 204', async () => {
      const member = await create({ unit: 'D-1' });
      await api.post(
        `${base}/${member.key}/voters`,
        { name: 'D', email: 'd@example.test' },
        { token: alice.token },
      );
      const result = await api.delete(`${base}/${member.key}`, {
        token: alice.token,
      });
      expect(result.status).toBe(204);
      expect(result.text).toBe('');
      expectProblem(
        await api.get(`${base}/${member.key}`, { token: alice.token }),
        404,
        'member_not_found',
      );
    });

    it('refuses to delete a member that holds a ballot with 409 and reports hasLiveVotes', async () => {
      const proxy = await create({ unit: 'B-PROXY' });
      const live = await create({ unit: 'B-LIVE' });
      await insertBallot(gateway, {
        meetingId: alice.meeting.id,
        memberId: proxy.key,
        method: 'proxy',
      });
      await insertBallot(gateway, {
        meetingId: alice.meeting.id,
        memberId: live.key,
        method: 'live',
      });
      for (const member of [proxy, live])
        expectProblem(
          await api.delete(`${base}/${member.key}`, { token: alice.token }),
          409,
          'member_has_ballots',
        );
      const readProxy = await api.get(`${base}/${proxy.key}`, {
        token: alice.token,
      });
      const readLive = await api.get(`${base}/${live.key}`, {
        token: alice.token,
      });
      expect(readProxy.body.hasLiveVotes).toBe(false);
      expect(readLive.body.hasLiveVotes).toBe(true);
      const patched = await api.patch(
        `${base}/${live.key}`,
        { shares: 2 },
        { token: alice.token },
      );
      expect(patched.body.hasLiveVotes).toBe(true);
    });
  });

  describe('GET /v1/Meetings/{shortCode}/members', () => {
    let listBase: string;
    const units = (result: { body: Member[] }) =>
      result.body.map((member) => member.unit);
    const list = (query: string) =>
      api.get<Member[]>(`${listBase}?${query}`, { token: alice.token });

    beforeAll(async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      listBase = `/v1/Meetings/${meeting.shortCode}/members`;
      const add = async (
        body: Record<string, unknown>,
        voters: { name: string; email: string }[] = [],
      ) => {
        gateway.clock.advance(1000);
        const member = await create(body, listBase);
        for (const voter of voters)
          await api.post(`${listBase}/${member.key}/voters`, voter, {
            token: alice.token,
          });
        return member;
      };
      await add(
        {
          unit: '10',
          shares: 5,
          tags: ['owner', 'board'],
          mailCity: 'Toronto',
          mailProv: 'ON',
          mailCountry: 'CA',
        },
        [
          { name: 'Jane Doe', email: 'jane@example.test' },
          { name: 'John Doe', email: 'john@example.test' },
        ],
      );
      await add(
        {
          unit: '2',
          shares: 1.5,
          tags: ['owner'],
          mailCity: 'Ottawa',
          mailProv: 'ON',
          mailCountry: 'CA',
        },
        [{ name: 'Ann Lee', email: 'ann.lee@mail.test' }],
      );
      await add(
        {
          unit: 'A-1',
          shares: 0,
          eligible: false,
          mailCity: 'toronto',
          mailCountry: 'CA',
        },
        [],
      );
      await add({ unit: '1', shares: 3, tags: ['tenant'], mailCountry: 'US' }, [
        { name: 'Bob Stone', email: 'b.stone@example.test' },
      ]);
      await add({ unit: 'P%_1', shares: 2 });
      gateway.clock.advance(1000);
      const members = await list('size=100');
      const two = members.body.find((member) => member.unit === '2')!;
      await api.patch(
        `${listBase}/${two.key}`,
        { mailPostal: 'K1A 0A1' },
        {
          token: alice.token,
        },
      );
    });

    it('lists members by unit in natural order with their voters and X-Total-Count', async () => {
      const result = await list('');
      expect(result.status).toBe(200);
      expect(result.headers.get('x-total-count')).toBe('5');
      expect(units(result)).toEqual(['1', '2', '10', 'A-1', 'P%_1']);
      const members = result.body.map((member) => Member.parse(member));
      const ten = members.find((member) => member.unit === '10')!;
      expect(ten.voters.map((voter) => voter.email)).toEqual([
        'jane@example.test',
        'john@example.test',
      ]);
      for (const voter of ten.voters) Voter.parse(voter);
      expect(members.find((member) => member.unit === 'A-1')!.voters).toEqual(
        [],
      );
    });

    it('sorts by every sortBy in both orders', async () => {
      expect(units(await list('sortOrder=desc'))).toEqual([
        'P%_1',
        'A-1',
        '10',
        '2',
        '1',
      ]);
      expect(units(await list('sortBy=shares'))).toEqual([
        'A-1',
        '2',
        'P%_1',
        '1',
        '10',
      ]);
      expect(units(await list('sortBy=shares&sortOrder=desc'))).toEqual([
        '10',
        '1',
        'P%_1',
        '2',
        'A-1',
      ]);
      expect(units(await list('sortBy=createdAt'))).toEqual([
        '10',
        '2',
        'A-1',
        '1',
        'P%_1',
      ]);
      expect(units(await list('sortBy=createdAt&sortOrder=desc'))).toEqual([
        'P%_1',
        '1',
        'A-1',
        '2',
        '10',
      ]);
      expect(units(await list('sortBy=updatedAt&sortOrder=desc'))[0]).toBe('2');
      expect(units(await list('sortBy=updatedAt&sortOrder=asc'))[0]).toBe('10');
    });

    it('pages with page and size and keeps the total', async () => {
      const second = await list('size=2&page=2');
      expect(units(second)).toEqual(['10', 'A-1']);
      expect(second.headers.get('x-total-count')).toBe('5');
      expect(units(await list('size=2&page=3'))).toEqual(['P%_1']);
      const beyond = await list('size=2&page=4');
      expect(beyond.body).toEqual([]);
      expect(beyond.headers.get('x-total-count')).toBe('5');
      expect(units(await list('size=1'))).toEqual(['1']);
    });

    it('searches unit, voter name and voter e-mail case-insensitively', async () => {
      expect(units(await list('searchText=a-'))).toEqual(['A-1']);
      expect(units(await list('searchText=JANE'))).toEqual(['10']);
      expect(units(await list('searchText=doe'))).toEqual(['10']);
      expect(units(await list('searchText=MAIL.TEST'))).toEqual(['2']);
      expect(units(await list('searchText=stone%40EXAMPLE'))).toEqual(['1']);
      const found = await list('searchText=1');
      expect(units(found)).toEqual(['1', '10', 'A-1', 'P%_1']);
      expect(found.headers.get('x-total-count')).toBe('4');
      expect(units(await list('searchText=nobody'))).toEqual([]);
    });

    it('treats LIKE wildcards in searchText literally', async () => {
      expect(
        units(await list(`searchText=${encodeURIComponent('%_')}`)),
      ).toEqual(['P%_1']);
      expect(
        units(await list(`searchText=${encodeURIComponent('_')}`)),
      ).toEqual(['P%_1']);
    });

    it('filters by every property; the same property twice means either value', async () => {
      const cases: [string, string[]][] = [
        ['unit:a-1', ['A-1']],
        ['eligible:false', ['A-1']],
        ['eligible:true', ['1', '2', '10', 'P%_1']],
        ['tag:owner', ['2', '10']],
        ['tag:board', ['10']],
        ['tag:owner,tag:tenant', ['1', '2', '10']],
        ['tag:owner,mailCity:ottawa', ['2']],
        ['mailCity:TORONTO', ['10', 'A-1']],
        ['mailProv:on', ['2', '10']],
        ['mailCountry:US', ['1']],
        ['mailCountry:CA,eligible:true', ['2', '10']],
      ];
      for (const [filters, expected] of cases) {
        const result = await list(`filters=${encodeURIComponent(filters)}`);
        expect(units(result), filters).toEqual(expected);
        expect(result.headers.get('x-total-count')).toBe(
          String(expected.length),
        );
      }
      const combined = await list(
        `filters=${encodeURIComponent('tag:owner')}&searchText=ann&sortBy=shares&sortOrder=desc&size=1&page=1`,
      );
      expect(units(combined)).toEqual(['2']);
    });

    it.each([
      'size=0',
      'size=101',
      'size=abc',
      'page=0',
      'page=-1',
      'page=1.5',
      'sortBy=name',
      'sortBy=voters',
      'sortOrder=up',
      'filters=colour:red',
      'filters=unit',
      'filters=unit:',
      'filters=eligible:maybe',
      `filters=${encodeURIComponent('tag:owner,,')}`,
    ])('answers 400 to %s', async (query) => {
      const problem = expectProblem(
        await list(query),
        400,
        'validation_failed',
      );
      expect(problem.errors?.[0].path).toBe(query.split('=')[0]);
    });

    it("answers 404 for another account's meeting", async () => {
      expectProblem(
        await api.get(`/v1/Meetings/${bob.meeting.shortCode}/members`, {
          token: alice.token,
        }),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.get('/v1/Meetings/NOT%20A%20CODE/members', {
          token: alice.token,
        }),
        404,
        'meeting_not_found',
      );
    });
  });

  // The search reads one column the database keeps from the unit and the voters
  // (drizzle/0014_member_search.sql): it follows every write, at any length of text.
  describe('searchText as members and voters change', () => {
    let searchBase: string;
    const found = async (text: string) => {
      const result = await api.get<Member[]>(
        `${searchBase}?searchText=${encodeURIComponent(text)}&size=100`,
        { token: alice.token },
      );
      expect(result.status, result.text).toBe(200);
      const units = result.body.map((member) => member.unit);
      expect(result.headers.get('x-total-count')).toBe(String(units.length));
      return units;
    };

    beforeAll(async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      searchBase = `/v1/Meetings/${meeting.shortCode}/members`;
      const add = async (unit: string, voters: [string, string][]) => {
        const member = await create({ unit }, searchBase);
        for (const [name, email] of voters)
          await api.post(
            `${searchBase}/${member.key}/voters`,
            { name, email },
            { token: alice.token },
          );
      };
      await add('101', [['Élise Côté', 'elise@exemple.test']]);
      await add('B-12', [
        ['Omar Haddad', 'omar@example.test'],
        ['Ruth Haddad', 'ruth.h@Mail.TEST'],
      ]);
      await add('PH-3', []);
    });

    it('matches one or two characters anywhere in a unit, a name or an e-mail', async () => {
      expect(await found('1')).toEqual(['101', 'B-12']);
      expect(await found('12')).toEqual(['B-12']);
      expect(await found('-')).toEqual(['B-12', 'PH-3']);
      expect(await found('h-')).toEqual(['PH-3']);
      expect(await found('é')).toEqual(['101']);
      expect(await found('@')).toEqual(['101', 'B-12']);
      expect(await found('zq')).toEqual([]);
    });

    it('is case-insensitive, accents included, and tells accented letters apart', async () => {
      expect(await found('ÉLISE')).toEqual(['101']);
      expect(await found('côté')).toEqual(['101']);
      expect(await found('CÔTÉ')).toEqual(['101']);
      // as ILIKE always did: an accent is part of the letter
      expect(await found('cote')).toEqual([]);
      expect(await found('Elise C')).toEqual([]);
      expect(await found('ph-3')).toEqual(['PH-3']);
    });

    it('matches whole e-mails and parts of them, in any case', async () => {
      expect(await found('ruth.h@mail.test')).toEqual(['B-12']);
      expect(await found('MAIL.TEST')).toEqual(['B-12']);
      expect(await found('@exemple')).toEqual(['101']);
      expect(await found('example.test')).toEqual(['B-12']);
    });

    it('never matches across a unit and a name, or two voters', async () => {
      expect(await found('101Élise')).toEqual([]);
      expect(await found('101 Élise')).toEqual([]);
      expect(await found('test Ruth')).toEqual([]);
      expect(await found('Haddad')).toEqual(['B-12']);
    });

    it('follows voters added, renamed, re-addressed and removed, and units renamed', async () => {
      const member = await create({ unit: 'Z-9' }, searchBase);
      const memberPath = `${searchBase}/${member.key}`;
      expect(await found('quill')).toEqual([]);

      await api.post(
        `${memberPath}/voters`,
        { name: 'Quill Penn', email: 'qp@old.test' },
        { token: alice.token },
      );
      expect(await found('quill')).toEqual(['Z-9']);
      expect(await found('OLD.TEST')).toEqual(['Z-9']);

      const renamed = await api.patch(
        `${memberPath}/voters/${encodeURIComponent('qp@old.test')}`,
        { name: 'Ink Well', email: 'iw@new.test' },
        { token: alice.token },
      );
      expect(renamed.status, renamed.text).toBe(200);
      expect(await found('quill')).toEqual([]);
      expect(await found('old.test')).toEqual([]);
      expect(await found('ink well')).toEqual(['Z-9']);
      expect(await found('iw@new')).toEqual(['Z-9']);

      // a change that leaves name and e-mail alone keeps the search as it was
      const panelist = await api.patch(
        `${memberPath}/voters/${encodeURIComponent('iw@new.test')}`,
        { isPanelist: true },
        { token: alice.token },
      );
      expect(panelist.status, panelist.text).toBe(200);
      expect(await found('ink')).toEqual(['Z-9']);

      const unit = await api.patch(
        memberPath,
        { unit: 'Z-10' },
        { token: alice.token },
      );
      expect(unit.status, unit.text).toBe(200);
      expect(await found('z-9')).toEqual([]);
      expect(await found('z-10')).toEqual(['Z-10']);
      expect(await found('ink')).toEqual(['Z-10']);

      const removed = await api.delete(
        `${memberPath}/voters/${encodeURIComponent('iw@new.test')}`,
        { token: alice.token },
      );
      expect(removed.status).toBe(204);
      expect(await found('ink')).toEqual([]);
      expect(await found('z-10')).toEqual(['Z-10']);

      await api.delete(memberPath, { token: alice.token });
      expect(await found('z-10')).toEqual([]);
    });
  });

  describe('voters of a member', () => {
    let member: Member;
    let votersBase: string;
    const voterPath = (email: string) =>
      `${votersBase}/${encodeURIComponent(email)}`;

    beforeAll(async () => {
      member = await create({ unit: 'V-1' });
      votersBase = `${base}/${member.key}/voters`;
    });

    it('adds a voter with the defaults', async () => {
      const result = await api.post(
        votersBase,
        { name: ' Jane Doe ', email: 'Jane.Doe+Board@Example.COM' },
        { token: alice.token },
      );
      expect(result.status).toBe(201);
      const voter = Voter.parse(result.body);
      expect(voter).toMatchObject({
        name: 'Jane Doe',
        email: 'Jane.Doe+Board@Example.COM',
        isPanelist: false,
        attending: false,
        inAttendance: false,
        communicationPreferences: {
          disableAllEmails: false,
          disableConsentReminders: false,
        },
        lastInviteDate: null,
      });
      const read = await api.get(`${base}/${member.key}`, {
        token: alice.token,
      });
      expect(read.body.voters).toEqual([voter]);
    });

    it('finds a voter by URL-encoded e-mail in any case', async () => {
      for (const email of [
        'jane.doe+board@example.com',
        'JANE.DOE+BOARD@EXAMPLE.COM',
      ]) {
        const result = await api.get(voterPath(email), { token: alice.token });
        expect(result.status).toBe(200);
        expect(Voter.parse(result.body).email).toBe(
          'Jane.Doe+Board@Example.COM',
        );
      }
    });

    it('refuses a second voter with the same e-mail in another case with 409', async () => {
      expectProblem(
        await api.post(
          votersBase,
          { name: 'Jane Again', email: 'JANE.DOE+board@example.com' },
          { token: alice.token },
        ),
        409,
        'voter_email_taken',
      );
    });

    it('allows the same e-mail on another member', async () => {
      const other = await create({ unit: 'V-2' });
      const result = await api.post(
        `${base}/${other.key}/voters`,
        { name: 'Jane Doe', email: 'jane.doe+board@example.com' },
        { token: alice.token },
      );
      expect(result.status).toBe(201);
    });

    it('takes isPanelist and communicationPreferences on create', async () => {
      const result = await api.post(
        votersBase,
        {
          name: 'Pat Panel',
          email: 'pat@example.test',
          isPanelist: true,
          communicationPreferences: { disableConsentReminders: true },
        },
        { token: alice.token },
      );
      expect(Voter.parse(result.body)).toMatchObject({
        isPanelist: true,
        communicationPreferences: {
          disableAllEmails: false,
          disableConsentReminders: true,
        },
      });
    });

    it('merges a PATCH, including communicationPreferences', async () => {
      gateway.clock.advance(5000);
      const result = await api.patch(
        voterPath('PAT@example.test'),
        {
          name: 'Pat Panelist',
          communicationPreferences: { disableAllEmails: true },
        },
        { token: alice.token },
      );
      expect(result.status).toBe(200);
      const voter = Voter.parse(result.body);
      expect(voter).toMatchObject({
        name: 'Pat Panelist',
        email: 'pat@example.test',
        isPanelist: true,
        communicationPreferences: {
          disableAllEmails: true,
          disableConsentReminders: true,
        },
      });
      expect(voter.updatedAt).not.toBe(voter.createdAt);
    });

    it('changes the e-mail, also to itself in another case, but not to another voter’s', async () => {
      const own = await api.patch(
        voterPath('pat@example.test'),
        { email: 'Pat@Example.test' },
        { token: alice.token },
      );
      expect(own.status).toBe(200);
      expect(own.body.email).toBe('Pat@Example.test');
      expectProblem(
        await api.patch(
          voterPath('pat@example.test'),
          { email: 'jane.doe+BOARD@example.com' },
          { token: alice.token },
        ),
        409,
        'voter_email_taken',
      );
      const moved = await api.patch(
        voterPath('pat@example.test'),
        { email: 'pat.new@example.test' },
        { token: alice.token },
      );
      expect(moved.body.voterKey).toBe(own.body.voterKey);
      expectProblem(
        await api.get(voterPath('pat@example.test'), { token: alice.token }),
        404,
        'voter_not_found',
      );
    });

    it.each([
      ['no e-mail', { name: 'X' }],
      ['no name', { email: 'x@example.test' }],
      ['an empty name', { name: ' ', email: 'x@example.test' }],
      ['a bad e-mail', { name: 'X', email: 'not-an-email' }],
      [
        'isPanelist as a string',
        { name: 'X', email: 'x@example.test', isPanelist: 'yes' },
      ],
      [
        'an unknown preference',
        {
          name: 'X',
          email: 'x@example.test',
          communicationPreferences: { sms: true },
        },
      ],
      [
        'attending (response only)',
        { name: 'X', email: 'x@example.test', attending: true },
      ],
    ])('answers 400 to a voter with %s', async (_name, body) => {
      expectProblem(
        await api.post(votersBase, body, { token: alice.token }),
        400,
        'validation_failed',
      );
    });

    it.each([
      ['a null name', { name: null }],
      ['a bad e-mail', { email: 'x' }],
      ['an unknown field', { lastInviteDate: null }],
    ])('answers 400 to a voter PATCH with %s', async (_name, body) => {
      expectProblem(
        await api.patch(voterPath('pat.new@example.test'), body, {
          token: alice.token,
        }),
        400,
        'validation_failed',
      );
    });

    it('answers 404 for an unknown voter or member, and for another account', async () => {
      expectProblem(
        await api.get(voterPath('nobody@example.test'), { token: alice.token }),
        404,
        'voter_not_found',
      );
      expectProblem(
        await api.patch(
          voterPath('nobody@example.test'),
          { name: 'N' },
          {
            token: alice.token,
          },
        ),
        404,
        'voter_not_found',
      );
      expectProblem(
        await api.delete(voterPath('nobody@example.test'), {
          token: alice.token,
        }),
        404,
        'voter_not_found',
      );
      for (const key of [MISSING_KEY, 'nope'])
        expectProblem(
          await api.post(
            `${base}/${key}/voters`,
            { name: 'N', email: 'n@example.test' },
            { token: alice.token },
          ),
          404,
          'member_not_found',
        );
      expectProblem(
        await api.get(voterPath('pat.new@example.test'), { token: bob.token }),
        404,
        'meeting_not_found',
      );
    });

    it('deletes a voter with 204', async () => {
      await api.post(
        votersBase,
        { name: 'Temp', email: 'Temp@Example.test' },
        { token: alice.token },
      );
      const result = await api.delete(voterPath('temp@example.test'), {
        token: alice.token,
      });
      expect(result.status).toBe(204);
      expectProblem(
        await api.get(voterPath('temp@example.test'), { token: alice.token }),
        404,
        'voter_not_found',
      );
    });

    it('refuses to delete a voter who cast a ballot with 409', async () => {
      const voter = await api.post(
        votersBase,
        { name: 'Caster', email: 'caster@example.test' },
        { token: alice.token },
      );
      await insertBallot(gateway, {
        meetingId: alice.meeting.id,
        memberId: member.key,
        voterId: voter.body.voterKey,
      });
      expectProblem(
        await api.delete(voterPath('caster@example.test'), {
          token: alice.token,
        }),
        409,
        'voter_has_ballots',
      );
      expect(
        (
          await api.get(voterPath('caster@example.test'), {
            token: alice.token,
          })
        ).status,
      ).toBe(200);
    });
  });

  it('lists the routes in OpenAPI', async () => {
    const result = await api.get('/docs/openapi.json');
    expect(result.status).toBe(200);
    const paths = Object.keys(result.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/Meetings/{shortCode}/members',
        '/v1/Meetings/{shortCode}/members/import',
        '/v1/Meetings/{shortCode}/members/{memberKey}',
        '/v1/Meetings/{shortCode}/members/{memberKey}/voters',
        '/v1/Meetings/{shortCode}/members/{memberKey}/voters/{email}',
      ]),
    );
  });
});
