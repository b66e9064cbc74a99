import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CampaignWithStats,
  LiveSnapshot,
  Matter,
  MatterResultEvent,
  MatterStateEvent,
  MatterTallyEvent,
  MeetingReport,
  PortalMeeting,
  QuorumEvent,
} from '@livevote/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../src/accounts/accounts.service';
import { Database } from '../src/database/database';
import { ballots } from '../src/database/schema';
import {
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  request,
  type LiveClient,
  recorder,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { grantAccess, registerPartner } from './support/partner-oauth';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const run = promisify(execFile);
const SPECIAL = { numerator: 2, denominator: 3, strict: false };
const UNITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SHARES = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/**
 * Issue 14 over real HTTP and socket.io on PostgreSQL and Redis: the rule of a matter, quorum
 * at a start, one live matter, forecasts and verdicts pushed live, sign-off gating what voters
 * and partners see, and the results report in JSON, CSV and PDF.
 */
describe('Verdicts, quorum, sign-off and the results report', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let chair: TenantFixture;
  let outsider: TenantFixture;
  let scrutineer: UserFixture;
  let scrutineerToken: string;
  let voters: VoterFixture[];
  let chairSocket: LiveClient;
  let screenSocket: LiveClient;
  const sockets: LiveClient[] = [];
  const matters: Record<string, Matter> = {};

  const base = () => `/v1/Meetings/${chair.meeting.shortCode}`;
  const live = async (token: string) => {
    const socket = await connectLive(gateway.baseUrl, token);
    sockets.push(socket);
    const snapshot = await request(socket, 'subscribe', {
      shortCode: chair.meeting.shortCode,
    });
    return { socket, snapshot: LiveSnapshot.parse(snapshot) };
  };
  const createMatter = async (body: object) => {
    const result = await api.post(`${base()}/matters`, body, {
      token: chair.token,
    });
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const action = (matterKey: string, body: object) =>
    api.post(`${base()}/matters/${matterKey}/action`, body, {
      token: chair.token,
    });
  const cast = async (
    voter: VoterFixture,
    matterKey: string,
    choice: string,
  ) => {
    const result = await api.post(
      `/portal/v1/Meetings/${chair.meeting.shortCode}/matters/${matterKey}/ballots`,
      { choices: [choice] },
      { token: voter.token },
    );
    expect(result.status, result.text).toBe(201);
  };
  /** A recount from the ballots table: per option and method, units and shares. */
  const recount = async (matter: Matter) => {
    const rows = await gateway.app
      .get(Database)
      .db.select()
      .from(ballots)
      .where(eq(ballots.matterId, matter.key));
    const sum = (list: typeof rows) =>
      Math.round(list.reduce((total, row) => total + row.weight, 0) * 1e6) /
      1e6;
    return matter.options.flatMap((vote) =>
      (['proxy', 'live', 'other'] as const).map((method) => {
        const picked = rows.filter(
          (row) => row.method === method && row.choices.includes(vote),
        );
        return { vote, method, units: picked.length, shares: sum(picked) };
      }),
    );
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
      env: { AUTH_RATE_LIMIT_PER_USER: '1000', AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    api = http(gateway.baseUrl);
    chair = await createTenant(gateway);
    outsider = await createTenant(gateway);
    scrutineer = await createUser(gateway, { name: 'Sam Scrutineer' });
    await gateway.app
      .get(AccountsService)
      .adminSetMembership(chair.account.key, scrutineer.email, true);
    scrutineerToken = await signIn(gateway, scrutineer);
    // shares 1, 2.5, 3, 1.5, 2, 3.5, 1, 2.5, 3, 1.5: 21.5 in all
    voters = await createVoters(gateway, chair, 10);
    ({ socket: chairSocket } = await live(chair.token));
    const screen = await api.post(`${base()}/screen-tokens`, undefined, {
      token: chair.token,
    });
    ({ socket: screenSocket } = await live(screen.body.token));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('the rule of a matter', () => {
    it('defaults to more than half of the votes cast by shares, and takes a special resolution', async () => {
      const plain = await createMatter({
        name: 'Appoint the auditor',
        options: ['For', 'Against'],
      });
      expect(plain).toMatchObject({
        threshold: { numerator: 1, denominator: 2, strict: true },
        thresholdBasis: 'shares',
        thresholdBase: 'cast',
        forecast: null,
        result: null,
      });
      matters.special = await createMatter({
        name: 'Special resolution: amend the bylaws',
        options: ['For', 'Against'],
        secretBallot: false,
        threshold: SPECIAL,
        thresholdBasis: 'shares',
        thresholdBase: 'cast',
      });
      expect(matters.special.threshold).toEqual(SPECIAL);
      matters.auditor = plain;
    });

    it('refuses a threshold outside (0, 1] and an unknown basis or base with 400', async () => {
      for (const bad of [
        { threshold: { numerator: 3, denominator: 2, strict: false } },
        { threshold: { numerator: 0, denominator: 2, strict: false } },
        { threshold: { numerator: 1, denominator: 1, strict: true } },
        { threshold: { numerator: 1.5, denominator: 2, strict: false } },
        { threshold: { numerator: 1, denominator: 2 } },
        { thresholdBasis: 'votes' },
        { thresholdBase: 'turnout' },
      ]) {
        const result = await api.post(
          `${base()}/matters`,
          { name: 'Bad rule', options: ['For', 'Against'], ...bad },
          { token: chair.token },
        );
        expectProblem(result, 400);
        const patched = await api.patch(
          `${base()}/matters/${matters.auditor.key}`,
          bad,
          { token: chair.token },
        );
        expectProblem(patched, 400);
      }
    });
  });

  describe('quorum and starting', () => {
    it('shows quorum live by the meeting settings, counted in shares', async () => {
      const settings = await api.patch(
        `${base()}/settings`,
        {
          quorumBasis: 'shares',
          quorumPercent: 50,
          requireQuorumToStart: true,
          requireSignOff: true,
        },
        { token: chair.token },
      );
      expect(settings.status, settings.text).toBe(200);
      expect(settings.body).toMatchObject({
        quorumBasis: 'shares',
        quorumPercent: 50,
        quorumIncludesProxies: true,
        requireQuorumToStart: true,
        requireSignOff: true,
        oneLiveMatter: true,
      });
      const bad = await api.patch(
        `${base()}/settings`,
        { quorumPercent: 101, quorumBasis: 'votes' },
        { token: chair.token },
      );
      expectProblem(bad, 400);
    });

    it('refuses to start without quorum (409 quorum_not_met) and records a chair override', async () => {
      const refused = await action(matters.auditor.key, { action: 'start' });
      expect(expectProblem(refused, 409, 'quorum_not_met').detail).toContain(
        '0 of 10.75 shares',
      );
      expectProblem(
        await action(matters.auditor.key, {
          action: 'stop',
          overrideQuorum: true,
        }),
        400,
      );
      const overridden = await action(matters.auditor.key, {
        action: 'start',
        overrideQuorum: true,
      });
      expect(overridden.status, overridden.text).toBe(204);
      expect(
        (await action(matters.auditor.key, { action: 'stop' })).status,
      ).toBe(204);
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${matters.auditor.key}`, {
            token: chair.token,
          })
        ).body,
      );
      expect(report.matters[0].quorumAtOpen).toMatchObject({
        basis: 'shares',
        present: 0,
        required: 10.75,
        met: false,
        overriddenBy: chair.user.email,
      });
    });

    it('counts voters as they arrive and starts once quorum is met', async () => {
      const quorum = recorder(chairSocket, 'meeting.quorum');
      for (const voter of voters) await live(voter.token);
      const met = QuorumEvent.parse(
        await quorum.until((q) => q.present === 21.5),
      );
      expect(met).toEqual({
        shortCode: chair.meeting.shortCode,
        present: 21.5,
        proxies: 0,
        presentInPerson: 0,
        presentOnline: 21.5,
        required: 10.75,
        met: true,
        basis: 'shares',
      });
      const state = recorder(chairSocket, 'matter.state');
      const started = await action(matters.special.key, { action: 'start' });
      expect(started.status, started.text).toBe(204);
      const event = MatterStateEvent.parse(
        await state.until(
          (e) => e.matterKey === matters.special.key && e.forecast === 'open',
        ),
      );
      expect(event.liveStatus).toBe('live');
    });

    it('keeps one matter live at a time unless the meeting allows more', async () => {
      const second = await action(matters.auditor.key, { action: 'start' });
      expect(
        expectProblem(second, 409, 'another_matter_live').detail,
      ).toContain(matters.special.name);
      const settings = (oneLiveMatter: boolean) =>
        api.patch(
          `${base()}/settings`,
          { oneLiveMatter },
          { token: chair.token },
        );
      expect((await settings(false)).status).toBe(200);
      const side = await createMatter({
        name: 'Side vote',
        options: ['Yes', 'No'],
      });
      expect((await action(side.key, { action: 'start' })).status).toBe(204);
      expect((await action(side.key, { action: 'stop' })).status).toBe(204);
      expect((await settings(true)).status).toBe(200);
    });
  });

  describe('forecast and verdict, live', () => {
    it('pushes the forecast as it becomes certain, beside the tally', async () => {
      const state = recorder(chairSocket, 'matter.state');
      const screenTally = recorder(screenSocket, 'matter.tally');
      const key = matters.special.key;
      // For from voters 0..5 (13.5 of 21.5 shares): the rest could still vote against
      for (const voter of voters.slice(0, 6)) await cast(voter, key, 'For');
      const open = MatterTallyEvent.parse(
        await screenTally.until(
          (e) => e.matterKey === key && e.votesCast === 6,
        ),
      );
      expect(open.forecast).toBe('open');
      expect(state.seen.some((e) => e.forecast === 'carried')).toBe(false);
      // 14.5 of 21.5: carried whatever the last four do (2/3 of 21.5 is 14.33)
      await cast(voters[6], key, 'For');
      const carried = await state.until(
        (e) => e.matterKey === key && e.forecast === 'carried',
      );
      expect(carried.liveStatus).toBe('live');
      const tally = await screenTally.until(
        (e) => e.matterKey === key && e.votesCast === 7,
      );
      expect(tally.forecast).toBe('carried');
      const matter = Matter.parse(
        (await api.get(`${base()}/matters/${key}`, { token: chair.token }))
          .body,
      );
      expect(matter.forecast).toBe('carried');
      await cast(voters[7], key, 'For');
      await cast(voters[8], key, 'Against');
      await cast(voters[9], key, 'Against');
    });

    it('sends the verdict to chairs and screens at close, kept with the matter', async () => {
      const chairResults = recorder(chairSocket, 'matter.result');
      const screenResults = recorder(screenSocket, 'matter.result');
      const state = recorder(chairSocket, 'matter.state');
      const key = matters.special.key;
      expect((await action(key, { action: 'stop' })).status).toBe(204);
      const closed = await state.until(
        (e) => e.matterKey === key && e.liveStatus === 'closed',
      );
      expect(closed.forecast).toBeNull();
      const event = MatterResultEvent.parse(
        await chairResults.until((e) => e.matterKey === key),
      );
      await screenResults.until((e) => e.matterKey === key);
      expect(event.result).toMatchObject({
        verdict: 'carried',
        elected: [],
        forYes: { units: 8, shares: 17 },
        base: { units: 10, shares: 21.5 },
        threshold: SPECIAL,
        publishedAt: null,
        signedOffBy: null,
        totals: [
          { vote: 'For', units: 8, shares: 17 },
          { vote: 'Against', units: 2, shares: 4.5 },
        ],
      });
      const matter = Matter.parse(
        (await api.get(`${base()}/matters/${key}`, { token: chair.token }))
          .body,
      );
      expect(matter.result).toEqual(event.result);
      expectProblem(
        await api.patch(
          `${base()}/matters/${key}`,
          { threshold: { numerator: 1, denominator: 2, strict: true } },
          { token: chair.token },
        ),
        409,
        'matter_has_ballots',
      );
      // the same rule again is no change
      expect(
        (
          await api.patch(
            `${base()}/matters/${key}`,
            { threshold: SPECIAL },
            { token: chair.token },
          )
        ).status,
      ).toBe(200);
    });

    it('gives a secret ballot no forecast while live, a verdict at close, and none after a reopen', async () => {
      const secret = await createMatter({
        name: 'Elect the treasurer',
        options: ['Ann', 'Bob'],
      });
      matters.secret = secret;
      const state = recorder(chairSocket, 'matter.state');
      const tally = recorder(chairSocket, 'matter.tally');
      const results = recorder(chairSocket, 'matter.result');
      expect((await action(secret.key, { action: 'start' })).status).toBe(204);
      for (const [i, voter] of voters.slice(0, 5).entries())
        await cast(voter, secret.key, i < 4 ? 'Ann' : 'Bob');
      await tally.until((e) => e.matterKey === secret.key && e.votesCast === 5);
      const during = [...state.seen, ...tally.seen].filter(
        (e) => e.matterKey === secret.key,
      );
      expect(during.length).toBeGreaterThan(1);
      for (const event of during) expect(event.forecast).toBeNull();
      expect((await action(secret.key, { action: 'stop' })).status).toBe(204);
      const result = await results.until((e) => e.matterKey === secret.key);
      expect(result.result).toMatchObject({
        verdict: 'elected',
        elected: ['Ann'],
      });
      expect((await action(secret.key, { action: 'start' })).status).toBe(204);
      const reopened = Matter.parse(
        (
          await api.get(`${base()}/matters/${secret.key}`, {
            token: chair.token,
          })
        ).body,
      );
      expect(reopened.result).toBeNull();
      expect((await action(secret.key, { action: 'stop' })).status).toBe(204);
      await results.until(
        (e) => e.matterKey === secret.key && e.seq > result.seq,
      );
    });
  });

  describe('sign-off', () => {
    let voterSocket: LiveClient;
    let voterResults: ReturnType<typeof recorder<'matter.result'>>;
    let partnerToken: string;

    beforeAll(async () => {
      ({ socket: voterSocket } = await live(voters[0].token));
      voterResults = recorder(voterSocket, 'matter.result');
      const partner = await registerPartner(gateway);
      partnerToken = (await grantAccess(gateway, partner, chair.user))
        .access_token;
    });

    const portal = async () =>
      PortalMeeting.parse(
        (
          await api.get(`/portal/v1/Meetings/${chair.meeting.shortCode}`, {
            token: voters[0].token,
          })
        ).body,
      );
    const campaign = async () =>
      CampaignWithStats.parse(
        (
          await api.get(`/papi/v1/campaigns/${chair.meeting.id}`, {
            token: partnerToken,
          })
        ).body,
      );

    it('keeps a closed result from voters and partners until a scrutineer signs off', async () => {
      const seen = (await portal()).matters.find(
        (m) => m.matterKey === matters.special.key,
      )!;
      expect(seen.liveStatus).toBe('closed');
      expect(seen.result).toBeNull();
      expect((await campaign()).results).toEqual([]);
      expect(voterResults.seen).toEqual([]);
    });

    it('lets only a scrutineer sign off, never one who grants themselves the role', async () => {
      const sign = (token: string, key = matters.special.key) =>
        api.post(`${base()}/matters/${key}/sign-off`, undefined, { token });
      expectProblem(await sign(chair.token), 403, 'not_a_scrutineer');
      expectProblem(
        await api.patch(
          `/v1/Accounts/${chair.account.key}/users/${encodeURIComponent(chair.user.email)}`,
          { roles: ['scrutineer'] },
          { token: chair.token },
        ),
        403,
        'own_roles',
      );
      expectProblem(await sign(scrutineerToken), 403, 'not_a_scrutineer');
      const granted = await api.patch(
        `/v1/Accounts/${chair.account.key}/users/${encodeURIComponent(scrutineer.email)}`,
        { roles: ['scrutineer'] },
        { token: chair.token },
      );
      expect(granted.status, granted.text).toBe(200);
      expect(granted.body.roles).toEqual(['scrutineer']);
      expectProblem(
        await api.patch(
          `/v1/Accounts/${chair.account.key}/users/${encodeURIComponent(scrutineer.email)}`,
          { roles: ['auditor'] },
          { token: chair.token },
        ),
        400,
      );
      // naming scrutineers: only users with the role
      expectProblem(
        await api.put(
          `${base()}/scrutineers`,
          { emails: [chair.user.email] },
          { token: chair.token },
        ),
        400,
        'invalid_scrutineer',
      );
      const named = await api.put(
        `${base()}/scrutineers`,
        { emails: [scrutineer.email] },
        { token: chair.token },
      );
      expect(named.body).toMatchObject({
        requireSignOff: true,
        named: true,
        scrutineers: [{ email: scrutineer.email, name: 'Sam Scrutineer' }],
        maySignOff: false,
      });
      const status = await api.get(`${base()}/sign-off`, {
        token: scrutineerToken,
      });
      expect(status.body.maySignOff).toBe(true);
      // a pending matter, an unknown one, another account's
      expectProblem(await sign(scrutineerToken, randomUUID()), 404);
      const pending = await createMatter({
        name: 'Later',
        options: ['Yes', 'No'],
      });
      expectProblem(
        await sign(scrutineerToken, pending.key),
        409,
        'matter_not_closed',
      );
      expectProblem(
        await api.post(
          `/v1/Meetings/${outsider.meeting.shortCode}/matters/${matters.special.key}/sign-off`,
          undefined,
          { token: scrutineerToken },
        ),
        404,
      );
      expect((await sign(scrutineerToken)).status).toBe(204);
      expectProblem(await sign(scrutineerToken), 409, 'already_signed_off');
    });

    it('publishes the signed-off result to voters, live and in the portal, and to partners', async () => {
      const event = await voterResults.until(
        (e) => e.matterKey === matters.special.key,
      );
      expect(voterResults.seen[0]).toEqual(event);
      expect(event.result).toMatchObject({
        verdict: 'carried',
        signedOffBy: scrutineer.email,
      });
      expect(event.result.publishedAt).toBe(event.result.signedOffAt);
      const seen = (await portal()).matters.find(
        (m) => m.matterKey === matters.special.key,
      )!;
      expect(seen.result).toEqual(event.result);
      const results = (await campaign()).results;
      expect(results).toEqual([
        {
          matterKey: matters.special.key,
          name: matters.special.name,
          ...event.result,
        },
      ]);
      // the unsigned results stay with the chair
      expect(
        (await portal()).matters.find(
          (m) => m.matterKey === matters.secret.key,
        )!.result,
      ).toBeNull();
    });
  });

  describe('the results report', () => {
    it('is 404 for another account, in every format', async () => {
      for (const path of ['report', 'report.csv', 'report.pdf'])
        expectProblem(
          await api.get(`${base()}/${path}`, { token: outsider.token }),
          404,
        );
      expectProblem(
        await api.get(`${base()}/report?matter=${outsider.meeting.id}`, {
          token: chair.token,
        }),
        404,
      );
    });

    /** The PDF's text as pdftotext lays it out, and its number of pages. */
    const pdfText = async (path: string) => {
      const pdf = await fetch(`${gateway.baseUrl}${base()}/${path}`, {
        headers: { authorization: `Bearer ${chair.token}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const dir = mkdtempSync(join(tmpdir(), 'lv-report-'));
      try {
        const file = join(dir, 'report.pdf');
        writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
        const { stdout } = await run('/usr/bin/pdftotext', [
          '-layout',
          file,
          '-',
        ]);
        const info = await run('/usr/bin/pdfinfo', [file]);
        const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)![1]);
        // table rows line by line; sentences (which wrap) without any white space
        const lines = stdout
          .split('\n')
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .join('\n');
        const flat = stdout.replace(/\s+/g, '');
        const says = (sentence: string) =>
          expect(flat).toContain(sentence.replace(/\s+/g, ''));
        return { stdout, lines, flat, says, pages };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    it('records who moved and seconded a motion, refusing control characters and long names', async () => {
      const key = matters.special.key;
      for (const bad of [
        { movedBy: 'Ann\u0007 Owner' },
        { secondedBy: 'x'.repeat(201) },
        { movedBy: 12 },
      ])
        expectProblem(
          await api.patch(`${base()}/matters/${key}`, bad, {
            token: chair.token,
          }),
          400,
        );
      const patched = await api.patch(
        `${base()}/matters/${key}`,
        { movedBy: '  Ann Owner ', secondedBy: 'Bob Owner' },
        { token: chair.token },
      );
      expect(patched.status, patched.text).toBe(200);
      expect(Matter.parse(patched.body)).toMatchObject({
        movedBy: 'Ann Owner',
        secondedBy: 'Bob Owner',
      });
      matters.special = Matter.parse(patched.body);
      // a matter nobody votes on: started (quorum waived), stopped with no ballot
      matters.empty = await createMatter({
        name: 'Approve the budget',
        options: ['For', 'Against'],
        secretBallot: false,
        movedBy: 'Cy Owner',
      });
      expect(matters.empty.secondedBy).toBeNull();
      expect(
        (
          await action(matters.empty.key, {
            action: 'start',
            overrideQuorum: true,
          })
        ).status,
      ).toBe(204);
      expect((await action(matters.empty.key, { action: 'stop' })).status).toBe(
        204,
      );
    });

    it('takes questions to the minutes once approved or answered', async () => {
      const settings = await api.patch(
        `${base()}/settings`,
        { questionCategories: ['General'] },
        { token: chair.token },
      );
      expect(settings.status, settings.text).toBe(200);
      for (const [text, moderation] of [
        [
          'When is the roof repaired?',
          { status: 'answered', reply: 'In spring.' },
        ],
        ['Buy my timeshare', { status: 'dismissed' }],
      ] as const) {
        const asked = await api.post(
          `/portal/v1/Meetings/${chair.meeting.shortCode}/questions`,
          { category: 'General', text },
          { token: voters[0].token },
        );
        expect(asked.status, asked.text).toBe(201);
        const moderated = await api.patch(
          `${base()}/questions/${(asked.body as { key: string }).key}`,
          moderation,
          { token: chair.token },
        );
        expect(moderated.status, moderated.text).toBe(200);
      }
      const report = MeetingReport.parse(
        (await api.get(`${base()}/report`, { token: chair.token })).body,
      );
      expect(report.questions).toEqual([
        expect.objectContaining({
          category: 'General',
          text: 'When is the roof repaired?',
          reply: 'In spring.',
        }),
      ]);
    });

    it('carries in CSV and PDF the figures of a recount, with the digest of the CSV', async () => {
      const json = MeetingReport.parse(
        (await api.get(`${base()}/report`, { token: chair.token })).body,
      );
      const csvResponse = await api.get(`${base()}/report.csv`, {
        token: chair.token,
      });
      expect(csvResponse.headers.get('content-type')).toMatch(/^text\/csv/);
      const csv = csvResponse.text;
      expect(createHash('sha256').update(csv).digest('hex')).toBe(json.sha256);
      const rows = parse(csv, { columns: true }) as Record<string, string>[];
      const special = matters.special;
      const NAMES = { live: 'online', other: 'in_person', proxy: 'proxy' };
      const counted = await recount(special);
      // one row per option and method, online / in person / by proxy, as the recount has them
      const tally = rows
        .filter((row) => row.section === 'tally' && row.matter === special.name)
        .map((row) => ({
          vote: row.label,
          method: row.method,
          units: Number(row.units),
          shares: Number(row.shares),
        }));
      expect(
        [...tally].sort((a, b) => a.method.localeCompare(b.method)),
      ).toEqual(
        counted
          .map((row) => ({ ...row, method: NAMES[row.method] }))
          .sort((a, b) => a.method.localeCompare(b.method)),
      );
      expect(counted.some((row) => row.units > 0)).toBe(true);
      // and the same as the matter's stats the console shows
      const stats = (
        await api.get(`${base()}/matters/${special.key}/stats`, {
          token: chair.token,
        })
      ).body as {
        vote: string;
        numLiveVotes: number;
        numOtherVotes: number;
        numProxyVotes: number;
        numLiveShares: number;
        numOtherShares: number;
        numProxyShares: number;
      }[];
      expect(stats.length).toBe(special.options.length);
      for (const row of stats)
        for (const [method, units, shares] of [
          ['online', row.numLiveVotes, row.numLiveShares],
          ['in_person', row.numOtherVotes, row.numOtherShares],
          ['proxy', row.numProxyVotes, row.numProxyShares],
        ] as const)
          expect(
            tally.find((t) => t.vote === row.vote && t.method === method),
          ).toEqual({ vote: row.vote, method, units, shares });
      const voted = rows
        .filter((row) => row.section === 'voted' && row.matter === special.name)
        .map((row) => row.label);
      expect(voted).toEqual(voters.map((voter) => voter.unit));
      expect(csv).not.toMatch(/For.*U0001|U0001.*(For|Against)/);
      const result = Object.fromEntries(
        rows
          .filter(
            (row) => row.section === 'result' && row.matter === special.name,
          )
          .map((row) => [row.label, row]),
      );
      expect(result.verdict.text).toBe('carried');
      expect(result.signedOffBy.text).toBe(scrutineer.email);
      const matterRow = (label: string) =>
        rows.find(
          (row) =>
            row.section === 'matter' &&
            row.matter === special.name &&
            row.label === label,
        )?.text;
      expect(matterRow('movedBy')).toBe('Ann Owner');
      expect(matterRow('secondedBy')).toBe('Bob Owner');
      // the attendance register: every unit once, its presence as the JSON says
      const attendance = rows.filter((row) => row.section === 'attendance');
      expect(attendance.map((row) => row.label).sort()).toEqual(
        json.attendance.map((entry) => entry.unit).sort(),
      );
      expect(json.attendance.length).toBeGreaterThanOrEqual(voters.length);
      for (const voter of voters)
        expect(
          json.attendance.find((entry) => entry.unit === voter.unit)?.presence,
        ).toBe('online');

      const pdf = await pdfText('report.pdf');
      const { lines, says } = pdf;
      says(special.name);
      says(
        'Carried by 80% of the votes cast by units, 79.1% by shares; the threshold was at least two-thirds of the votes cast, by shares.',
      );
      says('Moved by Ann Owner');
      says('Seconded by Bob Owner');
      // one line per option: online, in person, by proxy, total, each in units and shares
      const totals = json.matters.find((m) => m.matterKey === special.key)!
        .result!.totals;
      for (const vote of special.options) {
        const of = (method: 'live' | 'other' | 'proxy') =>
          counted.find((row) => row.vote === vote && row.method === method)!;
        const total = totals.find((row) => row.vote === vote)!;
        const cells = [
          ...(['live', 'other', 'proxy'] as const).flatMap((method) => [
            UNITS.format(of(method).units),
            SHARES.format(of(method).shares),
          ]),
          UNITS.format(total.units),
          SHARES.format(total.shares),
        ];
        expect(lines).toContain(`${vote} ${cells.join(' ')}`);
      }
      expect(lines).toMatch(/Option Online In person By proxy Total/);
      says(`signed off by ${scrutineer.email}`);
      says(`started without quorum by ${chair.user.email}`);
      says('Attendance register');
      says('Questions and answers');
      says('When is the roof repaired?');
      says('Answer: In spring.');
      expect(pdf.flat).not.toContain('timeshare');
      expect(
        rows
          .filter((row) => ['question', 'answer'].includes(row.section))
          .map((row) => row.text),
      ).toEqual(['When is the roof repaired?', 'In spring.']);
      says('Proxy register');
      for (const voter of voters) expect(lines).toContain(voter.unit);
      // the matter nobody voted on says so in words, never "with - of the votes"
      says('No vote was cast on this matter, so it was not carried.');
      expect(pdf.flat).not.toMatch(/with-of|For or leading|Other|docs\//);
      // pages numbered "n of N"; no time with seconds; the digests in the appendix only
      expect(pdf.pages).toBeGreaterThan(1);
      says(`Page 1 of ${pdf.pages}`);
      says(`Page ${pdf.pages} of ${pdf.pages}`);
      expect(pdf.stdout).not.toMatch(/\d:\d\d:\d\d/);
      const appendix = pdf.stdout.lastIndexOf('Verification');
      expect(appendix).toBeGreaterThan(0);
      expect(pdf.stdout.indexOf(json.sha256)).toBeGreaterThan(appendix);
      says('sha256sum report.csv');
    });

    it('gives the attendance register as its own CSV, for the account only', async () => {
      const json = MeetingReport.parse(
        (await api.get(`${base()}/report`, { token: chair.token })).body,
      );
      const response = await api.get(`${base()}/report/attendance.csv`, {
        token: chair.token,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.text.split('\r\n')[0]).toBe(
        'unit,owners,shares,eligible,presence,proxy_holder',
      );
      const rows = parse(response.text, { columns: true }) as Record<
        string,
        string
      >[];
      expect(
        rows.map((row) => ({
          unit: row.unit,
          shares: Number(row.shares),
          presence: row.presence,
        })),
      ).toEqual(
        json.attendance.map((entry) => ({
          unit: entry.unit,
          shares: entry.shares,
          presence: entry.presence,
        })),
      );
      const french = await api.get(`${base()}/report/attendance.csv?lang=fr`, {
        token: chair.token,
      });
      expect(french.text.split('\r\n')[0]).toBe(
        'unite,proprietaires,parts,habilitee,presence,mandataire',
      );
      expectProblem(
        await api.get(`${base()}/report/attendance.csv`, {
          token: outsider.token,
        }),
        404,
      );
      for (const bad of ['lang=de', 'extra=1'])
        expectProblem(
          await api.get(`${base()}/report/attendance.csv?${bad}`, {
            token: chair.token,
          }),
          400,
        );
    });

    it('speaks French when asked: CSV headings, texts and the whole PDF, with the digest of the French CSV', async () => {
      const json = MeetingReport.parse(
        (await api.get(`${base()}/report?lang=fr`, { token: chair.token }))
          .body,
      );
      expect(json.language).toBe('fr');
      const special = json.matters.find(
        (m) => m.matterKey === matters.special.key,
      )!;
      expect(special.rule).toBe(
        'au moins les deux tiers des voix exprimées, en quotes-parts',
      );
      expect(special.statement).toBe(
        'Adoptée par 80 % des voix exprimées en unités, 79,1 % en quotes-parts ; le seuil était au moins les deux tiers des voix exprimées, en quotes-parts.',
      );
      const csv = (
        await api.get(`${base()}/report.csv?lang=fr`, { token: chair.token })
      ).text;
      expect(csv.split('\r\n')[0]).toBe(
        'section,ordre_question,question,libelle,mode,unites,parts,texte',
      );
      expect(createHash('sha256').update(csv).digest('hex')).toBe(json.sha256);
      // the English report of the same data is another text, so another digest
      const english = MeetingReport.parse(
        (await api.get(`${base()}/report`, { token: chair.token })).body,
      );
      expect(english.language).toBe('en');
      expect(english.sha256).not.toBe(json.sha256);
      const rows = parse(csv, { columns: true }) as Record<string, string>[];
      expect(
        rows.find(
          (row) =>
            row.section === 'result' &&
            row.libelle === 'verdict' &&
            row.question === matters.special.name,
        )?.texte,
      ).toBe('carried');

      const pdf = await pdfText('report.pdf?lang=fr');
      const { says } = pdf;
      says('Rapport des résultats pour le procès-verbal');
      says(special.statement!);
      says('ADOPTÉE');
      says(`validé par ${scrutineer.email}`);
      says(`vote ouvert sans quorum par ${chair.user.email}`);
      says('Quorum à l’ouverture');
      says('Registre des présences');
      says('Proposée par Ann Owner');
      says(
        'Aucune voix n’a été exprimée sur cette question ; elle n’est donc pas adoptée.',
      );
      says(`Page 1 sur ${pdf.pages}`);
      expect(pdf.stdout).toMatch(
        /Option\s+En ligne\s+En personne\s+Par procuration/,
      );
      expect(pdf.stdout).not.toContain('Results report');
      expect(pdf.stdout).not.toContain('Attendance register');
      expect(pdf.stdout).toContain(json.sha256);
    });

    it('sends the same data again without laying it out again, and a change as a new file', async () => {
      const download = async () => {
        const response = await fetch(`${gateway.baseUrl}${base()}/report.pdf`, {
          headers: { authorization: `Bearer ${chair.token}` },
        });
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      };
      const first = await download();
      // the cached file carries the instant it was made: byte for byte the first one
      expect((await download()).equals(first)).toBe(true);
      const patched = await api.patch(
        `${base()}/matters/${matters.empty.key}`,
        { secondedBy: 'Dee Owner' },
        { token: chair.token },
      );
      expect(patched.status, patched.text).toBe(200);
      const changed = await download();
      expect(changed.equals(first)).toBe(false);
      const dir = mkdtempSync(join(tmpdir(), 'lv-report-cache-'));
      try {
        writeFileSync(join(dir, 'r.pdf'), changed);
        const { stdout } = await run('/usr/bin/pdftotext', [
          join(dir, 'r.pdf'),
          '-',
        ]);
        expect(stdout.replace(/\s+/g, '')).toContain('SecondedbyDeeOwner');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses a language it does not speak', async () => {
      for (const path of ['report', 'report.csv', 'report.pdf'])
        expectProblem(
          await api.get(`${base()}/${path}?lang=de`, { token: chair.token }),
          400,
        );
    });

    it('lists who voted, never how, and withholds a live secret ballot', async () => {
      const key = matters.secret.key;
      expect((await action(key, { action: 'start' })).status).toBe(204);
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${key}`, {
            token: chair.token,
          })
        ).body,
      );
      const item = report.matters[0];
      expect(item.tally).toMatchObject({
        rows: [],
        withheld: true,
        votesCast: 5,
      });
      expect(item.result).toBeNull();
      expect(JSON.stringify(item)).not.toMatch(/"Ann"[^\]]*\d|totals/);
      expect(item.voted.map((v) => v.unit)).toEqual(
        voters.slice(0, 5).map((v) => v.unit),
      );
      expect((await action(key, { action: 'stop' })).status).toBe(204);
    });
  });
});
