import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Database, rowsOf } from '../src/database/database';
import {
  PortalWebcast,
  Voter,
  Webcast,
  WebcastLaunch,
} from '@livevote/contracts';
import { LiveTokensService } from '../src/identity/live-tokens.service';
import { createTenant, signIn, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';
import {
  signZoomEvent,
  startZoomStandIn,
  ZOOM_TEST_APP,
  type ZoomSessionRecord,
  type ZoomStandIn,
} from './support/zoom-stand-in';

const MEETING_DATE = new Date('2026-12-01T23:00:00.000Z');

describe('Webcast at Zoom', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let zoom: ZoomStandIn;
  let sink: SmtpSink;
  let gateway: TestGateway;
  let api: Http;
  let unit = 0;

  const webcastPath = (tenant: TenantFixture) =>
    `/v1/Meetings/${tenant.meeting.shortCode}/webcast`;

  async function newTenant(): Promise<TenantFixture> {
    return createTenant(gateway, {
      meetingDate: MEETING_DATE,
      expiryDate: new Date(MEETING_DATE.getTime() - 86_400_000),
      duration: 90,
      meetingTimezone: 'America/Toronto',
    });
  }

  /** A member with one voter, through the API (so the webcast hears of it). */
  async function addVoter(
    tenant: TenantFixture,
    voter: { name?: string; email?: string; isPanelist?: boolean } = {},
  ): Promise<Voter & { memberKey: string }> {
    unit += 1;
    const member = await api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/members`,
      { unit: `Z-${unit}` },
      { token: tenant.token },
    );
    expect(member.status).toBe(201);
    const created = await api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${member.body.key}/voters`,
      {
        name: voter.name ?? `Owner ${unit}`,
        email: voter.email ?? `owner${unit}@zoom-voters.test`,
        isPanelist: voter.isPanelist ?? false,
      },
      { token: tenant.token },
    );
    expect(created.status).toBe(201);
    return { ...Voter.parse(created.body), memberKey: member.body.key };
  }

  async function putWebcast(
    tenant: TenantFixture,
    body: Record<string, unknown>,
  ): Promise<Webcast> {
    const result = await api.put(webcastPath(tenant), body, {
      token: tenant.token,
    });
    expect([200, 201]).toContain(result.status);
    return Webcast.parse(result.body);
  }

  const sessionOf = (webcast: Webcast): ZoomSessionRecord => {
    const session = zoom.sessions.get(webcast.castId);
    if (!session)
      throw new Error(`no session ${webcast.castId} at the stand-in`);
    return session;
  };
  /** Once the sync that follows a PUT has read the webinar's panelists. */
  const synced = (webcast: Webcast) =>
    vi.waitFor(() =>
      expect(
        zoom.requests.some(
          (r) =>
            r.method === 'GET' &&
            r.path === `/webinars/${webcast.castId}/panelists`,
        ),
      ).toBe(true),
    );
  const emailsOf = (map: Map<string, { email: string }>) =>
    [...map.values()].map((entry) => entry.email).sort();

  function voterToken(
    tenant: TenantFixture,
    voter: Voter & { memberKey: string },
  ) {
    return gateway.app.get(LiveTokensService).issueVoter(
      {
        voterId: voter.voterKey,
        memberId: voter.memberKey,
        meetingId: tenant.meeting.id,
      },
      voter.email,
      new Date(gateway.clock.nowMs() + 86_400_000),
    );
  }

  async function deliver(
    event: unknown,
    options: { at?: number; secret?: string } = {},
  ) {
    const signed = signZoomEvent(event, {
      timestampSeconds: options.at ?? gateway.clock.nowSeconds(),
      secret: options.secret,
    });
    return api.post('/webhooks/webcast/zoom', undefined, {
      headers: signed.headers,
      raw: signed.raw,
    });
  }

  const zoomEvent = (event: string, id: number, ts: number, extra = {}) => ({
    event,
    event_ts: ts,
    payload: {
      account_id: ZOOM_TEST_APP.accountId,
      object: { id: String(id), uuid: `uuid-${id}`, host_id: 'h', ...extra },
    },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    zoom = await startZoomStandIn();
    sink = await startSmtpSink();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: { ...zoom.env, SMTP_URL: sink.url },
    });
    api = http(gateway.baseUrl);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await zoom?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it("schedules a webinar for the meeting's date, duration and time zone", async () => {
    const tenant = await newTenant();
    const result = await api.put(
      webcastPath(tenant),
      { castProvider: 'video' },
      { token: tenant.token },
    );
    expect(result.status).toBe(201);
    const webcast = Webcast.parse(result.body);
    const session = sessionOf(webcast);
    expect(session).toMatchObject({
      kind: 'webinar',
      type: 5,
      topic: tenant.meeting.name,
      start_time: '2026-12-01T23:00:00Z',
      duration: 90,
      timezone: 'America/Toronto',
      settings: { approval_type: 0, registrants_email_notification: false },
    });
    expect(webcast).toMatchObject({
      castProvider: 'video',
      castId: session.id,
      status: 'not-started',
      meta: { room: { provider: 'zoom', kind: 'webinar', id: session.id } },
    });
    expect(
      zoom.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith('/webinars'))
        .at(-1)?.path,
    ).toBe(`/users/${encodeURIComponent(ZOOM_TEST_APP.hostUser)}/webinars`);
  });

  it('leaves one webinar at Zoom when two set-ups race, the loser removing its own', async () => {
    const tenant = await newTenant();
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        api.put(
          webcastPath(tenant),
          { castProvider: 'video' },
          { token: tenant.token },
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const result of results)
      if (result.status === 409) expectProblem(result, 409, 'webcast_changed');
      else expect([200, 201]).toContain(result.status);
    const webcast = Webcast.parse(
      (await api.get(webcastPath(tenant), { token: tenant.token })).body,
    );
    const atZoom = [...zoom.sessions.values()].filter(
      (session) => session.topic === tenant.meeting.name,
    );
    expect(atZoom.map((session) => session.id)).toEqual([webcast.castId]);
  });

  it('seats panelists and registers every other voter, in step as voters change', async () => {
    const tenant = await newTenant();
    const chair = await addVoter(tenant, {
      name: 'Ada Chair',
      isPanelist: true,
    });
    const owner = await addVoter(tenant, { name: 'Bo Owner' });
    const webcast = await putWebcast(tenant, { castProvider: 'video' });
    const session = sessionOf(webcast);
    await vi.waitFor(() => {
      expect(emailsOf(session.panelists)).toEqual([chair.email]);
      expect(emailsOf(session.registrants)).toEqual([owner.email]);
    });
    expect(session.registrants.get(owner.email)).toMatchObject({
      first_name: 'Bo',
      last_name: 'Owner',
    });

    // a new voter, a voter made panelist, a panelist made voter, a voter deleted
    const late = await addVoter(tenant);
    const base = `/v1/Meetings/${tenant.meeting.shortCode}/members`;
    await api.patch(
      `${base}/${owner.memberKey}/voters/${owner.email}`,
      { isPanelist: true },
      { token: tenant.token },
    );
    await api.patch(
      `${base}/${chair.memberKey}/voters/${chair.email}`,
      { isPanelist: false },
      { token: tenant.token },
    );
    await vi.waitFor(() => {
      expect(emailsOf(session.panelists)).toEqual([owner.email]);
      expect(emailsOf(session.registrants)).toEqual(
        [chair.email, late.email].sort(),
      );
    });
    const removed = await api.delete(`${base}/${late.memberKey}`, {
      token: tenant.token,
    });
    expect(removed.status).toBe(204);
    await vi.waitFor(() =>
      expect(emailsOf(session.registrants)).toEqual([chair.email]),
    );
  });

  it('moves the webinar when the meeting moves, and registers voters who sign up in the portal', async () => {
    const tenant = await newTenant();
    const owner = await addVoter(tenant);
    const webcast = await putWebcast(tenant, { castProvider: 'video' });
    const session = sessionOf(webcast);
    await vi.waitFor(() => expect(session.registrants.size).toBe(1));

    const patched = await api.patch(
      `/v1/Meetings/${tenant.meeting.shortCode}`,
      {
        name: 'Annual meeting, moved',
        meetingDate: '2026-12-03T18:30:00-05:00',
        duration: 120,
      },
      { token: tenant.token },
    );
    expect(patched.status).toBe(200);
    await vi.waitFor(() =>
      expect(session).toMatchObject({
        topic: 'Annual meeting, moved',
        start_time: '2026-12-03T23:30:00Z',
        duration: 120,
        timezone: 'America/Toronto',
      }),
    );

    const member = await api.get(
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${owner.memberKey}`,
      { token: tenant.token },
    );
    const registered = await api.post(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
      {
        controlNumber: member.body.controlNumber,
        name: 'Di Newcomer',
        email: 'di.newcomer@zoom-voters.test',
      },
    );
    expect(registered.status).toBe(200);
    await vi.waitFor(() =>
      expect(emailsOf(session.registrants)).toEqual(
        [owner.email, 'di.newcomer@zoom-voters.test'].sort(),
      ),
    );
  });

  it("puts the voter's own join link in the invite, even right after the voter was added", async () => {
    const tenant = await newTenant();
    await putWebcast(tenant, { castProvider: 'video' });
    const voter = await addVoter(tenant, { name: 'Cy Invitee' });
    const before = sink.messages.length;
    const invited = await api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${voter.memberKey}/voters/${voter.email}/invite`,
      undefined,
      { token: tenant.token },
    );
    expect(invited.status).toBe(200);
    const webcast = Webcast.parse(
      (await api.get(webcastPath(tenant), { token: tenant.token })).body,
    );
    const registrant = sessionOf(webcast).registrants.get(voter.email);
    expect(registrant?.join_url).toContain('tk=registrant-');
    const message = sink.messages[before];
    expect(message.envelope.to).toEqual([voter.email]);
    expect(message.parsed.text).toContain(registrant!.join_url);
    expect(message.parsed.html).toContain(
      `href="${registrant!.join_url.replaceAll('&', '&amp;')}"`,
    );
  });

  it("gives the portal the voter's link, and panelists the rehearsal's", async () => {
    const tenant = await newTenant();
    const panelist = await addVoter(tenant, { isPanelist: true });
    const owner = await addVoter(tenant);
    const webcast = await putWebcast(tenant, {
      castProvider: 'video',
      rehearsalAt: '2026-11-30T23:00:00Z',
      rehearsalDuration: 30,
    });
    const session = sessionOf(webcast);
    await vi.waitFor(() => expect(session.panelists.size).toBe(1));
    const path = `/portal/v1/Meetings/${tenant.meeting.shortCode}/webcast`;
    const mine = await api.get(path, { token: voterToken(tenant, owner) });
    expect(mine.status).toBe(200);
    expect(PortalWebcast.parse(mine.body)).toEqual({
      castProvider: 'video',
      status: 'not-started',
      role: 'attendee',
      joinUrl: session.registrants.get(owner.email)!.join_url,
      personal: true,
      rehearsal: null,
    });
    const onStage = await vi.waitFor(async () => {
      const answer = PortalWebcast.parse(
        (await api.get(path, { token: voterToken(tenant, panelist) })).body,
      );
      expect(answer.joinUrl).not.toBeNull();
      return answer;
    });
    const rehearsal = webcast.meta.rehearsal as { id: string; joinUrl: string };
    expect(onStage).toEqual({
      castProvider: 'video',
      status: 'not-started',
      role: 'panelist',
      joinUrl: session.panelists.get(panelist.email)!.join_url,
      personal: true,
      rehearsal: {
        at: '2026-11-30T23:00:00.000Z',
        duration: 30,
        timezone: 'America/Toronto',
        joinUrl: rehearsal.joinUrl,
      },
    });

    const other = await newTenant();
    expectProblem(
      await api.get(`/portal/v1/Meetings/${other.meeting.shortCode}/webcast`, {
        token: voterToken(tenant, owner),
      }),
      404,
      'meeting_not_found',
    );
    expectProblem(await api.get(path), 401);
  });

  it('registers voters 30 to a request, and one by one for a batch Zoom refuses, each with a link of its own', async () => {
    const tenant = await newTenant();
    for (let i = 0; i < 65; i++) await addVoter(tenant);
    // Zoom refuses the first batch whole (as for one address it will not take)
    zoom.fail({ method: 'POST', path: /\/batch_registrants$/ }, 400, {
      times: 1,
      body: { code: 300, message: 'Invalid registrant.' },
    });
    const webcast = await putWebcast(tenant, { castProvider: 'video' });
    const session = sessionOf(webcast);
    await vi.waitFor(() => expect(session.registrants.size).toBe(65), {
      timeout: 20_000,
    });
    const posts = zoom.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path.startsWith(`/webinars/${webcast.castId}/`),
    );
    const batches = posts.filter((r) => r.path.endsWith('/batch_registrants'));
    expect(
      batches.map(
        (r) =>
          (r.body as { registrants: unknown[]; auto_approve: boolean })
            .registrants.length,
      ),
    ).toEqual([30, 30, 5]);
    expect(
      batches.every(
        (r) => (r.body as { auto_approve?: boolean }).auto_approve === true,
      ),
    ).toBe(true);
    // the refused batch went one by one: 30 requests, where 65 voters alone would take 65
    expect(posts.filter((r) => r.path.endsWith('/registrants'))).toHaveLength(
      30,
    );
    const links = [...session.registrants.values()].map((r) => r.join_url);
    expect(new Set(links).size).toBe(65);
    // the gateway kept each voter's own link, paired by e-mail with Zoom's registrant
    const saved = async () =>
      rowsOf<{ email: string; join_url: string }>(
        await gateway.app
          .get(Database)
          .db.execute(
            sql`select a.email, a.join_url from webcast_attendees a join webcasts w on w.id = a.webcast_id where w.cast_id = ${webcast.castId}`,
          ),
      );
    await vi.waitFor(async () => expect(await saved()).toHaveLength(65));
    for (const row of await saved())
      expect(row.join_url).toBe(
        session.registrants.get(row.email.toLowerCase())?.join_url,
      );
    // each voter's own link reaches the portal's answer and the invite
    const voter = await addVoter(tenant);
    await vi.waitFor(() => expect(session.registrants.size).toBe(66));
    const invited = await api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${voter.memberKey}/voters/${voter.email}/invite`,
      undefined,
      { token: tenant.token },
    );
    expect(invited.status).toBe(200);
  });

  it('does not ask voter by voter when Zoom refuses the batch for the room (404): the sync fails as it is, and its retry registers them', async () => {
    const tenant = await newTenant();
    for (let i = 0; i < 3; i++) await addVoter(tenant);
    zoom.fail({ method: 'POST', path: /\/batch_registrants$/ }, 404, {
      times: 1,
      body: { code: 3001, message: 'Webinar does not exist.' },
    });
    const webcast = await putWebcast(tenant, { castProvider: 'video' });
    const session = sessionOf(webcast);
    await vi.waitFor(() => expect(session.registrants.size).toBe(3), {
      timeout: 20_000,
    });
    const posts = zoom.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path.startsWith(`/webinars/${webcast.castId}/`),
    );
    expect(
      posts.filter((r) => r.path.endsWith('/batch_registrants')),
    ).toHaveLength(2);
    expect(posts.filter((r) => r.path.endsWith('/registrants'))).toEqual([]);
  });

  it("asks Zoom once, not per request, for a voter Zoom refuses: a flood of the portal's link stays here", async () => {
    const tenant = await newTenant();
    const webcast = await putWebcast(tenant, { castProvider: 'video' });
    await synced(webcast);
    const email = 'refused.by.zoom@example.test';
    zoom.fail(
      { method: 'POST', path: `/webinars/${webcast.castId}/registrants` },
      400,
      { times: 1000, body: { code: 300, message: 'Registration refused.' } },
    );
    try {
      const voter = await addVoter(tenant, { email });
      const asks = () =>
        zoom.requests.filter(
          (r) =>
            r.method === 'POST' &&
            r.path === `/webinars/${webcast.castId}/registrants` &&
            (r.body as { email?: string } | undefined)?.email === email,
        ).length;
      // the sync's own try (the queue retries it on its timers, seconds apart)
      await vi.waitFor(() => expect(asks()).toBeGreaterThan(0));
      const before = asks();
      const path = `/portal/v1/Meetings/${tenant.meeting.shortCode}/webcast`;
      const token = voterToken(tenant, voter);
      const get = () => api.get(path, { token });
      const answers = [
        ...(await Promise.all(Array.from({ length: 5 }, get))),
        await get(),
        await get(),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(PortalWebcast.parse(answer.body).joinUrl).toBeNull();
      }
      expect(asks() - before).toBeLessThanOrEqual(2);
    } finally {
      zoom.clearFaults();
    }
  });

  it('schedules the rehearsal as a Zoom meeting of its own, moves it and cancels it', async () => {
    const tenant = await newTenant();
    const first = await putWebcast(tenant, {
      castProvider: 'video',
      rehearsalAt: '2026-11-30T22:00:00Z',
      rehearsalDuration: 45,
      rehearsalTimezone: 'America/Vancouver',
    });
    const rehearsal = first.meta.rehearsal as { id: string };
    const session = zoom.sessions.get(Number(rehearsal.id))!;
    expect(session).toMatchObject({
      kind: 'meeting',
      type: 2,
      topic: `Rehearsal: ${tenant.meeting.name}`,
      start_time: '2026-11-30T22:00:00Z',
      duration: 45,
      timezone: 'America/Vancouver',
    });
    const moved = await putWebcast(tenant, {
      castProvider: 'video',
      rehearsalAt: '2026-11-29T22:00:00Z',
      rehearsalDuration: 60,
      rehearsalTimezone: 'America/Vancouver',
    });
    expect((moved.meta.rehearsal as { id: string }).id).toBe(rehearsal.id);
    expect(session).toMatchObject({
      start_time: '2026-11-29T22:00:00Z',
      duration: 60,
    });
    const cancelled = await putWebcast(tenant, { castProvider: 'video' });
    expect(cancelled.meta.rehearsal).toBeUndefined();
    expect(zoom.sessions.has(Number(rehearsal.id))).toBe(false);
    expect(zoom.sessions.has(first.castId)).toBe(true);
  });

  it('makes a Zoom meeting for video-meeting, and a new room when the type changes', async () => {
    const tenant = await newTenant();
    const panelist = await addVoter(tenant, { isPanelist: true });
    const webinar = await putWebcast(tenant, { castProvider: 'video' });
    await vi.waitFor(() => expect(sessionOf(webinar).panelists.size).toBe(1));
    const meeting = await putWebcast(tenant, { castProvider: 'video-meeting' });
    expect(meeting.castId).not.toBe(webinar.castId);
    expect(zoom.sessions.has(webinar.castId)).toBe(false);
    const session = sessionOf(meeting);
    expect(session).toMatchObject({ kind: 'meeting', type: 2, duration: 90 });
    // a meeting has no panelists: everyone registers
    await vi.waitFor(() =>
      expect(emailsOf(session.registrants)).toEqual([panelist.email]),
    );
  });

  describe('launch', () => {
    it("answers Zoom's start link, the account's capacities, and leaves the status to Zoom's events", async () => {
      const tenant = await newTenant();
      const webcast = await putWebcast(tenant, { castProvider: 'video' });
      const result = await api.post(
        `${webcastPath(tenant)}/launch`,
        undefined,
        {
          token: tenant.token,
        },
      );
      expect(result.status).toBe(200);
      expect(WebcastLaunch.parse(result.body)).toEqual({
        startUrl: sessionOf(webcast).start_url,
        meetingCapacity: 500,
        webinarCapacity: 3,
        isInUse: false,
        capacityWarning: false,
      });
      const after = await api.get(webcastPath(tenant), { token: tenant.token });
      expect(Webcast.parse(after.body).status).toBe('not-started');
    });

    it('says the host is in use only when another session of theirs is live', async () => {
      const tenant = await newTenant();
      const webcast = await putWebcast(tenant, {
        castProvider: 'video-meeting',
      });
      const launch = async () =>
        WebcastLaunch.parse(
          (
            await api.post(`${webcastPath(tenant)}/launch`, undefined, {
              token: tenant.token,
            })
          ).body,
        );
      try {
        zoom.live = [webcast.castId];
        expect((await launch()).isInUse).toBe(false);
        zoom.live = [webcast.castId, 99_999_999_999];
        expect((await launch()).isInUse).toBe(true);
      } finally {
        zoom.live = [];
      }
    });

    it('warns when the registrants outnumber the webinar capacity, panelists aside', async () => {
      const tenant = await newTenant();
      await putWebcast(tenant, { castProvider: 'video' });
      await addVoter(tenant, { isPanelist: true });
      for (let i = 0; i < 3; i++) await addVoter(tenant);
      const launch = async () =>
        WebcastLaunch.parse(
          (
            await api.post(`${webcastPath(tenant)}/launch`, undefined, {
              token: tenant.token,
            })
          ).body,
        ).capacityWarning;
      expect(await launch()).toBe(false);
      await addVoter(tenant);
      expect(await launch()).toBe(true);
    });
  });

  describe('provider failures', () => {
    it("answers 502 with Zoom's reason when Zoom fails creating the webinar, and keeps nothing", async () => {
      const tenant = await newTenant();
      zoom.fail({ method: 'POST', path: /\/webinars$/ }, 500, {
        body: { code: 500, message: 'Internal error at Zoom.' },
      });
      const result = await api.put(
        webcastPath(tenant),
        { castProvider: 'video' },
        { token: tenant.token },
      );
      expectProblem(result, 502, 'webcast_provider_error');
      expect(result.body.detail).toContain('Internal error at Zoom.');
      // no webcast was kept: the meeting answers that it has none (docs/decisions.md)
      expect(
        (await api.get(webcastPath(tenant), { token: tenant.token })).status,
      ).toBe(204);
    });

    it('answers 502 for a request Zoom refuses, with its code', async () => {
      const tenant = await newTenant();
      zoom.fail({ method: 'POST', path: /\/webinars$/ }, 400, {
        body: { code: 200, message: 'Webinar plan is missing.' },
      });
      const result = await api.put(
        webcastPath(tenant),
        { castProvider: 'video' },
        { token: tenant.token },
      );
      expectProblem(result, 502, 'webcast_provider_error');
      expect(result.body.detail).toContain(
        'Webinar plan is missing. (code 200)',
      );
    });

    it('retries a read Zoom failed once, and answers 503 with Retry-After when Zoom keeps limiting', async () => {
      const tenant = await newTenant();
      await putWebcast(tenant, { castProvider: 'video' });
      const launchPath = `${webcastPath(tenant)}/launch`;
      zoom.fail({ method: 'GET', path: /\/settings$/ }, 500);
      const retried = await api.post(launchPath, undefined, {
        token: tenant.token,
      });
      expect(retried.status).toBe(200);

      zoom.fail({ method: 'GET', path: /\/settings$/ }, 429, {
        times: 4,
        headers: { 'retry-after': '0' },
        body: {
          code: 429,
          message: 'You have reached the maximum per-second rate limit.',
        },
      });
      const limited = await api.post(launchPath, undefined, {
        token: tenant.token,
      });
      expectProblem(limited, 503, 'webcast_provider_unavailable');
      expect(limited.headers.get('retry-after')).toBe('1');
      expect(limited.body.detail).toContain('maximum per-second rate limit');
    });

    it('answers 502, not 500, when Zoom answers a success that is not JSON', async () => {
      const tenant = await newTenant();
      await putWebcast(tenant, { castProvider: 'video' });
      zoom.fail({ method: 'GET', path: /\/settings$/ }, 200, {
        raw: '<html>Service maintenance</html>',
      });
      const result = await api.post(
        `${webcastPath(tenant)}/launch`,
        undefined,
        { token: tenant.token },
      );
      expectProblem(result, 502, 'webcast_provider_error');
      expect(result.body.detail).toContain('not JSON');
    });

    it('answers 503 when Zoom cannot be reached', async () => {
      const tenant = await newTenant();
      await putWebcast(tenant, { castProvider: 'video' });
      const closed = await startGateway({
        databaseUrl: database.url,
        env: { ...zoom.env, ZOOM_API_URL: 'http://127.0.0.1:9/v2' },
      });
      try {
        const result = await http(closed.baseUrl).post(
          `${webcastPath(tenant)}/launch`,
          undefined,
          { token: tenant.token },
        );
        expectProblem(result, 503, 'webcast_provider_unavailable');
        expect(result.body.detail).toContain('Zoom could not be reached');
      } finally {
        await closed.close();
      }
    });

    it('keeps one token for many calls, and fetches another once it expired or was revoked', async () => {
      const tenant = await newTenant();
      const webcast = await putWebcast(tenant, { castProvider: 'video' });
      await synced(webcast);
      const launchCalls = () =>
        zoom.requests.filter(
          (r) =>
            r.method === 'GET' &&
            (r.path === `/webinars/${webcast.castId}` ||
              r.path.endsWith('/settings') ||
              (r.path.endsWith('/meetings') && r.query.type === 'live')),
        ).length;
      let token = tenant.token;
      const launch = () =>
        api.post(`${webcastPath(tenant)}/launch`, undefined, { token });
      expect((await launch()).status).toBe(200);
      const tokens = zoom.tokenRequests;
      const calls = launchCalls();
      for (let i = 0; i < 5; i++) expect((await launch()).status).toBe(200);
      expect(launchCalls() - calls).toBe(15);
      expect(zoom.tokenRequests).toBe(tokens);

      gateway.clock.advance(3600_000);
      token = await signIn(gateway, tenant.user);
      expect((await launch()).status).toBe(200);
      expect(zoom.tokenRequests).toBe(tokens + 1);

      zoom.revokeTokens();
      expect((await launch()).status).toBe(200);
      expect(zoom.tokenRequests).toBe(tokens + 2);
    });

    it("answers 502 when Zoom refuses the app's credentials", async () => {
      const tenant = await newTenant();
      await synced(await putWebcast(tenant, { castProvider: 'video' }));
      zoom.revokeTokens();
      zoom.fail({ path: '/oauth/token' }, 400, {
        body: {
          reason: 'Invalid client_id or client_secret',
          error: 'invalid_client',
        },
      });
      const result = await api.post(
        `${webcastPath(tenant)}/launch`,
        undefined,
        {
          token: tenant.token,
        },
      );
      expectProblem(result, 502, 'webcast_provider_error');
      expect(result.body.detail).toContain(
        'Invalid client_id or client_secret',
      );
    });
  });

  describe('events', () => {
    it('answers the URL validation challenge with the HMAC of the plain token', async () => {
      const result = await deliver({
        event: 'endpoint.url_validation',
        event_ts: gateway.clock.nowMs(),
        payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
      });
      expect(result.status).toBe(200);
      const { createHmac } = await import('node:crypto');
      expect(result.body).toEqual({
        plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
        encryptedToken: createHmac('sha256', ZOOM_TEST_APP.webhookSecretToken)
          .update('qgg8vlvZRS6UYooatFL8Aw')
          .digest('hex'),
      });
    });

    it('moves the status through started and ended once each, and sets recordingsAt', async () => {
      const tenant = await newTenant();
      const webcast = await putWebcast(tenant, { castProvider: 'video' });
      const read = async () =>
        Webcast.parse(
          (await api.get(webcastPath(tenant), { token: tenant.token })).body,
        );
      const t0 = gateway.clock.nowMs();

      const started = zoomEvent('webinar.started', webcast.castId, t0);
      expect((await deliver(started)).status).toBe(200);
      expect((await read()).status).toBe('started');
      // a replay of the same delivery changes nothing
      expect((await deliver(started)).status).toBe(200);

      expect(
        (await deliver(zoomEvent('webinar.ended', webcast.castId, t0 + 60_000)))
          .status,
      ).toBe(200);
      expect((await read()).status).toBe('ended');
      // an older event arriving late changes nothing
      await deliver(
        zoomEvent('webinar.started', webcast.castId, t0 - 60_000, {
          uuid: 'older',
        }),
      );
      expect((await read()).status).toBe('ended');

      const recordedAt = t0 + 120_000;
      await deliver(
        zoomEvent('recording.completed', webcast.castId, recordedAt),
      );
      expect((await read()).recordingsAt).toBe(
        new Date(recordedAt).toISOString(),
      );

      const audit = await fetch(
        `${gateway.baseUrl}/v1/Meetings/${tenant.meeting.shortCode}/audit?kind=webcast`,
        { headers: { authorization: `Bearer ${tenant.token}` } },
      );
      const kinds = (await audit.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).kind);
      expect(kinds.filter((kind) => kind === 'webcast.status')).toHaveLength(2);
      expect(
        kinds.filter((kind) => kind === 'webcast.recordings'),
      ).toHaveLength(1);
    });

    it('moves a Zoom meeting too', async () => {
      const tenant = await newTenant();
      const webcast = await putWebcast(tenant, {
        castProvider: 'video-meeting',
      });
      await deliver(
        zoomEvent('meeting.started', webcast.castId, gateway.clock.nowMs()),
      );
      const read = await api.get(webcastPath(tenant), { token: tenant.token });
      expect(Webcast.parse(read.body).status).toBe('started');
    });

    it('refuses a bad, missing or stale signature with 401 and changes nothing', async () => {
      const tenant = await newTenant();
      const webcast = await putWebcast(tenant, { castProvider: 'video' });
      const event = zoomEvent(
        'webinar.started',
        webcast.castId,
        gateway.clock.nowMs(),
      );
      expectProblem(
        await deliver(event, { secret: 'not-the-secret' }),
        401,
        'invalid_signature',
      );
      expectProblem(
        await deliver(event, { at: gateway.clock.nowSeconds() - 600 }),
        401,
        'invalid_signature',
      );
      expectProblem(
        await api.post('/webhooks/webcast/zoom', event),
        401,
        'invalid_signature',
      );
      const signed = signZoomEvent(event, {
        timestampSeconds: gateway.clock.nowSeconds(),
      });
      expectProblem(
        await api.post('/webhooks/webcast/zoom', undefined, {
          headers: signed.headers,
          raw: signed.raw.replace('webinar.started', 'webinar.ended '),
        }),
        401,
        'invalid_signature',
      );
      const read = await api.get(webcastPath(tenant), { token: tenant.token });
      expect(Webcast.parse(read.body).status).toBe('not-started');
    });

    it('answers 200 and ignores events about no webcast of ours, or of no interest', async () => {
      expect(
        (
          await deliver(
            zoomEvent('webinar.started', 12_345, gateway.clock.nowMs()),
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await deliver(
            zoomEvent(
              'meeting.participant_joined',
              12_345,
              gateway.clock.nowMs(),
            ),
          )
        ).status,
      ).toBe(200);
    });

    it('answers 404 for a provider this gateway does not use', async () => {
      for (const provider of ['jitsi', 'teams', 'ZOOM'])
        expectProblem(
          await api.post(`/webhooks/webcast/${provider}`, {}),
          404,
          'webhook_provider_not_found',
        );
    });

    it('refuses a body that is not JSON', async () => {
      const result = await api.post('/webhooks/webcast/zoom', undefined, {
        headers: { 'content-type': 'application/json' },
        raw: '{"event":',
      });
      expect(result.status).toBe(400);
    });
  });
});
