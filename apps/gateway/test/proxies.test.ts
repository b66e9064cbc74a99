import {
  HolderCastResponse,
  HolderSessionResponse,
  HolderView,
  Matter,
  MatterTallyRow,
  MeetingStats,
  MemberProxy,
  QuorumEvent,
} from '@livevote/contracts';
import { and, eq } from 'drizzle-orm';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { z } from 'zod';
import { Database } from '../src/database/database';
import { LivePresenceService } from '../src/quorum/live-presence.service';
import { ProxiesRepository } from '../src/proxies/proxies.repository';
import { ballots, proxies } from '../src/database/schema';
import {
  createAccount,
  createMeeting,
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { calledTimes, holdFirstCall } from './support/held-calls';
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

const OPTIONS = ['For', 'Against', 'Abstain'];
const SECRETARY = 'Board Secretary';
const NADIA = {
  isDefault: false,
  name: 'Nadia Neighbour',
  email: 'nadia@holders.test',
} as const;
const OMAR = {
  isDefault: false,
  name: 'Omar Owner',
  email: 'omar@holders.test',
} as const;
const BY_SECRETARY = { isDefault: true, name: SECRETARY } as const;

type Final = { method: 'live' | 'proxy' | 'other'; choices: string[] };

/**
 * The AGM of the issue: 40 units, 20 of them appoint holders (directed and discretionary,
 * electronic and paper, some rejected, one replaced, one withdrawn, one never verified), five
 * of them attend and vote live; the holders vote on one node while the chair watches on the
 * other. The tally and the quorum are checked against figures this file works out itself.
 */
describe('Proxies', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let smtp: SmtpSink;
  let nodes: TestGateway[];
  let apis: Http[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let budget: Matter;
  let election: Matter;
  let bylaw: Matter;
  const proxyOf = new Map<number, MemberProxy>();
  const sockets: LiveClient[] = [];
  let chair: LiveClient;
  let nadiaToken: string;

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asManager = () => ({ token: tenant.token });

  const live = async (node: number, token: string) => {
    const socket = await connectLive(nodes[node].baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  /** A voter of member i joins the meeting: attends. */
  const attend = async (i: number, node = i % 2) => {
    const socket = await live(node, voters[i].token);
    const snapshot = await request(socket, 'subscribe', {
      shortCode: shortCode(),
    });
    expect(snapshot).not.toHaveProperty('error');
    return socket;
  };
  const createMatter = async (body: object) => {
    const result = await apis[0].post(
      `${base()}/matters`,
      { options: OPTIONS, ...body },
      asManager(),
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const submit = (i: number, body: object, node = 0) =>
    apis[node].post(
      `${portal()}/proxy`,
      { signedName: `Owner ${voters[i].unit}`, agree: true, ...body },
      { token: voters[i].token },
    );
  const appoint = async (i: number, body: object) => {
    const result = await submit(i, body, i % 2);
    expect(result.status, result.text).toBe(201);
    const proxy = MemberProxy.parse(result.body);
    proxyOf.set(i, proxy);
    return proxy;
  };
  const paper = (i: number, body: object) =>
    apis[1].post(
      `${base()}/proxies`,
      {
        memberKey: voters[i].memberId,
        signedName: `Owner ${voters[i].unit}`,
        ...body,
      },
      asManager(),
    );
  const verify = (i: number) =>
    apis[i % 2].post(
      `${base()}/proxies/${proxyOf.get(i)!.key}/verify`,
      undefined,
      asManager(),
    );
  const action = async (matterKey: string, body: object) => {
    const result = await apis[0].post(
      `${base()}/matters/${matterKey}/action`,
      body,
      asManager(),
    );
    expect(result.status, result.text).toBe(204);
  };
  const castLive = (socket: LiveClient, choices: string[]) =>
    request(socket, 'ballot.cast', { matterKey: budget.key, choices });
  const quorum = (predicate: (event: QuorumEvent) => boolean) =>
    nextEvent(chair, 'meeting.quorum', predicate);
  const stats = async () =>
    MeetingStats.parse(
      (await apis[1].get(`${base()}/stats`, asManager())).body,
    );
  const sharesOf = (indices: number[]) =>
    Math.round(indices.reduce((sum, i) => sum + voters[i].shares, 0) * 1e6) /
    1e6;

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
    tenant = await createTenant(nodes[0]);
    voters = await createVoters(nodes[0], tenant, 40);
    expect(
      (
        await apis[0].patch(
          `${base()}/settings`,
          { defaultProxyHolders: [SECRETARY] },
          asManager(),
        )
      ).status,
    ).toBe(200);
    expect(
      (await apis[0].patch(base(), { quorumMinimum: 20 }, asManager())).status,
    ).toBe(200);
    budget = await createMatter({
      name: 'Approve the budget',
      secretBallot: false,
    });
    election = await createMatter({
      name: 'Elect directors',
      options: ['Ana', 'Ben', 'Cleo'],
      choices: 2,
    });
    bylaw = await createMatter({
      name: 'Amend bylaw 4',
      allowProxyVote: false,
    });
    chair = await live(0, tenant.token);
    expect(
      await request(chair, 'subscribe', { shortCode: shortCode() }),
    ).not.toHaveProperty('error');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    for (const node of nodes ?? []) await node.close();
    await smtp?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('offers the form the default holders and the matters that take proxy votes, in order', async () => {
    const form = await apis[0].get(`${portal()}/proxy-form`, {
      token: voters[1].token,
    });
    expect(form.status, form.text).toBe(200);
    expect(form.body).toMatchObject({
      defaultProxyHolders: [SECRETARY],
      open: true,
      closesAt: tenant.meeting.expiryDate!.toISOString(),
    });
    expect(
      form.body.matters.map((m: { matterKey: string }) => m.matterKey),
    ).toEqual([budget.key, election.key]);
  });

  it('takes proxies from the form, confirms them to the member and tells the holder with a link', async () => {
    const directed = {
      directions: [
        { matterKey: budget.key, choices: ['For'] },
        { matterKey: election.key, choices: ['Ana', 'Ben'] },
      ],
    };
    for (const i of [1, 2, 3, 4, 5])
      await appoint(i, { holder: NADIA, ...directed });
    await appoint(0, { holder: NADIA, ...directed });
    // no directions: every proxy matter at the holder's discretion
    for (const i of [6, 7, 8, 9, 10, 11])
      await appoint(i, {
        holder: { ...NADIA, email: 'NADIA@holders.test' },
        directions: [],
      });
    for (const i of [12, 13])
      await appoint(i, {
        holder: OMAR,
        directions: [{ matterKey: budget.key, choices: ['Against'] }],
      });
    await appoint(17, { holder: NADIA, directions: [] });
    await appoint(18, {
      holder: OMAR,
      directions: [{ matterKey: budget.key, choices: ['For'] }],
    });
    await appoint(19, { holder: NADIA, directions: [] });

    const first = proxyOf.get(1)!;
    expect(first).toMatchObject({
      memberKey: voters[1].memberId,
      unit: voters[1].unit,
      holder: { name: NADIA.name, email: NADIA.email, isDefault: false },
      source: 'electronic',
      status: 'submitted',
      signedName: `Owner ${voters[1].unit}`,
      verifiedAt: null,
      rejectReason: null,
    });
    // every proxy matter gets a direction, in order; the bylaw takes none
    expect(first.directions).toEqual(directed.directions);
    expect(proxyOf.get(6)!.directions).toEqual([
      { matterKey: budget.key, choices: null },
      { matterKey: election.key, choices: null },
    ]);
    // one person, whatever the case of the address
    expect(proxyOf.get(6)!.holder.key).toBe(first.holder.key);

    const [stored] = await nodes[0].app
      .get(Database)
      .db.select()
      .from(proxies)
      .where(eq(proxies.id, first.key));
    expect(stored).toMatchObject({
      voterId: voters[1].voterId,
      clientIp: expect.any(String),
    });
    expect(stored.submittedAt).toBeInstanceOf(Date);

    const confirmation = smtp.messages.find(
      (m) => m.envelope.to[0] === voters[1].email,
    );
    expect(confirmation?.parsed.text).toContain(NADIA.name);
    expect(confirmation?.parsed.text).toContain('Approve the budget: For');
    expect(confirmation?.parsed.text).toContain('Elect directors: Ana, Ben');
    const notices = smtp.messages.filter(
      (m) => m.envelope.to[0] === NADIA.email,
    );
    // one notice per address and meeting, however many units name her (docs/proxies.md)
    expect(notices).toHaveLength(1);
    const link =
      /https:\/\/vote\.example\.test\/vote\/[^/]+\/holder\?token=(\S+)/.exec(
        notices[0].parsed.text ?? '',
      );
    expect(link).not.toBeNull();
    const session = await apis[1].post(`${portal()}/holder/session`, {
      holderToken: decodeURIComponent(link![1]),
    });
    expect(session.status, session.text).toBe(200);
    nadiaToken = HolderSessionResponse.parse(session.body).token;
  });

  it('refuses bad proxies with a clear 4xx and changes nothing', async () => {
    const before = await stats();
    expectProblem(
      await submit(20, {
        holder: NADIA,
        directions: [{ matterKey: bylaw.key, choices: ['For'] }],
      }),
      400,
      'direction_not_allowed',
    );
    expectProblem(
      await submit(20, {
        holder: NADIA,
        directions: [{ matterKey: budget.key, choices: ['Maybe'] }],
      }),
      400,
      'invalid_choice',
    );
    expectProblem(
      await submit(20, {
        holder: NADIA,
        directions: [
          { matterKey: election.key, choices: ['Ana', 'Ben', 'Cleo'] },
        ],
      }),
      400,
      'too_many_choices',
    );
    expectProblem(
      await submit(20, {
        holder: { ...NADIA, email: 'not an address' },
        directions: [],
      }),
      400,
      'validation_failed',
    );
    expectProblem(
      await submit(20, {
        holder: { isDefault: true, name: 'The Mayor' },
        directions: [],
      }),
      400,
      'unknown_default_holder',
    );
    expectProblem(
      await submit(20, { holder: NADIA, directions: [], agree: false }),
      400,
      'validation_failed',
    );
    // a member that never gave a proxy: nothing, not an error
    const none = await apis[0].get(`${portal()}/proxy`, {
      token: voters[20].token,
    });
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
    expect(await stats()).toMatchObject({
      totalProxies: before.totalProxies,
      unverifiedProxyCount: before.unverifiedProxyCount,
    });

    // a meeting whose proxies closed: neither a new proxy nor a withdrawal
    const closed = await createMeeting(nodes[0], tenant.account.key, {
      expiryDate: new Date(Date.now() - 60_000),
      meetingDate: new Date(Date.now() + 3_600_000),
    });
    const [late] = await createVoters(
      nodes[0],
      { ...tenant, meeting: closed },
      1,
    );
    expectProblem(
      await apis[0].post(
        `/portal/v1/Meetings/${closed.shortCode}/proxy`,
        { holder: NADIA, directions: [], signedName: 'Late', agree: true },
        { token: late.token },
      ),
      409,
      'proxy_closed',
    );
    expectProblem(
      await apis[0].delete(`/portal/v1/Meetings/${closed.shortCode}/proxy`, {
        token: late.token,
      }),
      409,
      'proxy_closed',
    );
    // a voter reaches only its own meeting
    expectProblem(
      await apis[0].get(`/portal/v1/Meetings/${closed.shortCode}/proxy`, {
        token: voters[1].token,
      }),
      404,
      'meeting_not_found',
    );
  });

  it('enters paper proxies with a scan, replaces and withdraws, verifies and rejects', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob(['%PDF-1.4 signed proxy'], { type: 'application/pdf' }),
      'proxy-15.pdf',
    );
    const uploaded = await fetch(
      `${nodes[0].baseUrl}${base()}/documents/upload`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.token}` },
        body: form,
      },
    ).then((r) => r.json() as Promise<{ Key: string; size: number }>);
    const registered = await apis[0].post(
      `${base()}/documents`,
      { Key: uploaded.Key, name: 'proxy-15.pdf', size: uploaded.size },
      asManager(),
    );
    const scanKey = (
      registered.body as { key: string; document: { Key: string } }[]
    ).find((d) => d.document.Key === uploaded.Key)!.key;

    const secretaryPaper = {
      holder: BY_SECRETARY,
      directions: [{ matterKey: election.key, choices: ['Cleo'] }],
    };
    for (const i of [14, 15, 16]) {
      const result = await paper(i, {
        ...secretaryPaper,
        ...(i === 15 ? { scanKey } : {}),
      });
      expect(result.status, result.text).toBe(201);
      proxyOf.set(i, MemberProxy.parse(result.body));
    }
    expect(proxyOf.get(15)).toMatchObject({
      source: 'paper',
      status: 'submitted',
      scanKey,
      holder: { name: SECRETARY, email: null, isDefault: true },
    });
    expectProblem(
      await paper(16, { ...secretaryPaper, scanKey: voters[0].memberId }),
      400,
      'unknown_document',
    );

    // 18 replaces its proxy: the first is withdrawn, the new one stands
    const replaced = proxyOf.get(18)!;
    await appoint(18, {
      holder: BY_SECRETARY,
      directions: [{ matterKey: budget.key, choices: ['Against'] }],
    });
    expect(
      (
        await apis[0].get(
          `${base()}/proxies?holder=${replaced.holder.key}&status=withdrawn`,
          asManager(),
        )
      ).body,
    ).toEqual([
      expect.objectContaining({
        key: replaced.key,
        withdrawnAt: expect.any(String),
      }),
    ]);
    // 19 takes its proxy back
    expect(
      (await apis[1].delete(`${portal()}/proxy`, { token: voters[19].token }))
        .status,
    ).toBe(204);
    expect(
      (await apis[1].get(`${portal()}/proxy`, { token: voters[19].token }))
        .body,
    ).toMatchObject({
      status: 'withdrawn',
    });

    for (const i of [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18]) {
      const result = await verify(i);
      expect(result.status, result.text).toBe(200);
      expect(result.body).toMatchObject({
        status: 'verified',
        verifiedAt: expect.any(String),
      });
      proxyOf.set(i, MemberProxy.parse(result.body));
    }
    // verifying twice changes nothing
    const again = await verify(0);
    expect(again.status).toBe(200);
    expect(again.body.verifiedAt).toBe(proxyOf.get(0)!.verifiedAt);
    for (const i of [16, 17]) {
      const result = await apis[0].post(
        `${base()}/proxies/${proxyOf.get(i)!.key}/reject`,
        { reason: 'The signature does not match our records.' },
        asManager(),
      );
      expect(result.status, result.text).toBe(200);
    }
    expect(
      (await apis[0].get(`${portal()}/proxy`, { token: voters[17].token }))
        .body,
    ).toMatchObject({
      status: 'rejected',
      rejectReason: 'The signature does not match our records.',
    });
    expectProblem(await verify(17), 409, 'proxy_not_pending');
    expectProblem(
      await apis[0].post(
        `${base()}/proxies/${replaced.key}/verify`,
        undefined,
        asManager(),
      ),
      409,
      'proxy_not_pending',
    );
    expectProblem(
      await apis[0].post(
        `${base()}/proxies/${proxyOf.get(19)!.key}/verify`,
        undefined,
        asManager(),
      ),
      409,
      'proxy_not_pending',
    );
    expectProblem(
      await apis[0].post(
        `${base()}/proxies/${proxyOf.get(5)!.key}/reject`,
        {},
        asManager(),
      ),
      400,
      'validation_failed',
    );

    // another account's manager, and another meeting of the same account, see none of it
    const outsider = await createUser(nodes[0]);
    const outsiderAccount = await createAccount(nodes[0], [outsider]);
    const outsiderToken = await signIn(nodes[0], outsider);
    expectProblem(
      await apis[0].post(
        `${base()}/proxies/${proxyOf.get(5)!.key}/verify`,
        undefined,
        {
          token: outsiderToken,
        },
      ),
      404,
      'meeting_not_found',
    );
    const outsiderMeeting = await createMeeting(nodes[0], outsiderAccount.key);
    expectProblem(
      await apis[0].post(
        `/v1/Meetings/${outsiderMeeting.shortCode}/proxies/${proxyOf.get(5)!.key}/verify`,
        undefined,
        { token: outsiderToken },
      ),
      404,
      'proxy_not_found',
    );
    const sibling = await createMeeting(nodes[0], tenant.account.key);
    expectProblem(
      await apis[0].post(
        `/v1/Meetings/${sibling.shortCode}/proxies/${proxyOf.get(5)!.key}/verify`,
        undefined,
        asManager(),
      ),
      404,
      'proxy_not_found',
    );

    const list = z
      .array(MemberProxy)
      .parse(
        (await apis[1].get(`${base()}/proxies?status=submitted`, asManager()))
          .body,
      );
    expect(list.map((p) => p.unit)).toEqual([voters[5].unit]);
  });

  it('counts the stats and the quorum from verified, standing proxies', async () => {
    // early ballots of members without proxies, and of one (7) that has a proxy
    for (const [i, choice] of [
      [20, 'For'],
      [21, 'For'],
      [22, 'For'],
      [23, 'Against'],
      [24, 'Against'],
      [7, 'Abstain'],
    ] as const) {
      const result = await apis[0].post(
        `${portal()}/matters/${budget.key}/ballots`,
        { choices: [choice] },
        { token: voters[i].token },
      );
      expect(result.status, result.text).toBe(201);
    }
    const verified = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18];
    expect(await stats()).toMatchObject({
      totalProxies: verified.length + 1,
      verifiedProxyCount: verified.length,
      unverifiedProxyCount: 1,
      totalElectronicProxies: verified.length + 1 - 2,
      totalPaperProxies: 2,
      totalProxiesShares: sharesOf([...verified, 5]),
    });
    // nobody present: 16 verified proxies, and 5 early ballots of members without one
    // opening the portal before the meeting (to give a proxy, say) is not attending it
    const early = await attend(2);
    expect(
      (await apis[0].get(`${portal()}/proxy`, { token: voters[2].token })).body,
    ).toMatchObject({ status: 'verified' });
    // the chair's view converges: a snapshot taken before the leave is counted (or cached a
    // moment before it) is followed by the broadcast of the change (docs/live-protocol.md)
    const counted = (q: QuorumEvent) => q.present === 0 && q.proxies === 21;
    const next = quorum(counted);
    early.close();
    const snapshot = QuorumEvent.parse(
      (
        (await request(chair, 'subscribe', { shortCode: shortCode() })) as {
          quorum: unknown;
        }
      ).quorum,
    );
    if (counted(snapshot)) next.catch(() => undefined);
    expect(counted(snapshot) ? snapshot : await next).toEqual({
      shortCode: shortCode(),
      present: 0,
      proxies: 21,
      presentInPerson: 0,
      presentOnline: 0,
      required: 20,
      met: true,
      basis: 'units',
    });
    // the stats count the same members, each one way (docs/presence.md)
    expect((await stats()).present).toEqual({
      presentMembers: 21,
      presentInPerson: 0,
      presentOnline: 0,
      presentByProxy: 21,
    });
  });

  it('revokes the proxy of a member who attends, and counts the directed votes when the matter opens', async () => {
    // the meeting starts: proxies closed a minute before
    const started = await apis[0].patch(
      base(),
      {
        meetingDate: new Date(Date.now() - 60_000).toISOString(),
        expiryDate: new Date(Date.now() - 120_000).toISOString(),
      },
      asManager(),
    );
    expect(started.status, started.text).toBe(200);
    expectProblem(
      await apis[1].delete(`${portal()}/proxy`, { token: voters[3].token }),
      409,
      'proxy_closed',
    );
    const quorumAfterJoins = quorum((q) => q.present === 4 && q.proxies === 18);
    // they join at once, three of them on node 0: its first revocation is held until all
    // three have joined, so those it did not take are revoked together by the next statement
    const statements = holdFirstCall(
      nodes[0].app.get(ProxiesRepository),
      'revokeOnAttendance',
      calledTimes(nodes[0].app.get(LivePresenceService), 'join', 3),
    );
    const attended = new Map<number, LiveClient>();
    const sockets = await Promise.all([0, 6, 14, 25].map((i) => attend(i)));
    [0, 6, 14, 25].forEach((i, n) => attended.set(i, sockets[n]));
    expect(await quorumAfterJoins).toMatchObject({ met: true });
    // one statement, or two if the first took one member before the others joined
    expect(statements.mock.calls.length).toBeLessThan(3);
    expect(
      statements.mock.calls.flatMap(([memberIds]) => memberIds).sort(),
    ).toEqual([0, 6, 14].map((i) => voters[i].memberId).sort());
    for (const i of [0, 6, 14])
      expect(
        (await apis[0].get(`${portal()}/proxy`, { token: voters[i].token }))
          .body,
      ).toMatchObject({
        status: 'revoked',
        revokedAt: expect.any(String),
      });

    // directed votes are proxy ballots as soon as the matter opens, without anyone acting
    const opened = nextEvent(
      chair,
      'matter.tally',
      (event) => event.matterKey === budget.key && event.votesCast === 13,
    );
    await action(budget.key, { action: 'start', duration: 600 });
    const tally = await opened;
    // For: 1-4 directed + early 20-22; Against: 12, 13, 18 directed + early 23, 24; Abstain: early 7
    expect(tally.rows.map((row) => [row.vote, row.numProxyVotes])).toEqual([
      ['For', 7],
      ['Against', 5],
      ['Abstain', 1],
    ]);
    const [held] = await nodes[0].app
      .get(Database)
      .db.select()
      .from(ballots)
      .where(
        and(
          eq(ballots.matterId, budget.key),
          eq(ballots.memberId, voters[13].memberId),
        ),
      );
    expect(held).toMatchObject({
      method: 'proxy',
      voterId: null,
      proxyId: proxyOf.get(13)!.key,
      choices: ['Against'],
    });

    // members who attended vote live; two more attend now and replace their holder's vote
    for (const [i, choice] of [
      [0, 'Against'],
      [6, 'For'],
      [14, 'Abstain'],
      [25, 'For'],
    ] as const)
      expect(await castLive(attended.get(i)!, [choice])).toMatchObject({
        ballotId: expect.any(String),
      });
    for (const [i, choice] of [
      [12, 'For'],
      [18, 'For'],
    ] as const) {
      const socket = await attend(i);
      expect(await castLive(socket, [choice])).toMatchObject({
        ballotId: expect.any(String),
      });
    }
    expect(
      (await apis[0].get(`${portal()}/proxy`, { token: voters[18].token }))
        .body,
    ).toMatchObject({
      status: 'revoked',
    });
  });

  it('lets the holder see only its own proxies and cast its discretionary votes in one action, from the other node', async () => {
    const view = HolderView.parse(
      (await apis[1].get(`${portal()}/holder/proxies`, { token: nadiaToken }))
        .body,
    );
    const held = [1, 2, 3, 4, 7, 8, 9, 10, 11];
    expect(view.proxies.map((p) => p.unit)).toEqual(
      held.map((i) => voters[i].unit),
    );
    expect(view.totals).toEqual({
      proxies: 9,
      shares: sharesOf(held),
      directed: 4,
      discretionary: 5,
    });
    const onBudget = view.matters.find((m) => m.matterKey === budget.key)!;
    expect(onBudget).toMatchObject({
      liveStatus: 'live',
      directed: { count: 4, shares: sharesOf([1, 2, 3, 4]) },
      discretionary: { count: 5, shares: sharesOf([7, 8, 9, 10, 11]) },
      cast: [],
    });
    expect(view.matters.find((m) => m.matterKey === bylaw.key)).toMatchObject({
      directed: { count: 0 },
      discretionary: { count: 0 },
    });
    // the holder page counts down on the server's clock: the live matter's end, and the time now
    const live = await apis[0].get(
      `${base()}/matters/${budget.key}`,
      asManager(),
    );
    expect(onBudget.liveEndsAt).toBe(live.body.liveEndsAt);
    expect(Math.abs(Date.parse(view.serverTime) - Date.now())).toBeLessThan(
      60_000,
    );
    for (const matter of view.matters)
      if (matter.liveStatus !== 'live') expect(matter.liveEndsAt).toBeNull();

    const castPath = `${portal()}/holder/matters/${budget.key}/ballots`;
    expectProblem(
      await apis[1].post(
        castPath,
        { split: [{ choices: ['For'], count: 6 }] },
        { token: nadiaToken },
      ),
      400,
      'too_many_votes',
    );
    expectProblem(
      await apis[1].post(
        castPath,
        { split: [{ choices: ['Maybe'], count: 1 }] },
        { token: nadiaToken },
      ),
      400,
      'invalid_choice',
    );
    expectProblem(
      await apis[1].post(
        `${portal()}/holder/matters/${election.key}/ballots`,
        { split: [{ choices: ['Ana'], count: 1 }] },
        { token: nadiaToken },
      ),
      409,
      'matter_not_live',
    );
    expectProblem(
      await apis[1].post(
        `${portal()}/holder/matters/${bylaw.key}/ballots`,
        { split: [{ choices: ['For'], count: 1 }] },
        { token: nadiaToken },
      ),
      409,
      'proxy_not_allowed',
    );
    // a voter's token is not a holder's, nor is the link itself
    expectProblem(
      await apis[1].get(`${portal()}/holder/proxies`, {
        token: voters[1].token,
      }),
      401,
      'invalid_token',
    );

    // the chair on node 0 sees the holder's votes cast on node 1
    const seen = nextEvent(
      chair,
      'matter.tally',
      (event) =>
        event.matterKey === budget.key &&
        event.rows[0].numProxyVotes === 4 + 3 + 3,
    );
    const first = await apis[1].post(
      castPath,
      {
        split: [
          { choices: ['For'], count: 3 },
          { choices: ['Against'], count: 2 },
        ],
      },
      { token: nadiaToken },
    );
    expect(first.status, first.text).toBe(201);
    expect(HolderCastResponse.parse(first.body)).toMatchObject({
      cast: 5,
      withdrawn: 0,
    });
    await seen;

    // changeable until the close: four for, and the fifth taken back
    const second = await apis[1].post(
      castPath,
      { split: [{ choices: ['For'], count: 4 }] },
      { token: nadiaToken },
    );
    expect(HolderCastResponse.parse(second.body)).toMatchObject({
      cast: 4,
      withdrawn: 1,
    });
    const after = HolderView.parse(
      (await apis[0].get(`${portal()}/holder/proxies`, { token: nadiaToken }))
        .body,
    );
    expect(after.matters.find((m) => m.matterKey === budget.key)!.cast).toEqual(
      [{ choices: ['For'], count: 4 }],
    );
  });

  it('lets managers vote only for default holders, from the control room', async () => {
    const holders = z
      .array(
        z.object({
          key: z.string(),
          name: z.string(),
          isDefault: z.boolean(),
          proxies: z.number(),
        }),
      )
      .parse((await apis[0].get(`${base()}/proxy-holders`, asManager())).body);
    const secretary = holders.find((h) => h.name === SECRETARY)!;
    const nadia = holders.find((h) => h.name === NADIA.name)!;
    expect(secretary).toMatchObject({ isDefault: true, proxies: 1 });
    expectProblem(
      await apis[0].post(
        `${base()}/proxy-holders/${nadia.key}/matters/${budget.key}/ballots`,
        { split: [{ choices: ['Against'], count: 1 }] },
        asManager(),
      ),
      403,
      'not_default_holder',
    );
    const view = HolderView.parse(
      (
        await apis[0].get(
          `${base()}/proxy-holders/${secretary.key}/proxies`,
          asManager(),
        )
      ).body,
    );
    expect(
      view.matters.find((m) => m.matterKey === budget.key)!.discretionary.count,
    ).toBe(1);
    const cast = await apis[0].post(
      `${base()}/proxy-holders/${secretary.key}/matters/${budget.key}/ballots`,
      { split: [{ choices: ['Abstain'], count: 1 }] },
      asManager(),
    );
    expect(cast.status, cast.text).toBe(201);
    // a floor vote recorded by the chair, for a member without a proxy, present in the room
    // (a vote in the room is for members present: docs/hybrid-meetings.md)
    const checkedIn = await apis[0].post(
      `${base()}/check-ins`,
      { voterKey: voters[30].voterId },
      asManager(),
    );
    expect(checkedIn.status, checkedIn.text).toBe(201);
    const floor = await apis[0].post(
      `${base()}/matters/${budget.key}/ballots`,
      { memberKey: voters[30].memberId, choices: ['Against'], method: 'other' },
      asManager(),
    );
    expect(floor.status, floor.text).toBe(201);
    // the unit leaves the room again, but its floor ballot keeps it present in person: the
    // quorum below counts it (docs/presence.md)
    const checkedOut = await apis[0].delete(
      `${base()}/check-ins/${voters[30].voterId}`,
      asManager(),
    );
    expect(checkedOut.status, checkedOut.text).toBe(200);
  });

  it('lets a proxy stand once revocations have closed, and asks for holders present when the meeting does', async () => {
    expect(
      (
        await apis[0].patch(
          base(),
          {
            portalRevocationsClosedAt: new Date(
              Date.now() - 1000,
            ).toISOString(),
          },
          asManager(),
        )
      ).status,
    ).toBe(200);
    const joined = quorum((q) => q.present === 8 && q.proxies === 15);
    const socket = await attend(1);
    // present: 0, 6, 14, 25, 12, 18, 1, and 30 by its floor ballot. Standing verified, not present: 2, 3, 4, 7-11, 13, 15 (10);
    // early ballots of members without a proxy: 20-24 (5)
    expect(await joined).toMatchObject({ met: true });
    expectProblem(
      await apis[0].post(
        `${portal()}/matters/${budget.key}/ballots`,
        { choices: ['Against'] },
        { token: voters[1].token },
      ),
      409,
      'ballot_locked',
    );
    expect(await castLive(socket, ['Against'])).toMatchObject({
      error: { code: 'ballot_locked' },
    });
    expect(
      (await apis[0].get(`${portal()}/proxy`, { token: voters[1].token })).body,
    ).toMatchObject({
      status: 'verified',
    });

    // with holders required present: only the early ballots, until the secretary checks in (15)
    await apis[0].patch(
      `${base()}/settings`,
      { proxyHolderMustAttend: true },
      asManager(),
    );
    const secretary = (
      (await apis[0].get(`${base()}/proxy-holders`, asManager())).body as {
        key: string;
        name: string;
      }[]
    ).find((h) => h.name === SECRETARY)!;
    const checkedIn = quorum((q) => q.present === 8 && q.proxies === 5 + 1);
    const presence = await apis[1].put(
      `${base()}/proxy-holders/${secretary.key}/presence`,
      { present: true },
      asManager(),
    );
    expect(presence.status, presence.text).toBe(200);
    expect(await checkedIn).toMatchObject({ met: false });
    // Nadia checks herself in from her holder page: 2, 3, 4, 7-11 (8) count again
    const nadiaIn = quorum((q) => q.proxies === 5 + 1 + 8);
    expect(
      (
        await apis[1].put(
          `${portal()}/holder/presence`,
          { present: true },
          { token: nadiaToken },
        )
      ).status,
    ).toBe(200);
    expect(await nadiaIn).toMatchObject({ present: 8, met: true });
  });

  it('closes with a tally by method and shares equal to an independent recount', async () => {
    await action(budget.key, { action: 'stop' });
    const final = new Map<number, Final>();
    const set = (indices: number[], method: Final['method'], choice: string) =>
      indices.forEach((i) => final.set(i, { method, choices: [choice] }));
    set([1, 2, 3, 4], 'proxy', 'For'); // directed, Nadia (1 attended after revocations closed)
    set([7, 8, 9, 10], 'proxy', 'For'); // Nadia's discretion (7's early Abstain replaced); 11 taken back
    set([13], 'proxy', 'Against'); // directed, Omar
    set([15], 'proxy', 'Abstain'); // paper, the secretary's discretion
    set([20, 21, 22], 'proxy', 'For'); // early ballots
    set([23, 24], 'proxy', 'Against');
    set([0], 'live', 'Against'); // attended before the vote
    set([6, 25], 'live', 'For');
    set([14], 'live', 'Abstain');
    set([12, 18], 'live', 'For'); // attended after the vote opened: replaced the directed vote
    set([30], 'other', 'Against'); // floor
    const round = (n: number) => Math.round(n * 1e6) / 1e6;
    const expected = OPTIONS.map((vote) => {
      const pick = (method: Final['method']) =>
        [...final]
          .filter(([, b]) => b.method === method && b.choices.includes(vote))
          .map(([i]) => i);
      return {
        vote,
        numProxyVotes: pick('proxy').length,
        numLiveVotes: pick('live').length,
        numOtherVotes: pick('other').length,
        numProxyShares: round(sharesOf(pick('proxy'))),
        numLiveShares: round(sharesOf(pick('live'))),
        numOtherShares: round(sharesOf(pick('other'))),
      };
    });
    for (const api of apis) {
      const rows = z
        .array(MatterTallyRow)
        .parse(
          (await api.get(`${base()}/matters/${budget.key}/stats`, asManager()))
            .body,
        );
      expect(rows).toEqual(expected);
    }
    expect(
      await nodes[0].app
        .get(Database)
        .db.select()
        .from(ballots)
        .where(eq(ballots.matterId, budget.key)),
    ).toHaveLength(final.size);
  });

  it('refuses a holder session for another meeting and a tampered link', async () => {
    const other = await createMeeting(nodes[0], tenant.account.key);
    const notice = smtp.messages.find((m) => m.envelope.to[0] === OMAR.email)!;
    const token = decodeURIComponent(
      /holder\?token=(\S+)/.exec(notice.parsed.text ?? '')![1],
    );
    expectProblem(
      await apis[0].post(
        `/portal/v1/Meetings/${other.shortCode}/holder/session`,
        { holderToken: token },
      ),
      401,
      'invalid_holder_token',
    );
    expectProblem(
      await apis[0].post(`${portal()}/holder/session`, {
        holderToken: `${token}x`,
      }),
      401,
      'invalid_holder_token',
    );
    expectProblem(
      await apis[0].post(`${portal()}/holder/session`, {
        holderToken: voters[0].token,
      }),
      401,
      'invalid_holder_token',
    );
    // a session of this meeting's holder does not open another meeting
    expectProblem(
      await apis[0].get(
        `/portal/v1/Meetings/${other.shortCode}/holder/proxies`,
        { token: nadiaToken },
      ),
      404,
      'meeting_not_found',
    );
    expectProblem(
      await apis[0].get(`${portal()}/holder/proxies`, { token }),
      401,
      'invalid_token',
    );
  });
});
