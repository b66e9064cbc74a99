import { randomUUID } from 'node:crypto';
import {
  BallotReceipt,
  Matter,
  OwnBallot,
  PublishedCount,
  RECEIPT_PATTERN,
  ReceiptList,
  ReceiptStatus,
  formatReceipt,
  type LiveSnapshot,
} from '@livevote/contracts';
import {
  matterResult,
  tally,
  type CountedBallot,
  sharesFromMicro,
  toMicro,
} from '@livevote/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountsService } from '../src/accounts/accounts.service';
import { Database } from '../src/database/database';
import {
  ballots as ballotTable,
  members,
  voters as voterTable,
} from '../src/database/schema';
import { and, eq, inArray } from 'drizzle-orm';
import {
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { RECEIPT_MAILS_PER_MINUTE } from '../src/verifiability/receipts.service';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const HOUR = 3_600_000;

/**
 * Issue 17, receipts and the published count, over real HTTP and sockets on PostgreSQL and
 * Redis: a receipt on every accepted ballot, the same one on a retry; what a receipt says as
 * ballots replace each other; the same 404 for a stranger's receipt as for none; the published
 * count, gated by sign-off, recounted to the verdict for 500 ballots with shares and proxies,
 * and never naming a member.
 */
describe('Receipts and the published count', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let smtp: SmtpSink;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let outsider: TenantFixture;
  let scrutineerToken: string;
  let voters: VoterFixture[];
  let strangers: VoterFixture[];
  const sockets: LiveClient[] = [];

  const base = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const portal = (shortCode = tenant.meeting.shortCode) =>
    `/portal/v1/Meetings/${shortCode}`;
  const asChair = () => ({ token: tenant.token });
  const createMatter = async (body: object) => {
    const result = await api.post(`${base()}/matters`, body, asChair());
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
  const cast = async (
    voter: VoterFixture,
    matterKey: string,
    choices: string[],
    headers: Record<string, string> = {},
  ) => {
    const result = await api.post(
      `${portal()}/matters/${matterKey}/ballots`,
      { choices },
      { token: voter.token, headers },
    );
    expect(result.status, result.text).toBe(201);
    return BallotReceipt.parse(result.body);
  };
  const receipt = async (voter: VoterFixture, code: string) => {
    const result = await api.get(`${portal()}/receipts/${code}`, {
      token: voter.token,
    });
    expect(result.status, result.text).toBe(200);
    return ReceiptStatus.parse(result.body);
  };
  const giveProxy = async (
    voter: VoterFixture,
    directions: { matterKey: string; choices: string[] | null }[],
  ) => {
    const result = await api.post(
      `${portal()}/proxy`,
      {
        holder: { isDefault: true, name: 'Board Secretary' },
        directions,
        signedName: `Owner ${voter.unit}`,
        agree: true,
      },
      { token: voter.token },
    );
    expect(result.status, result.text).toBe(201);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    smtp = await startSmtpSink();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://vote.example.test' },
    });
    api = http(gateway.baseUrl);
    const now = gateway.clock.nowMs();
    // the meeting has begun (attending revokes a proxy); proxies and early ballots still open
    tenant = await createTenant(gateway, {
      meetingDate: new Date(now - HOUR),
      expiryDate: new Date(now + 24 * HOUR),
      defaultProxyHolders: ['Board Secretary'],
      autoVerifyElectronicProxies: true,
      requireSignOff: true,
    });
    outsider = await createTenant(gateway);
    const scrutineer = await createUser(gateway, { name: 'Sam Scrutineer' });
    const accounts = gateway.app.get(AccountsService);
    await accounts.adminSetMembership(
      tenant.account.key,
      scrutineer.email,
      true,
    );
    await accounts.adminSetRoles(tenant.account.key, scrutineer.email, [
      'scrutineer',
    ]);
    scrutineerToken = await signIn(gateway, scrutineer);
    voters = await createVoters(gateway, tenant, 8);
    strangers = await createVoters(gateway, outsider, 1);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await smtp?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('receipts', () => {
    let matter: Matter;
    let early: BallotReceipt;
    let live: BallotReceipt;

    beforeAll(async () => {
      matter = await createMatter({
        name: 'Approve the budget',
        options: ['For', 'Against', 'Abstain'],
        openVerification: true,
      });
    });

    it('gives an early ballot a receipt of 16 characters that the voter can look up', async () => {
      early = await cast(voters[0], matter.key, ['Against']);
      expect(early.receipt).toMatch(RECEIPT_PATTERN);
      const status = await receipt(voters[0], early.receipt);
      expect(status).toMatchObject({
        receipt: early.receipt,
        matterKey: matter.key,
        kind: 'early',
        choices: ['Against'],
        state: 'counts',
        current: null,
        published: false,
      });
      expect(status.explanation).toMatch(/your early ballot counts now/i);
      // as people type it: lower case, in groups, O for 0
      const typed = formatReceipt(early.receipt)
        .toLowerCase()
        .replace(/0/g, 'o');
      expect((await receipt(voters[0], typed)).receipt).toBe(early.receipt);
    });

    it('answers a retry with the same Idempotency-Key with the same receipt', async () => {
      await action(matter.key, { action: 'start', duration: 600 });
      const key = randomUUID();
      live = await cast(voters[0], matter.key, ['For'], {
        'idempotency-key': key,
      });
      const again = await cast(voters[0], matter.key, ['For'], {
        'idempotency-key': key,
      });
      expect(again).toEqual(live);
      expect(live.receipt).not.toBe(early.receipt);
      // the socket's ack carries one too, and the member's own ballot shows it
      const socket = await connectLive(gateway.baseUrl, voters[1].token);
      sockets.push(socket);
      const ack = await request(socket, 'ballot.cast', {
        matterKey: matter.key,
        choices: ['For'],
        idempotencyKey: randomUUID(),
      });
      expect(BallotReceipt.parse(ack).receipt).toMatch(RECEIPT_PATTERN);
      const own = await api.get(`${portal()}/matters/${matter.key}/ballot`, {
        token: voters[0].token,
      });
      expect(OwnBallot.parse(own.body).receipt).toBe(live.receipt);
    });

    it('answers a retry with the same Idempotency-Key but other choices as the first: same receipt, nothing changed', async () => {
      const chair = await connectLive(gateway.baseUrl, tenant.token);
      sockets.push(chair);
      const tallyOf = (snapshot: unknown) =>
        (snapshot as LiveSnapshot).tallies!.find(
          (t) => t.matterKey === matter.key,
        )!;
      const before = tallyOf(
        await request(chair, 'subscribe', {
          shortCode: tenant.meeting.shortCode,
        }),
      );
      const key = randomUUID();
      const counted = nextEvent(
        chair,
        'matter.tally',
        (t) => t.matterKey === matter.key && t.votesCast > before.votesCast,
      );
      const first = await cast(voters[4], matter.key, ['Against'], {
        'idempotency-key': key,
      });
      const after = await counted;

      const retry = await cast(voters[4], matter.key, ['For'], {
        'idempotency-key': key,
      });

      expect(retry).toEqual(first);
      const stored = await gateway.app
        .get(Database)
        .db.select({ choices: ballotTable.choices })
        .from(ballotTable)
        .where(
          and(
            eq(ballotTable.matterId, matter.key),
            eq(ballotTable.memberId, voters[4].memberId),
          ),
        );
      expect(stored).toEqual([{ choices: ['Against'] }]);
      const now = tallyOf(
        await request(chair, 'subscribe', {
          shortCode: tenant.meeting.shortCode,
        }),
      );
      expect({ ...now, seq: 0, forecast: null }).toEqual({
        ...after,
        seq: 0,
        forecast: null,
      });
    });

    it('says the early ballot was replaced by the live vote, and the live vote counts', async () => {
      const replaced = await receipt(voters[0], early.receipt);
      expect(replaced).toMatchObject({
        state: 'replaced',
        current: { kind: 'live', receipt: live.receipt },
      });
      expect(replaced.explanation).toMatch(
        /^Replaced by your live vote at .+: a member’s live vote takes precedence over its early ballot/,
      );
      expect(replaced.reasons).toEqual([
        { code: 'replaced_precedence', at: expect.any(String) },
      ]);
      const french = await api.get(`${portal()}/receipts/${early.receipt}`, {
        token: voters[0].token,
        headers: { 'accept-language': 'fr-CA' },
      });
      expect(french.body.reasons).toEqual(replaced.reasons);
      expect(french.body.explanation).toMatch(
        /^Remplacé par votre vote en direct \(.+ H[NA]E\) : le vote en direct d’un membre a préséance sur son vote par anticipation\. C’est cet autre vote qui compte\.$/,
      );
      expect(await receipt(voters[0], live.receipt)).toMatchObject({
        kind: 'live',
        state: 'counts',
      });
      const list = ReceiptList.parse(
        (await api.get(`${portal()}/receipts`, { token: voters[0].token }))
          .body,
      );
      expect(list.map((item) => item.receipt).sort()).toEqual(
        [early.receipt, live.receipt].sort(),
      );
    });

    it('follows a proxy: the holder’s directed vote, revoked by attending, replaced by the member’s own', async () => {
      const other = await createMatter({
        name: 'Elect the auditor',
        options: ['Ana', 'Ben'],
      });
      await action(matter.key, { action: 'stop' });
      await giveProxy(voters[2], [{ matterKey: other.key, choices: ['Ben'] }]);
      await action(other.key, { action: 'start', duration: 600 });
      const held = await vi.waitFor(async () => {
        const list = ReceiptList.parse(
          (await api.get(`${portal()}/receipts`, { token: voters[2].token }))
            .body,
        );
        expect(list).toHaveLength(1);
        return list[0];
      });
      expect(held).toMatchObject({
        kind: 'holder',
        choices: ['Ben'],
        state: 'counts',
        proxy: { status: 'verified', revokedAt: null },
      });
      expect(held.receipt).toMatch(RECEIPT_PATTERN);
      expect(held.explanation).toMatch(/your proxy holder’s vote counts now/i);

      // the member joins the meeting: its proxy is revoked, the holder's vote stands for now
      const socket = await connectLive(gateway.baseUrl, voters[2].token);
      sockets.push(socket);
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      const revoked = await vi.waitFor(async () => {
        const status = await receipt(voters[2], held.receipt);
        expect(status.proxy?.status).toBe('revoked');
        return status;
      });
      expect(revoked.state).toBe('counts');
      expect(revoked.explanation).toMatch(
        /Your proxy was revoked: you attended at .+, so your own votes count from then on\./,
      );

      const own = await cast(voters[2], other.key, ['Ana']);
      const after = await receipt(voters[2], held.receipt);
      expect(after).toMatchObject({
        state: 'replaced',
        current: { kind: 'live', receipt: own.receipt },
      });
      expect(after.explanation).toMatch(
        /^Replaced by your live vote at .+: a member’s live vote takes precedence over its proxy holder’s vote/,
      );
      await action(other.key, { action: 'stop' });
    });

    it('answers the same 404 for another member’s receipt, an unknown one and a malformed one', async () => {
      const answers = await Promise.all(
        [
          live.receipt,
          'ZZZZZZZZZZZZZZZZ',
          'not-a-receipt!',
          'A'.repeat(300),
        ].map((code) =>
          api.get(`${portal()}/receipts/${encodeURIComponent(code)}`, {
            token: voters[3].token,
          }),
        ),
      );
      for (const answer of answers) expectProblem(answer, 404);
      const bodies = answers.map(({ body }) => ({
        code: body.code,
        detail: body.detail,
      }));
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
      // nor by e-mail
      expectProblem(
        await api.post(
          `${portal()}/receipts/${live.receipt}/email`,
          undefined,
          {
            token: voters[3].token,
          },
        ),
        404,
      );
      // a voter of another meeting, under this meeting's code or its own
      expectProblem(
        await api.get(`${portal()}/receipts/${live.receipt}`, {
          token: strangers[0].token,
        }),
        404,
      );
      expectProblem(
        await api.get(
          `${portal(outsider.meeting.shortCode)}/receipts/${live.receipt}`,
          { token: strangers[0].token },
        ),
        404,
      );
      expectProblem(await api.get(`${portal()}/receipts/${live.receipt}`), 401);
    });

    it('e-mails the receipt to the voter who asks', async () => {
      const sent = await api.post(
        `${portal()}/receipts/${live.receipt.toLowerCase()}/email`,
        undefined,
        { token: voters[0].token },
      );
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body).toEqual({
        sentAt: expect.any(String),
        to: voters[0].email,
      });
      const mail = smtp.messages.find((message) =>
        message.parsed.text?.includes(formatReceipt(live.receipt)),
      );
      expect(mail?.envelope.to).toEqual([voters[0].email]);
      expect(mail?.parsed.subject).toBe('Your receipt: Approve the budget');
      expect(mail?.parsed.text).toContain(
        'https://vote.example.test/vote/' + tenant.meeting.shortCode,
      );
      expect(mail?.parsed.text).toContain(`Hello Owner ${voters[0].unit},`);

      // in the voter's own language, as every mail to a voter
      const french = await api.patch(
        `${portal()}/voter`,
        { language: 'fr' },
        { token: voters[0].token },
      );
      expect(french.status, french.text).toBe(200);
      try {
        const before = smtp.messages.length;
        expect(
          (
            await api.post(
              `${portal()}/receipts/${live.receipt}/email`,
              undefined,
              { token: voters[0].token },
            )
          ).status,
        ).toBe(200);
        const fr = smtp.messages[before];
        expect(fr?.parsed.subject).toBe('Votre reçu : Approve the budget');
        expect(fr?.parsed.text).toContain(`Bonjour Owner ${voters[0].unit},`);
        expect(fr?.parsed.text).toContain(formatReceipt(live.receipt));
        expect(fr?.parsed.text).toContain(
          'Vos reçus : https://vote.example.test/vote/',
        );
        expect(fr?.parsed.text).not.toContain('Your receipt');
      } finally {
        await api.patch(
          `${portal()}/voter`,
          { language: null },
          { token: voters[0].token },
        );
      }
    });

    it('e-mails a voter at most three receipts a minute, then answers 429 with Retry-After', async () => {
      // a voter whose budget no other test touches: the one who voted on a socket above
      const [own] = ReceiptStatus.array().parse(
        (await api.get(`${portal()}/receipts`, { token: voters[1].token }))
          .body,
      );
      const ask = () =>
        api.post(`${portal()}/receipts/${own.receipt}/email`, undefined, {
          token: voters[1].token,
        });
      for (let i = 0; i < RECEIPT_MAILS_PER_MINUTE; i++)
        expect((await ask()).status).toBe(200);
      const refused = await ask();
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('publishes the count to scrutineers at once and to voters after sign-off', async () => {
      const staff = await api.get(
        `${base()}/matters/${matter.key}/published`,
        asChair(),
      );
      expect(staff.status, staff.text).toBe(200);
      const count = PublishedCount.parse(staff.body);
      expect(count.publishedAt).toBeNull();
      expect(count.receipts.map((r) => r.receipt)).toContain(live.receipt);
      expect(count.receipts.map((r) => r.receipt)).not.toContain(early.receipt);
      expect(count.receipts).toContainEqual({
        receipt: live.receipt,
        weight: voters[0].shares,
        choices: ['For'],
      });
      expect(count.chainHead).toEqual({
        position: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expectProblem(
        await api.get(`${portal()}/matters/${matter.key}/published`, {
          token: voters[0].token,
        }),
        409,
        'count_not_published',
      );
      const signed = await api.post(
        `${base()}/matters/${matter.key}/sign-off`,
        undefined,
        { token: scrutineerToken },
      );
      expect(signed.status, signed.text).toBe(204);
      const published = await api.get(
        `${portal()}/matters/${matter.key}/published`,
        { token: voters[5].token },
      );
      expect(published.status, published.text).toBe(200);
      expect(PublishedCount.parse(published.body)).toMatchObject({
        receipts: count.receipts,
        chainHead: count.chainHead,
        publishedAt: expect.any(String),
      });
      expect((await receipt(voters[0], live.receipt)).published).toBe(true);
    });

    it('refuses the count of a matter still open, another meeting’s, and strangers', async () => {
      const pending = await createMatter({
        name: 'Not voted yet',
        options: ['For', 'Against'],
      });
      expectProblem(
        await api.get(`${base()}/matters/${pending.key}/published`, asChair()),
        409,
        'count_not_ready',
      );
      expectProblem(
        await api.get(`${base()}/matters/${matter.key}/published`, {
          token: outsider.token,
        }),
        404,
      );
      expectProblem(
        await api.get(`${base()}/matters/not-a-key/published`, asChair()),
        404,
      );
      expectProblem(
        await api.get(`${portal()}/matters/${matter.key}/published`, {
          token: strangers[0].token,
        }),
        404,
      );
    });
  });

  describe('a recount of 500 ballots with shares and proxies', () => {
    let crowd: VoterFixture[];
    let matter: Matter;

    beforeAll(async () => {
      // shares from 0.25 to 25, unequal on purpose
      crowd = await createVoters(gateway, tenant, 500, (i) => ({
        unit: `R${String(i + 1).padStart(4, '0')}`,
        controlNumber: `R-${i}`,
        shares: ((i * 37) % 100) / 4 + 0.25,
      }));
      matter = await createMatter({
        name: 'Special resolution: replace the roof',
        options: ['For', 'Against', 'Abstain'],
        exclusions: ['Abstain'],
        threshold: { numerator: 2, denominator: 3, strict: false },
        thresholdBasis: 'both',
        openVerification: true,
        secretBallot: true,
      });
    }, 60_000);

    it('lists every counted ballot once, and the list recounts to the verdict', async () => {
      const choiceOf = (i: number) =>
        i % 7 === 0 ? 'Against' : i % 11 === 0 ? 'Abstain' : 'For';
      // 60 members give a directed proxy; 10 of them vote live as well (their own vote wins)
      for (let i = 0; i < 60; i++)
        await giveProxy(crowd[i], [
          { matterKey: matter.key, choices: [i % 2 ? 'Against' : 'For'] },
        ]);
      await action(matter.key, { action: 'start', duration: 900 });
      // the directed votes are written as the matter opens
      await vi.waitFor(async () => {
        const list = ReceiptList.parse(
          (await api.get(`${portal()}/receipts`, { token: crowd[59].token }))
            .body,
        );
        expect(list).toHaveLength(1);
      });
      const liveVoters = crowd.slice(50);
      for (let at = 0; at < liveVoters.length; at += 50)
        await Promise.all(
          liveVoters
            .slice(at, at + 50)
            .map((voter, k) =>
              cast(voter, matter.key, [choiceOf(at + k + 50)]),
            ),
        );
      await action(matter.key, { action: 'stop' });

      const result = await api.get(
        `${base()}/matters/${matter.key}/published`,
        asChair(),
      );
      expect(result.status, result.text).toBe(200);
      const count = PublishedCount.parse(result.body);
      expect(count.receipts).toHaveLength(500);
      expect(new Set(count.receipts.map((r) => r.receipt)).size).toBe(500);
      expect(count.receipts.map((r) => r.receipt)).toEqual(
        count.receipts.map((r) => r.receipt).sort(),
      );

      // the recount: libs/rules' tally and verdict over the list alone
      const ballots: CountedBallot[] = count.receipts.map((r) => ({
        method: 'live',
        choices: r.choices!,
        weight: r.weight,
      }));
      const recount = tally(count.options, ballots);
      const verdict = matterResult(
        {
          options: count.options,
          choices: matter.choices,
          exclusions: count.exclusions,
          threshold: matter.threshold,
          thresholdBasis: matter.thresholdBasis,
          thresholdBase: matter.thresholdBase,
        },
        recount,
        {
          eligible: count.totals.eligible,
          present: count.totals.present,
        },
      );
      const matterNow = Matter.parse(
        (await api.get(`${base()}/matters/${matter.key}`, asChair())).body,
      );
      expect(matterNow.result).not.toBeNull();
      expect(verdict).toEqual({
        verdict: matterNow.result!.verdict,
        elected: matterNow.result!.elected,
        tied: matterNow.result!.tied,
        forYes: matterNow.result!.forYes,
        base: matterNow.result!.base,
      });
      expect(count.verdict).toBe(matterNow.result!.verdict);
      const totals = recount.rows.map((row) => ({
        vote: row.vote,
        units: row.numLiveVotes,
        shares: row.numLiveShares,
      }));
      expect(totals).toEqual(count.totals.options);
      expect(recount.votesCast).toBe(count.totals.units);
      expect(
        Number(
          sharesFromMicro(
            count.receipts.reduce((sum, r) => sum + toMicro(r.weight), 0),
          ),
        ),
      ).toBe(count.totals.shares);

      // who voted how is in the ballots table; the list must agree with it, ballot by ballot
      const expected = new Map<string, number>();
      crowd.forEach((voter, i) => {
        const choice = i >= 50 ? choiceOf(i) : i % 2 ? 'Against' : 'For';
        expected.set(choice, (expected.get(choice) ?? 0) + 1);
      });
      for (const row of count.totals.options)
        expect(row.units).toBe(expected.get(row.vote) ?? 0);
    }, 120_000);

    it('never names a member: no key, unit, name or e-mail in any field', async () => {
      const db = gateway.app.get(Database).db;
      const memberRows = await db
        .select()
        .from(members)
        .where(inArray(members.meetingId, [tenant.meeting.id]));
      const voterRows = await db
        .select()
        .from(voterTable)
        .where(inArray(voterTable.meetingId, [tenant.meeting.id]));
      const identities = new Set<string>(
        [
          ...memberRows.flatMap((m) => [m.id, m.unit, m.controlNumber]),
          ...voterRows.flatMap((v) => [v.id, v.name, v.email]),
        ].map((value) => value.toLowerCase()),
      );
      for (const path of [
        `${base()}/matters/${matter.key}/published`,
        `${portal()}/matters/${matter.key}/published`,
      ]) {
        const signed = await api.post(
          `${base()}/matters/${matter.key}/sign-off`,
          undefined,
          { token: scrutineerToken },
        );
        expect([204, 409]).toContain(signed.status);
        const answer = await api.get(path, {
          token: path.startsWith('/portal') ? crowd[0].token : tenant.token,
        });
        expect(answer.status, answer.text).toBe(200);
        const leaves: string[] = [];
        const walk = (value: unknown): void => {
          if (Array.isArray(value)) value.forEach(walk);
          else if (value && typeof value === 'object')
            for (const [key, child] of Object.entries(value)) {
              leaves.push(key);
              walk(child);
            }
          else leaves.push(String(value));
        };
        walk(answer.body);
        expect(leaves.length).toBeGreaterThan(1500);
        const found = leaves.filter((leaf) =>
          [...identities].some(
            (identity) =>
              leaf.toLowerCase() === identity ||
              (identity.length > 6 && leaf.toLowerCase().includes(identity)),
          ),
        );
        expect(found).toEqual([]);
      }
    });
  });
});
