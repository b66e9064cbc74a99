import { randomUUID } from 'node:crypto';
import { Matter, MatterVoterRecord, NotVotedUnit } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Database } from '../src/database/database';
import { ballots, members, voters } from '../src/database/schema';
import {
  createMeeting,
  createTenant,
  type MeetingFixtureRow,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const Units = z.array(NotVotedUnit);

/**
 * The chair's console reads that page on the server: GET .../matters/{matterKey}/not-voted
 * (the "not voted yet" list) and GET .../matters/{matterKey}/voters?page= (docs/decisions.md).
 */
describe('Not voted yet list and paged matter voters', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;

  const db = () => gateway.app.get(Database).db;
  const notVotedPath = (meeting: { shortCode: string }, matterKey: string) =>
    `/v1/Meetings/${meeting.shortCode}/matters/${matterKey}/not-voted`;

  async function createMatter(
    meeting: { shortCode: string },
    body: Record<string, unknown> = {},
  ): Promise<Matter> {
    const result = await api.post(
      `/v1/Meetings/${meeting.shortCode}/matters`,
      { name: 'Approve the budget', options: ['For', 'Against'], ...body },
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  }

  async function insertMember(
    meeting: MeetingFixtureRow,
    unit: string,
    values: { shares?: number; eligible?: boolean; tags?: string[] } = {},
  ) {
    const [row] = await db()
      .insert(members)
      .values({
        meetingId: meeting.id,
        unit,
        controlNumber: `cn-${unit}-${randomUUID()}`,
        shares: values.shares ?? 1,
        eligible: values.eligible ?? true,
        tags: values.tags ?? [],
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

  async function insertBallot(
    matterKey: string,
    memberId: string,
    voterId: string | null = null,
    choices = ['For'],
  ) {
    await db().insert(ballots).values({
      matterId: matterKey,
      memberId,
      voterId,
      method: 'live',
      choices,
      weight: 1,
      castAt: gateway.clock.now(),
    });
  }

  async function list(
    meeting: { shortCode: string },
    matterKey: string,
    query = '',
  ) {
    const result = await api.get(
      `${notVotedPath(meeting, matterKey)}${query}`,
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(200);
    return {
      units: Units.parse(result.body),
      total: Number(result.headers.get('x-total-count')),
      text: result.text,
    };
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

  it('lists the eligible units without a ballot, in unit order, with their voters and never a choice', async () => {
    const meeting = await createMeeting(gateway, tenant.account.key);
    const matter = await createMatter(meeting, {
      options: ['Zebra crossing', 'Yak farm'],
      secretBallot: false,
    });
    const u10 = await insertMember(meeting, '10', { shares: 2.5 });
    const u2 = await insertMember(meeting, '2');
    const u3 = await insertMember(meeting, '3');
    await insertMember(meeting, '4', { eligible: false });
    await insertMember(meeting, 'PH-1');
    await insertVoter(u10, 'Zoe Owner', 'zoe@example.test');
    await insertVoter(u10, 'Abe Owner', 'abe@example.test');
    const voted = await insertVoter(u3, 'Cal Owner', 'cal@example.test');
    await insertBallot(matter.key, u3.id, voted.id, ['Yak farm']);

    const page = await list(meeting, matter.key);
    expect(page.total).toBe(3);
    expect(page.units).toEqual([
      { memberKey: u2.id, unit: '2', shares: 1, names: [] },
      {
        memberKey: u10.id,
        unit: '10',
        shares: 2.5,
        names: ['Abe Owner', 'Zoe Owner'],
      },
      expect.objectContaining({ unit: 'PH-1', names: [] }),
    ]);
    expect(page.text).not.toMatch(/Zebra|Yak|choices|Cal Owner/);

    // a ballot arrives: the unit leaves the list
    await insertBallot(matter.key, u2.id);
    const after = await list(meeting, matter.key);
    expect(after.units.map((unit) => unit.unit)).toEqual(['10', 'PH-1']);
    expect(after.total).toBe(2);
  });

  it("follows the matter's eligibility by tag", async () => {
    const meeting = await createMeeting(gateway, tenant.account.key);
    const matter = await createMatter(meeting, { eligibility: ['owners'] });
    await insertMember(meeting, '1', { tags: ['owners'] });
    await insertMember(meeting, '2', { tags: ['tenants'] });
    await insertMember(meeting, '3', { tags: ['owners', 'tenants'] });
    const page = await list(meeting, matter.key);
    expect(page.units.map((unit) => unit.unit)).toEqual(['1', '3']);
    expect(page.total).toBe(2);
  });

  it('pages, and searches units, voter names and e-mails', async () => {
    const meeting = await createMeeting(gateway, tenant.account.key);
    const matter = await createMatter(meeting);
    for (let unit = 1; unit <= 7; unit += 1) {
      const member = await insertMember(meeting, `${unit}`);
      await insertVoter(
        member,
        unit === 5 ? 'Maria 100% Owner' : `Owner ${unit}`,
        `owner${unit}@example.test`,
      );
    }

    const pages = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(await list(meeting, matter.key, `?size=3&page=${page}`));
    expect(pages.map((page) => page.units.map((unit) => unit.unit))).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7'],
      [],
    ]);
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7, 7]);

    expect(
      (await list(meeting, matter.key, '?searchText=maria')).units.map(
        (unit) => unit.unit,
      ),
    ).toEqual(['5']);
    expect(
      (await list(meeting, matter.key, '?searchText=OWNER6%40')).units.map(
        (unit) => unit.unit,
      ),
    ).toEqual(['6']);
    expect(
      (await list(meeting, matter.key, '?searchText=7')).units.map(
        (unit) => unit.unit,
      ),
    ).toEqual(['7']);
    // two characters: no trigram to look up, the same answer
    const two = await list(meeting, matter.key, '?searchText=IA');
    expect(two.units.map((unit) => unit.unit)).toEqual(['5']);
    expect(two.total).toBe(1);
    // LIKE wildcards are literal: only the name with a percent sign
    const percent = await list(meeting, matter.key, '?searchText=%25');
    expect(percent.units.map((unit) => unit.unit)).toEqual(['5']);
    expect(percent.total).toBe(1);
    const none = await list(meeting, matter.key, '?searchText=_nobody_');
    expect(none).toMatchObject({ units: [], total: 0 });
  });

  it.each([
    '?size=0',
    '?size=101',
    '?page=0',
    '?page=abc',
    '?size=1.5',
    '?unknown=1',
    `?searchText=${'x'.repeat(201)}`,
    '?searchText=a%00b',
    '?searchText=a%0Ab',
  ])('answers 400 for %s', async (query) => {
    const matter = await createMatter(tenant.meeting);
    const result = await api.get(
      `${notVotedPath(tenant.meeting, matter.key)}${query}`,
      { token: tenant.token },
    );
    expectProblem(result, 400);
  });

  it("answers 404 for another account's meeting, another meeting's matter and bad keys; 401 without a token", async () => {
    const matter = await createMatter(tenant.meeting);
    expectProblem(
      await api.get(notVotedPath(tenant.meeting, matter.key), {
        token: other.token,
      }),
      404,
      'meeting_not_found',
    );
    const elsewhere = await createMatter(
      await createMeeting(gateway, tenant.account.key),
    );
    for (const key of [elsewhere.key, 'not-a-uuid', randomUUID()])
      expectProblem(
        await api.get(notVotedPath(tenant.meeting, key), {
          token: tenant.token,
        }),
        404,
        'matter_not_found',
      );
    expectProblem(await api.get(notVotedPath(tenant.meeting, matter.key)), 401);
  });

  it('pages the matter voters on request, in the order of the whole list, with the total', async () => {
    const meeting = await createMeeting(gateway, tenant.account.key);
    const matter = await createMatter(meeting, { secretBallot: false });
    const units = ['2', '10', '1', '3'];
    for (const [i, unit] of units.entries()) {
      const member = await insertMember(meeting, unit);
      const voter =
        i === 3
          ? null
          : await insertVoter(member, `Owner ${unit}`, `o${unit}@example.test`);
      await insertBallot(matter.key, member.id, voter?.id ?? null);
    }
    await insertMember(meeting, '4');
    const path = `/v1/Meetings/${meeting.shortCode}/matters/${matter.key}/voters`;
    const get = async (query = '') => {
      const result = await api.get(`${path}${query}`, { token: tenant.token });
      expect(result.status, result.text).toBe(200);
      return {
        records: z.array(MatterVoterRecord).parse(result.body),
        total: Number(result.headers.get('x-total-count')),
      };
    };
    const whole = await get();
    expect(whole.records.map((record) => record.unit)).toEqual([
      '1',
      '10',
      '2',
      '3',
    ]);
    expect(whole.records[3]).toMatchObject({ name: '', email: '' });
    expect(whole.total).toBe(4);
    const pages = [
      await get('?page=1&size=3'),
      await get('?page=2&size=3'),
      await get('?page=3&size=3'),
    ];
    expect(pages.map((page) => page.records)).toEqual([
      whole.records.slice(0, 3),
      whole.records.slice(3),
      [],
    ]);
    expect(pages.map((page) => page.total)).toEqual([4, 4, 4]);
    expect((await get('?page=2')).records).toEqual([]);
    for (const bad of ['?page=0', '?size=0', '?page=1&size=1001', '?limit=5'])
      expectProblem(
        await api.get(`${path}${bad}`, { token: tenant.token }),
        400,
      );
    expectProblem(
      await api.get(`${path}?page=1`, { token: other.token }),
      404,
      'meeting_not_found',
    );
  });

  it('is in OpenAPI with its total header', async () => {
    const result = await api.get('/docs/openapi.json');
    const paths = result.body.paths as Record<string, Record<string, unknown>>;
    const path =
      paths['/v1/Meetings/{shortCode}/matters/{matterKey}/not-voted'];
    expect(JSON.stringify(path.get)).toContain('X-Total-Count');
  });
});
