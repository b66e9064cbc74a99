import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webcast, WebcastLaunch } from '@livevote/contracts';
import { Database } from '../src/database/database';
import { members, voters } from '../src/database/schema';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Webcast API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let alice: TenantFixture;
  let bob: TenantFixture;

  const webcastPath = (tenant: TenantFixture) =>
    `/v1/Meetings/${tenant.meeting.shortCode}/webcast`;

  async function addVoters(tenant: TenantFixture, count: number) {
    const db = gateway.app.get(Database).db;
    const [member] = await db
      .insert(members)
      .values({
        meetingId: tenant.meeting.id,
        unit: `U-${count}-${Math.random()}`,
        controlNumber: `C-${count}-${Math.random()}`,
      })
      .returning();
    await db.insert(voters).values(
      Array.from({ length: count }, (_, i) => ({
        memberId: member.id,
        meetingId: tenant.meeting.id,
        name: `Voter ${i}`,
        email: `voter${i}.${member.id}@example.test`,
      })),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    alice = await createTenant(gateway);
    bob = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  it('has nothing to show (204) and nothing to launch (404) before the webcast exists', async () => {
    const tenant = await createTenant(gateway);
    const none = await api.get(webcastPath(tenant), { token: tenant.token });
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
    // another account's meeting stays a 404
    expectProblem(
      await api.get(webcastPath(tenant), { token: bob.token }),
      404,
      'meeting_not_found',
    );
    expectProblem(
      await api.post(`${webcastPath(tenant)}/launch`, undefined, {
        token: tenant.token,
      }),
      404,
      'webcast_not_found',
    );
  });

  it('creates the webcast with PUT (201), then changes it (200)', async () => {
    const created = await api.put(
      webcastPath(alice),
      {
        castProvider: 'video',
        rehearsalAt: '2026-11-20T18:00:00-05:00',
        rehearsalTimezone: 'America/Toronto',
        rehearsalDuration: 45,
        meta: { notes: 'bring slides' },
      },
      { token: alice.token },
    );
    expect(created.status).toBe(201);
    const webcast = Webcast.parse(created.body);
    expect(webcast).toMatchObject({
      castProvider: 'video',
      rehearsalAt: '2026-11-20T23:00:00.000Z',
      rehearsalTimezone: 'America/Toronto',
      rehearsalDuration: 45,
      recordingsAt: null,
      reportsAt: null,
      status: 'not-started',
      meta: {
        notes: 'bring slides',
        room: {
          provider: 'jitsi',
          domain: 'meet.jit.si',
          name: expect.stringMatching(
            new RegExp(`^LiveVote-${alice.meeting.shortCode}-[0-9a-f]{24}$`),
          ),
        },
      },
    });
    expect(webcast.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isSafeInteger(webcast.castId)).toBe(true);
    expect(webcast.castId).toBeGreaterThan(0);
    expect(webcast.createdAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );

    gateway.clock.advance(60_000);
    const changed = await api.put(
      webcastPath(alice),
      {
        castProvider: 'video-meeting',
        recordingsAt: '2026-11-22T10:00:00Z',
        reportsAt: '2026-11-23T10:00:00.250+01:00',
        meta: { host: 'chair' },
      },
      { token: alice.token },
    );
    expect(changed.status).toBe(200);
    const after = Webcast.parse(changed.body);
    expect(after).toEqual({
      ...webcast,
      castProvider: 'video-meeting',
      rehearsalAt: null,
      rehearsalTimezone: null,
      rehearsalDuration: null,
      recordingsAt: '2026-11-22T10:00:00.000Z',
      reportsAt: '2026-11-23T09:00:00.250Z',
      meta: { host: 'chair', room: webcast.meta.room },
      updatedAt: new Date(
        new Date(webcast.updatedAt).getTime() + 60_000,
      ).toISOString(),
    });

    const read = await api.get(webcastPath(alice), { token: alice.token });
    expect(read.status).toBe(200);
    expect(Webcast.parse(read.body)).toEqual(after);
  });

  it('launches: a Jitsi start link, capacities, and status started', async () => {
    const tenant = await createTenant(gateway);
    await api.put(
      webcastPath(tenant),
      { castProvider: 'video-meeting' },
      { token: tenant.token },
    );
    await addVoters(tenant, 3);
    const result = await api.post(`${webcastPath(tenant)}/launch`, undefined, {
      token: tenant.token,
    });
    expect(result.status).toBe(200);
    const launch = WebcastLaunch.parse(result.body);
    const webcast = Webcast.parse(
      (await api.get(webcastPath(tenant), { token: tenant.token })).body,
    );
    const room = webcast.meta.room as { name: string };
    expect(launch).toEqual({
      startUrl: `https://meet.jit.si/${room.name}`,
      meetingCapacity: 100,
      webinarCapacity: 100,
      isInUse: false,
      capacityWarning: false,
    });
    expect(webcast.status).toBe('started');

    const again = await api.post(`${webcastPath(tenant)}/launch`, undefined, {
      token: tenant.token,
    });
    expect(WebcastLaunch.parse(again.body).startUrl).toBe(launch.startUrl);
  });

  it('warns when the voters outnumber the capacity', async () => {
    const tenant = await createTenant(gateway);
    await api.put(
      webcastPath(tenant),
      { castProvider: 'video' },
      { token: tenant.token },
    );
    await addVoters(tenant, 100);
    const atCapacity = await api.post(
      `${webcastPath(tenant)}/launch`,
      undefined,
      {
        token: tenant.token,
      },
    );
    expect(WebcastLaunch.parse(atCapacity.body).capacityWarning).toBe(false);
    await addVoters(tenant, 1);
    const over = await api.post(`${webcastPath(tenant)}/launch`, undefined, {
      token: tenant.token,
    });
    expect(WebcastLaunch.parse(over.body).capacityWarning).toBe(true);
  });

  it('gives each meeting its own room', async () => {
    const tenant = await createTenant(gateway);
    const mine = Webcast.parse(
      (
        await api.put(
          webcastPath(tenant),
          { castProvider: 'video' },
          { token: tenant.token },
        )
      ).body,
    );
    const theirs = Webcast.parse(
      (await api.get(webcastPath(alice), { token: alice.token })).body,
    );
    expect(mine.key).not.toBe(theirs.key);
    expect(mine.castId).not.toBe(theirs.castId);
    expect(mine.meta.room).not.toEqual(theirs.meta.room);
  });

  it.each([
    ['a missing castProvider', { castProvider: undefined }],
    ['an unknown castProvider', { castProvider: 'zoom' }],
    ['an unknown time zone', { rehearsalTimezone: 'Mars/Olympus' }],
    ['an offset as time zone', { rehearsalTimezone: '+05:00' }],
    ['a zero duration', { rehearsalDuration: 0 }],
    ['a duration over a day', { rehearsalDuration: 1441 }],
    ['a fractional duration', { rehearsalDuration: 1.5 }],
    ['a string duration', { rehearsalDuration: '60' }],
    ['a datetime without offset', { rehearsalAt: '2026-11-20T18:00:00' }],
    ['a date that is not a datetime', { recordingsAt: 'tomorrow' }],
    ['meta that is not an object', { meta: ['a'] }],
    ['meta.room set by the client', { meta: { room: { name: 'mine' } } }],
    ['an unknown field', { castId: 12 }],
    ['a status', { status: 'started' }],
  ])('refuses %s with 400', async (_label, patch) => {
    const result = await api.put(
      webcastPath(alice),
      { castProvider: 'video', ...patch },
      { token: alice.token },
    );
    expectProblem(result, 400, 'validation_failed');
  });

  it('accepts UTC and the edges of the duration range', async () => {
    for (const rehearsalDuration of [1, 1440]) {
      const result = await api.put(
        webcastPath(bob),
        { castProvider: 'video', rehearsalTimezone: 'UTC', rehearsalDuration },
        { token: bob.token },
      );
      expect([200, 201]).toContain(result.status);
      expect(Webcast.parse(result.body).rehearsalDuration).toBe(
        rehearsalDuration,
      );
    }
  });

  it('refuses a body that is not JSON with 415', async () => {
    expectProblem(
      await api.put(webcastPath(alice), undefined, {
        token: alice.token,
        headers: { 'content-type': 'text/plain' },
        raw: 'castProvider=video',
      }),
      415,
    );
  });

  it("answers 404 for another account's meeting", async () => {
    const path = webcastPath(alice);
    const before = (await api.get(path, { token: alice.token })).body;
    for (const result of [
      await api.get(path, { token: bob.token }),
      await api.put(
        path,
        { castProvider: 'video-meeting', rehearsalDuration: 5 },
        { token: bob.token },
      ),
      await api.post(`${path}/launch`, undefined, { token: bob.token }),
    ])
      expectProblem(result, 404, 'meeting_not_found');
    expect((await api.get(path, { token: alice.token })).body).toEqual(before);
  });

  it('lists the webcast routes in OpenAPI', async () => {
    const openApi = await api.get('/docs/openapi.json');
    const paths = openApi.body.paths;
    expect(
      Object.keys(paths['/v1/Meetings/{shortCode}/webcast']).sort(),
    ).toEqual(['get', 'put']);
    expect(paths['/v1/Meetings/{shortCode}/webcast/launch'].post).toBeDefined();
  });

  it('answers 404 for an unknown meeting and 401 without a token', async () => {
    expectProblem(
      await api.get('/v1/Meetings/nosuchmeeting/webcast', {
        token: alice.token,
      }),
      404,
      'meeting_not_found',
    );
    expectProblem(await api.get(webcastPath(alice)), 401);
    expectProblem(
      await api.put(webcastPath(alice), { castProvider: 'video' }),
      401,
    );
  });
});
