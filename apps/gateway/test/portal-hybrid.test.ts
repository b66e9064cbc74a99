import {
  MeetingStats,
  PortalCheckInCode,
  PortalDocumentList,
  PortalRsvp,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTokensService } from '../src/identity/live-tokens.service';
import { createTenant, signIn, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

/** The voter's side of a hybrid meeting: the RSVP, the check-in code, the documents. */
describe('Hybrid meeting in the portal', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  let otherVoters: VoterFixture[];

  const base = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const portal = (shortCode = tenant.meeting.shortCode) =>
    `/portal/v1/Meetings/${shortCode}`;
  const asManager = () => ({ token: tenant.token });
  const rsvp = (voter: VoterFixture, body: unknown) =>
    api.put(`${portal()}/rsvp`, body, { token: voter.token });
  const stats = async () =>
    MeetingStats.parse((await api.get(`${base()}/stats`, asManager())).body);

  /** Uploads and registers a document; answers its key. */
  const addDocument = async (
    name: string,
    bytes: Uint8Array,
    extra: { forVoters?: boolean } = {},
  ) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([bytes as Uint8Array<ArrayBuffer>], {
        type: 'application/pdf',
      }),
      name,
    );
    const uploaded = (await fetch(
      `${gateway.baseUrl}${base()}/documents/upload`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.token}` },
        body: form,
      },
    ).then((r) => r.json())) as { Key: string; size: number };
    const registered = await api.post(
      `${base()}/documents`,
      { Key: uploaded.Key, name, size: uploaded.size, ...extra },
      asManager(),
    );
    expect(registered.status, registered.text).toBe(201);
    return (
      registered.body as { key: string; document: { Key: string } }[]
    ).find((d) => d.document.Key === uploaded.Key)!.key;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 4);
    otherVoters = await createVoters(gateway, other, 1);
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('RSVP', () => {
    it('asks until the meeting starts, with no answer at first', async () => {
      const result = await api.get(`${portal()}/rsvp`, {
        token: voters[0].token,
      });
      expect(result.status, result.text).toBe(200);
      expect(PortalRsvp.parse(result.body)).toEqual({
        attending: null,
        answeredAt: null,
        closesAt: tenant.meeting.meetingDate.toISOString(),
        open: true,
      });
    });

    it('takes the three answers; attendingCount counts those coming in person', async () => {
      const inPerson = await rsvp(voters[0], { attending: 'in_person' });
      expect(inPerson.status, inPerson.text).toBe(200);
      expect(inPerson.body).toMatchObject({
        attending: 'in_person',
        answeredAt: gateway.clock.now().toISOString(),
        open: true,
      });
      expect((await rsvp(voters[1], { attending: 'in_person' })).status).toBe(
        200,
      );
      expect((await rsvp(voters[2], { attending: 'no' })).status).toBe(200);
      expect(await stats()).toMatchObject({
        attendingCount: 2,
        attendingCountGroups: 2,
        attendingSharesCount: voters[0].shares + voters[1].shares,
        attendingNotVotedCount: 2,
        rsvpOnlineCount: 0,
        rsvpNoCount: 1,
      });

      // a change of mind: online is not "attending" in the seed's sense
      const changed = await rsvp(voters[1], { attending: 'online' });
      expect(changed.body).toMatchObject({ attending: 'online' });
      expect(await stats()).toMatchObject({
        attendingCount: 1,
        rsvpOnlineCount: 1,
        rsvpNoCount: 1,
      });
      const member = await api.get(
        `${base()}/members/${voters[1].memberId}`,
        asManager(),
      );
      expect(member.body.voters[0]).toMatchObject({
        attending: false,
        rsvp: 'online',
      });
      const own = await api.get(`${portal()}/rsvp`, {
        token: voters[1].token,
      });
      expect(own.body).toMatchObject({ attending: 'online' });
    });

    it('refuses other answers, other fields, other meetings and other credentials', async () => {
      for (const body of [
        {},
        { attending: 'maybe' },
        { attending: true },
        { attending: 'no', note: 'x' },
      ])
        expectProblem(await rsvp(voters[3], body), 400);
      expectProblem(
        await api.put(`${portal()}/rsvp`, { attending: 'no' }),
        401,
      );
      expectProblem(
        await api.put(`${portal()}/rsvp`, { attending: 'no' }, asManager()),
        401,
      );
      expectProblem(
        await api.put(
          `${portal()}/rsvp`,
          { attending: 'no' },
          { token: otherVoters[0].token },
        ),
        404,
      );
      expect((await stats()).rsvpNoCount).toBe(1);
    });
  });

  describe('check-in code', () => {
    it('shows the voter its own code with a QR image, and forgets the code of a deleted voter', async () => {
      const result = await api.get(`${portal()}/check-in-code`, {
        token: voters[3].token,
      });
      expect(result.status, result.text).toBe(200);
      const code = PortalCheckInCode.parse(result.body);
      expect(code.code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
      expect(code.qrSvg).toMatch(/^<svg /);
      expect(code.checkedInAt).toBeNull();
      const other = await api.get(`${portal()}/check-in-code`, {
        token: voters[2].token,
      });
      expect(other.body.code).not.toBe(code.code);

      const deleted = await api.delete(
        `${base()}/members/${voters[3].memberId}/voters/${encodeURIComponent(voters[3].email)}`,
        asManager(),
      );
      expect(deleted.status, deleted.text).toBe(204);
      expectProblem(
        await api.post(`${base()}/check-ins`, { code: code.code }, asManager()),
        400,
        'check_in_code_invalid',
      );
    });
  });

  describe('documents', () => {
    const agenda = new TextEncoder().encode('%PDF-1.4 agenda');
    let agendaKey: string;
    let scanKey: string;
    let pendingScanKey: string;

    beforeAll(async () => {
      agendaKey = await addDocument('agenda.pdf', agenda);
      await addDocument('budget.pdf', new TextEncoder().encode('%PDF budget'));
      scanKey = await addDocument(
        'proxy-scan.pdf',
        new TextEncoder().encode('%PDF scan'),
      );
      const paper = await api.post(
        `${base()}/proxies`,
        {
          memberKey: voters[0].memberId,
          holder: { isDefault: false, name: 'Hal', email: 'hal@h.test' },
          directions: [],
          signedName: 'Owner',
          scanKey,
        },
        asManager(),
      );
      expect(paper.status, paper.text).toBe(201);
      // a scan being entered: registered for staff only, no proxy points at it (yet)
      pendingScanKey = await addDocument(
        'pending-scan.pdf',
        new TextEncoder().encode('%PDF pending scan'),
        { forVoters: false },
      );
    });

    it('lists the meeting’s documents for its voters, without proxy scans', async () => {
      const result = await api.get(`${portal()}/documents`, {
        token: voters[1].token,
      });
      expect(result.status, result.text).toBe(200);
      const documents = PortalDocumentList.parse(result.body);
      expect(documents.map((d) => d.name)).toEqual([
        'agenda.pdf',
        'budget.pdf',
      ]);
      expect(documents[0]).toMatchObject({
        key: agendaKey,
        size: agenda.length,
        url: `${gateway.config.publicUrl}${portal()}/documents/${agendaKey}`,
      });
    });

    it('downloads a document with the voter token', async () => {
      const result = await fetch(
        `${gateway.baseUrl}${portal()}/documents/${agendaKey}`,
        { headers: { authorization: `Bearer ${voters[1].token}` } },
      );
      expect(result.status).toBe(200);
      expect(result.headers.get('content-disposition')).toContain('attachment');
      expect(result.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await result.arrayBuffer())).toEqual(agenda);
    });

    it('gives nothing to anyone else: scans, other meetings, no or the wrong token', async () => {
      const as = (token?: string) => (token ? { token } : {});
      expectProblem(
        await api.get(`${portal()}/documents/${scanKey}`, as(voters[1].token)),
        404,
        'document_not_found',
      );
      expectProblem(
        await api.get(
          `${portal()}/documents/${pendingScanKey}`,
          as(voters[1].token),
        ),
        404,
        'document_not_found',
      );
      expectProblem(
        await api.get(`${portal()}/documents/not-a-uuid`, as(voters[1].token)),
        404,
      );
      expectProblem(
        await api.get(`${portal()}/documents`, as(otherVoters[0].token)),
        404,
      );
      expectProblem(
        await api.get(
          `${portal()}/documents/${agendaKey}`,
          as(otherVoters[0].token),
        ),
        404,
      );
      expectProblem(
        await api.get(
          `${portal(other.meeting.shortCode)}/documents/${agendaKey}`,
          as(otherVoters[0].token),
        ),
        404,
      );
      expectProblem(await api.get(`${portal()}/documents/${agendaKey}`), 401);
      expectProblem(
        await api.get(`${portal()}/documents/${agendaKey}`, asManager()),
        401,
      );
    });
  });

  describe('once the meeting has started', () => {
    it('closes the RSVP (409) and keeps the answers', async () => {
      gateway.clock.set(
        new Date(tenant.meeting.meetingDate.getTime() + 60_000),
      );
      tenant.token = await signIn(gateway, tenant.user);
      // the fixtures' voter tokens last a day: one for the meeting's day
      voters[0].token = gateway.app.get(LiveTokensService).issueVoter(
        {
          voterId: voters[0].voterId,
          memberId: voters[0].memberId,
          meetingId: tenant.meeting.id,
        },
        voters[0].email,
        new Date(gateway.clock.nowMs() + 86_400_000),
      );
      expectProblem(
        await rsvp(voters[0], { attending: 'no' }),
        409,
        'rsvp_closed',
      );
      const own = await api.get(`${portal()}/rsvp`, {
        token: voters[0].token,
      });
      expect(own.body).toMatchObject({ attending: 'in_person', open: false });
      expect((await stats()).attendingCount).toBe(1);
    });
  });
});
