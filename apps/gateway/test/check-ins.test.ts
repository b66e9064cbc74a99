import {
  CheckInList,
  CheckInResult,
  MeetingStats,
  MemberProxy,
  PortalCheckInCode,
  QuorumEvent,
  type CheckInUpdatedEvent,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
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
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateways, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const MINUTE_MS = 60_000;

/**
 * The check-in desk of a hybrid AGM on two gateway nodes sharing PostgreSQL and Redis: the
 * registrar checks voters in on node A, the chair watching on node B sees each one, and the
 * quorum counts units in the room with those online. Proxies are revoked by a check-in only
 * between the meeting's start and portalRevocationsClosedAt.
 */
describe('Check-ins', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let smtp: SmtpSink;
  let nodes: TestGateway[];
  let apis: Http[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let other: TenantFixture;
  let otherVoters: VoterFixture[];
  let chair: LiveClient;
  let screenEvents: string[];
  let screen: LiveClient;
  const sockets: LiveClient[] = [];
  const start = Date.now();

  const shortCode = () => tenant.meeting.shortCode;
  const desk = () => `/v1/Meetings/${shortCode()}/check-ins`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asManager = () => ({ token: tenant.token });

  const checkIn = (body: object, node = 0) =>
    apis[node].post(desk(), body, asManager());
  const checkedIn = async (body: object, node = 0) => {
    const result = await checkIn(body, node);
    expect(result.status, result.text).toBe(201);
    return CheckInResult.parse(result.body);
  };
  const checkOut = async (voterKey: string, node = 0) => {
    const result = await apis[node].delete(
      `${desk()}/${voterKey}`,
      asManager(),
    );
    expect(result.status, result.text).toBe(200);
    return CheckInResult.parse(result.body);
  };
  const codeOf = async (voter: VoterFixture, shortCodeOf = shortCode()) => {
    const result = await apis[1].get(
      `/portal/v1/Meetings/${shortCodeOf}/check-in-code`,
      { token: voter.token },
    );
    expect(result.status, result.text).toBe(200);
    return PortalCheckInCode.parse(result.body).code;
  };
  const stats = async () =>
    MeetingStats.parse(
      (await apis[1].get(`/v1/Meetings/${shortCode()}/stats`, asManager()))
        .body,
    );
  const quorum = (predicate: (event: QuorumEvent) => boolean) =>
    nextEvent(chair, 'meeting.quorum', predicate);
  const online = async (voter: VoterFixture, node = 1) => {
    const socket = await connectLive(nodes[node].baseUrl, voter.token);
    sockets.push(socket);
    expect(
      await request(socket, 'subscribe', { shortCode: shortCode() }),
    ).not.toHaveProperty('error');
    return socket;
  };
  /** Moves both nodes' clocks; the manager signs in again (access tokens last 5 minutes). */
  const advance = async (ms: number) => {
    nodes.forEach((node) => node.clock.advance(ms));
    tenant.token = await signIn(nodes[0], tenant.user);
  };
  const proxyStatus = async (i: number) => {
    const result = await apis[1].get(
      `/v1/Meetings/${shortCode()}/proxies`,
      asManager(),
    );
    expect(result.status, result.text).toBe(200);
    return (result.body as MemberProxy[]).find(
      (proxy) => proxy.memberKey === voters[i].memberId,
    )?.status;
  };
  const appoint = async (i: number) => {
    const result = await apis[0].post(
      `${portal()}/proxy`,
      {
        holder: { isDefault: false, name: 'Nadia', email: 'nadia@h.test' },
        directions: [],
        signedName: `Owner ${voters[i].unit}`,
        agree: true,
      },
      { token: voters[i].token },
    );
    expect(result.status, result.text).toBe(201);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    smtp = await startSmtpSink();
    nodes = await startGateways(2, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://vote.example.test' },
    });
    apis = nodes.map((node) => http(node.baseUrl));
    // starts in an hour, proxies until half an hour before, revocations for an hour after
    tenant = await createTenant(nodes[0], {
      meetingDate: new Date(start + 60 * MINUTE_MS),
      expiryDate: new Date(start + 30 * MINUTE_MS),
      portalRevocationsClosedAt: new Date(start + 120 * MINUTE_MS),
      duration: 300,
      quorumMinimum: 3,
    });
    voters = await createVoters(nodes[0], tenant, 12);
    other = await createTenant(nodes[0]);
    otherVoters = await createVoters(nodes[0], other, 2);
    chair = await connectLive(nodes[1].baseUrl, tenant.token);
    sockets.push(chair);
    expect(
      await request(chair, 'subscribe', { shortCode: shortCode() }),
    ).not.toHaveProperty('error');
    const screenToken = await apis[0].post(
      `/v1/Meetings/${shortCode()}/screen-tokens`,
      {},
      asManager(),
    );
    expect(screenToken.status, screenToken.text).toBe(201);
    screen = await connectLive(nodes[1].baseUrl, screenToken.body.token);
    sockets.push(screen);
    screenEvents = [];
    screen.onAny((event: string) => screenEvents.push(event));
    expect(
      await request(screen, 'subscribe', { shortCode: shortCode() }),
    ).not.toHaveProperty('error');
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    for (const node of nodes ?? []) await node.close();
    await smtp?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('puts the check-in code and its QR image in the invite', async () => {
    const voter = voters[0];
    const result = await apis[0].post(
      `/v1/Meetings/${shortCode()}/members/${voter.memberId}/voters/${encodeURIComponent(voter.email)}/invite`,
      undefined,
      asManager(),
    );
    expect(result.status, result.text).toBe(200);
    const mail = smtp.messages.find((m) => m.envelope.to.includes(voter.email));
    const code = await codeOf(voter);
    expect(code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    expect(mail?.parsed.text).toContain(code);
    expect(mail?.parsed.html).toContain(code);
    const qr = mail?.parsed.attachments.find((a) => a.mimeType === 'image/png');
    expect(qr?.contentId).toContain('check-in-qr@livevote');
    expect(mail?.parsed.html).toContain('src="cid:check-in-qr@livevote"');
  });

  it('checks a voter in by code on node A; the chair on node B sees it, the quorum counts the unit, the screen hears nothing of it', async () => {
    const code = await codeOf(voters[1]);
    const seen = nextEvent(
      chair,
      'checkin.updated',
      (e) => e.voter.voterKey === voters[1].voterId,
    );
    const counted = quorum((e) => e.present === 1);
    const result = await checkedIn({ code: code.toLowerCase() }, 0);
    expect(result).toMatchObject({
      voter: {
        voterKey: voters[1].voterId,
        memberKey: voters[1].memberId,
        unit: voters[1].unit,
        rsvp: null,
      },
      counts: { voters: 1, units: 1 },
      alreadyCheckedIn: false,
      proxiesRevoked: 0,
    });
    expect(result.voter.checkedInAt).not.toBeNull();
    const event: CheckInUpdatedEvent = await seen;
    expect(event).toEqual({
      shortCode: shortCode(),
      voter: result.voter,
      checkedIn: true,
      counts: { voters: 1, units: 1 },
    });
    expect(await counted).toMatchObject({ present: 1, required: 3 });
    // the screen's quorum left node A after the check-in event did: it would have come first
    await nextEvent(screen, 'meeting.quorum', (e) => e.present === 1);
    expect(screenEvents).not.toContain('checkin.updated');

    const list = CheckInList.parse(
      (await apis[1].get(desk(), asManager())).body,
    );
    expect(list).toEqual({
      counts: { voters: 1, units: 1 },
      checkedIn: [result.voter],
    });
    const figures = await stats();
    expect(figures).toMatchObject({
      checkedInCount: 1,
      checkedInCountGroups: 1,
      attendanceCount: 1,
      attendanceCountGroups: 1,
    });
    const member = await apis[1].get(
      `/v1/Meetings/${shortCode()}/members/${voters[1].memberId}`,
      asManager(),
    );
    expect(member.body.voters[0]).toMatchObject({
      inAttendance: true,
      checkedInAt: result.voter.checkedInAt,
    });
  });

  it('answers a second scan of the same code plainly, changing nothing', async () => {
    const again = await checkedIn({ code: await codeOf(voters[1]) }, 1);
    expect(again).toMatchObject({
      alreadyCheckedIn: true,
      counts: { voters: 1, units: 1 },
    });
  });

  it('keeps a checked-in voter present when their phone disconnects, and an online one present when checked out', async () => {
    // voter 2 is online and checked in, then the phone goes: still present, so the quorum's
    // present does not move until the check-out (its split does: online, then in person)
    const phone = await online(voters[2]);
    await quorum((e) => e.present === 2);
    const quorums: QuorumEvent[] = [];
    const listen = (e: QuorumEvent) => quorums.push(e);
    chair.on('meeting.quorum', listen);
    await checkedIn({ voterKey: voters[2].voterId });
    const gone = nextEvent(chair, 'meeting.presence');
    phone.close();
    await gone;
    // checked out and not online: no longer present
    const out = quorum((e) => e.present === 1);
    expect((await checkOut(voters[2].voterId, 1)).counts).toEqual({
      voters: 1,
      units: 1,
    });
    await out;
    expect(quorums.map((e) => e.present)).toEqual([
      ...quorums.slice(1).map(() => 2),
      1,
    ]);
    // voter 1, checked in above
    expect(quorums.at(-1)).toMatchObject({
      presentInPerson: 1,
      presentOnline: 0,
    });

    // voter 3 is online: checking in and out leaves the socket's presence, and the quorum, alone
    await online(voters[3]);
    await quorum((e) => e.present === 2);
    quorums.length = 0;
    await checkedIn({ voterKey: voters[3].voterId });
    const checkedOut = nextEvent(
      chair,
      'checkin.updated',
      (e) => e.voter.voterKey === voters[3].voterId && !e.checkedIn,
    );
    const result = await checkOut(voters[3].voterId);
    expect(result.voter.checkedInAt).toBeNull();
    expect(await checkedOut).toMatchObject({ counts: { voters: 1, units: 1 } });
    // a real change: the first event since voter 3 came online whose present moved
    const joined = quorum((e) => e.present === 3);
    await online(voters[10]);
    await joined;
    expect(quorums.map((e) => e.present)).toEqual([
      ...quorums.slice(1).map(() => 2),
      3,
    ]);
    expect(quorums.at(-1)).toMatchObject({
      presentInPerson: 1,
      presentOnline: 2,
    });
    chair.off('meeting.quorum', listen);
  });

  it('registers a walk-in by control number at the desk and checks them in', async () => {
    const result = await checkedIn({
      controlNumber: `CN-${tenant.meeting.id.slice(0, 8)}-4`,
      name: 'Wanda Walkin',
      email: 'wanda@walk.test',
    });
    expect(result.voter).toMatchObject({
      memberKey: voters[4].memberId,
      unit: voters[4].unit,
      name: 'Wanda Walkin',
      email: 'wanda@walk.test',
    });
    expect(result.counts).toEqual({ voters: 2, units: 2 });
    // the same person again: the same voter, already in
    const again = await checkedIn({
      controlNumber: `CN-${tenant.meeting.id.slice(0, 8)}-4`,
      name: 'Wanda W.',
      email: 'WANDA@walk.test',
    });
    expect(again).toMatchObject({
      alreadyCheckedIn: true,
      voter: { voterKey: result.voter.voterKey },
    });
    expectProblem(
      await checkIn({
        controlNumber: 'no-such-number',
        name: 'Nobody',
        email: 'n@walk.test',
      }),
      404,
      'member_not_found',
    );
  });

  it('leaves each check-in and check-out in the audit log, with the registrar and how', async () => {
    const response = await fetch(
      `${nodes[0].baseUrl}/v1/Meetings/${shortCode()}/audit?kind=check_in`,
      { headers: { authorization: `Bearer ${tenant.token}` } },
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const entries = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    const kinds = entries.map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'check_in.create').length).toBe(
      (await apis[0].get(desk(), asManager())).body.counts.voters +
        kinds.filter((kind) => kind === 'check_in.delete').length,
    );
    expect(kinds).toContain('check_in.delete');
    const walkIn = entries.find(
      (entry) =>
        entry.kind === 'check_in.create' && entry.changes?.by === 'walk_in',
    );
    expect(walkIn).toMatchObject({
      actor: { email: tenant.user.email },
      subject: { type: 'voter' },
    });
  });

  it('refuses codes that are not this meeting’s with a plain 400, and voters of other meetings with 404', async () => {
    for (const code of ['hello', '0000-0000-0000-0000', 'https://x.test/'])
      expect(
        expectProblem(await checkIn({ code }), 400, 'check_in_code_invalid')
          .detail,
      ).toBe(
        'This is not a check-in code of this meeting. Check the code, or find the voter by unit or name.',
      );
    const foreign = await codeOf(otherVoters[0], other.meeting.shortCode);
    expectProblem(
      await checkIn({ code: foreign }),
      400,
      'check_in_code_invalid',
    );
    expectProblem(
      await checkIn({ voterKey: otherVoters[0].voterId }),
      404,
      'voter_not_found',
    );
    expectProblem(await checkIn({ voterKey: 'not-a-uuid' }), 404);
    expectProblem(
      await apis[0].delete(`${desk()}/${otherVoters[0].voterId}`, asManager()),
      404,
      'voter_not_found',
    );
  });

  it('validates the body: one way of naming the voter, no unknown fields or control characters', async () => {
    for (const body of [
      {},
      { code: '' },
      { code: 42 },
      { code: 'A', voterKey: voters[5].voterId },
      { voterKey: voters[5].voterId, extra: true },
      { controlNumber: 'x', name: 'No e-mail' },
      { controlNumber: 'x', name: 'Bell\u0007', email: 'b@walk.test' },
      { controlNumber: 'x', name: 'Bad', email: 'not-an-email' },
    ])
      expectProblem(await checkIn(body), 400);
    expectProblem(
      await apis[0].request('POST', desk(), undefined, {
        ...asManager(),
        headers: { 'content-type': 'application/json' },
        raw: '{"code":',
      }),
      400,
    );
  });

  it('is for the meeting’s managers only: other accounts get 404, a voter token 403, no token 401', async () => {
    const stranger = await createUser(nodes[0]);
    await createAccount(nodes[0], [stranger]);
    const strangerToken = await signIn(nodes[0], stranger);
    expectProblem(
      await apis[0].post(
        desk(),
        { voterKey: voters[5].voterId },
        { token: strangerToken },
      ),
      404,
      'meeting_not_found',
    );
    expectProblem(await apis[0].get(desk(), { token: strangerToken }), 404);
    expectProblem(
      await apis[0].delete(`${desk()}/${voters[1].voterId}`, {
        token: strangerToken,
      }),
      404,
    );
    expectProblem(
      await apis[0].post(
        desk(),
        { voterKey: voters[5].voterId },
        { token: voters[5].token },
      ),
      403,
      'voter_token_forbidden',
    );
    expectProblem(await apis[0].get(desk()), 401);
    // a voter's code is its own: another meeting's voter token does not reach it
    expectProblem(
      await apis[0].get(`${portal()}/check-in-code`, {
        token: otherVoters[0].token,
      }),
      404,
    );
    // nothing of this changed who is in
    expect(
      CheckInList.parse((await apis[0].get(desk(), asManager())).body).counts,
    ).toEqual({ voters: 2, units: 2 });
  });

  it('revokes a proxy on check-in only between the start and portalRevocationsClosedAt', async () => {
    await appoint(6);
    await appoint(7);
    await appoint(8);
    // before the start: attending is not yet attending the meeting
    const early = await checkedIn({ code: await codeOf(voters[6]) });
    expect(early.proxiesRevoked).toBe(0);
    expect(await proxyStatus(6)).toBe('submitted');
    await checkOut(voters[6].voterId);

    await advance(61 * MINUTE_MS);
    const inWindow = await checkedIn({ code: await codeOf(voters[7]) }, 1);
    expect(inWindow.proxiesRevoked).toBe(1);
    expect(await proxyStatus(7)).toBe('revoked');

    await advance(60 * MINUTE_MS);
    const late = await checkedIn({ voterKey: voters[8].voterId });
    expect(late.proxiesRevoked).toBe(0);
    expect(await proxyStatus(8)).toBe('submitted');
  });

  it('refuses check-ins once the meeting is over: a code has expired (400), a pick is a 409', async () => {
    await advance(300 * MINUTE_MS);
    expect(
      expectProblem(
        await checkIn({ code: await codeOf(voters[9]) }),
        400,
        'check_in_code_expired',
      ).detail,
    ).toBe('This check-in code has expired: the meeting is over.');
    expectProblem(
      await checkIn({ voterKey: voters[9].voterId }),
      409,
      'meeting_over',
    );
  });
});
