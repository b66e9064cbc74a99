import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  Matter,
  MatterResult,
  MatterResultEvent,
  MatterStateEvent,
  MeetingReport,
  PublishedCount,
} from '@livevote/contracts';
import { countElection } from '@livevote/rules';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';

import {
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { AccountsService } from '../src/accounts/accounts.service';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  request,
  type LiveClient,
  recorder,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const run = promisify(execFile);

/** The text of a PDF, as pdftotext gives it. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'lv-election-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, Buffer.from(bytes));
    const { stdout } = await run('/usr/bin/pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// the members' shares, by voter index
const SHARES = [1, 2.5, 4, 1, 1, 3, 2.5, 0.5, 1, 1];

/**
 * Issue 33 over real HTTP and socket.io on PostgreSQL and Redis: an election is counted at its
 * close by its method (plurality seats, cumulative votes, instant runoff, single transferable
 * vote), its verdict says its rule and never a threshold, a tie for the last seat waits for
 * the chair's tie break, and the report and the published count show it all; a start's
 * `matter.state` carries its forecast.
 */
describe('Election results: counted by method, tie breaks, words and the report', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let chair: TenantFixture;
  let outsider: TenantFixture;
  let voters: VoterFixture[];
  let chairSocket: LiveClient;
  const sockets: LiveClient[] = [];
  const matters: Record<string, Matter> = {};

  const base = () => `/v1/Meetings/${chair.meeting.shortCode}`;
  const createMatter = async (body: object) => {
    const result = await api.post(`${base()}/matters`, body, {
      token: chair.token,
    });
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const action = async (matterKey: string, body: object) => {
    const result = await api.post(
      `${base()}/matters/${matterKey}/action`,
      body,
      { token: chair.token },
    );
    expect(result.status, result.text).toBe(204);
  };
  const resultOf = async (matterKey: string) => {
    const got = await api.get(`${base()}/matters/${matterKey}`, {
      token: chair.token,
    });
    expect(got.status, got.text).toBe(200);
    return MatterResult.parse(Matter.parse(got.body).result);
  };
  const castPortal = async (
    voter: VoterFixture,
    matterKey: string,
    choices: string[],
  ) => {
    const result = await api.post(
      `/portal/v1/Meetings/${chair.meeting.shortCode}/matters/${matterKey}/ballots`,
      { choices },
      { token: voter.token },
    );
    expect(result.status, result.text).toBe(201);
  };
  /** A cumulative ballot (votes on options) or a ranked one, through the portal's intake. */
  const castBody = async (
    voter: VoterFixture,
    matterKey: string,
    body: object,
  ) => {
    const result = await api.post(
      `/portal/v1/Meetings/${chair.meeting.shortCode}/matters/${matterKey}/ballots`,
      body,
      { token: voter.token },
    );
    expect(result.status, result.text).toBe(201);
  };
  const allocate = (
    voter: VoterFixture,
    matterKey: string,
    options: string[],
    votes: number[],
  ) =>
    castBody(voter, matterKey, {
      allocations: options.map((option, i) => ({ option, votes: votes[i] })),
    });
  const rank = (voter: VoterFixture, matterKey: string, ranking: string[]) =>
    castBody(voter, matterKey, { ranking });
  /** Starts a matter, stores or casts its ballots, stops it: the result is stored by then. */
  const runElection = async (
    matter: Matter,
    cast: () => Promise<void>,
  ): Promise<MatterResult> => {
    await action(matter.key, { action: 'start' });
    await cast();
    await action(matter.key, { action: 'stop' });
    return resultOf(matter.key);
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
    voters = await createVoters(gateway, chair, SHARES.length, (i) => ({
      shares: SHARES[i],
    }));
    chairSocket = await connectLive(gateway.baseUrl, chair.token);
    sockets.push(chairSocket);
    await request(chairSocket, 'subscribe', {
      shortCode: chair.meeting.shortCode,
    });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('the forecast in the first matter.state of a start', () => {
    it('carries the forecast of a motion at once, not null then open a moment later', async () => {
      const motion = await createMatter({
        name: 'Approve the minutes',
        options: ['For', 'Against'],
        secretBallot: false,
      });
      const states = recorder(chairSocket, 'matter.state');
      const tallies = recorder(chairSocket, 'matter.tally');
      await action(motion.key, { action: 'start' });
      // the start's tally event comes after its state: by then both are in
      await tallies.until((e) => e.matterKey === motion.key);
      const mine = states.seen.filter((e) => e.matterKey === motion.key);
      expect(mine.length).toBeGreaterThan(0);
      const first = MatterStateEvent.parse(mine[0]);
      expect(first.liveStatus).toBe('live');
      expect(first.forecast).toBe('open');
      await action(motion.key, { action: 'stop' });
    });

    it('gives an election no forecast (null), in its state and its tally', async () => {
      const election = await createMatter({
        name: 'Elect the auditor by ranked ballot',
        options: ['Ada', 'Ben'],
        votingMethod: 'ranked',
        choices: 1,
        secretBallot: false,
      });
      const states = recorder(chairSocket, 'matter.state');
      const tallies = recorder(chairSocket, 'matter.tally');
      await action(election.key, { action: 'start' });
      const tally = await tallies.until((e) => e.matterKey === election.key);
      expect(tally.forecast).toBeNull();
      const first = states.seen.find((e) => e.matterKey === election.key)!;
      expect(first.forecast).toBeNull();
      await action(election.key, { action: 'stop' });
    });
  });

  describe('counted by method at the close', () => {
    it('elects two directors by plurality, with percentages of the ballots cast, never a majority threshold', async () => {
      matters.directors = await createMatter({
        name: 'Elect two directors',
        options: ['Hugo Rossi', 'Grace Lee', 'Ivy Chen'],
        choices: 2,
        secretBallot: false,
      });
      const result = await runElection(matters.directors, async () => {
        await castPortal(voters[0], matters.directors.key, [
          'Hugo Rossi',
          'Grace Lee',
        ]);
        await castPortal(voters[1], matters.directors.key, [
          'Grace Lee',
          'Ivy Chen',
        ]);
        await castPortal(voters[2], matters.directors.key, ['Hugo Rossi']);
      });
      // Hugo 1 + 4 = 5 shares, Grace 1 + 2.5 = 3.5, Ivy 2.5, of 7.5 shares cast
      expect(result).toMatchObject({
        verdict: 'elected',
        elected: ['Hugo Rossi', 'Grace Lee'],
        tied: [],
        votingMethod: 'plurality',
        tiedForLastSeat: [],
        rounds: [],
        tieBreak: null,
        forYes: { units: 2, shares: 5 },
        base: { units: 3, shares: 7.5 },
      });
      expect(result.totals).toEqual([
        { vote: 'Hugo Rossi', units: 2, shares: 5 },
        { vote: 'Grace Lee', units: 2, shares: 3.5 },
        { vote: 'Ivy Chen', units: 1, shares: 2.5 },
      ]);
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${matters.directors.key}`, {
            token: chair.token,
          })
        ).body,
      );
      const [item] = report.matters;
      expect(item.statement).toBe(
        'Elected by plurality: Hugo Rossi (66.7%), Grace Lee (46.7%), of the ballots cast by shares.',
      );
      expect(item.rule).toBe(
        'plurality: the 2 options with the most votes are elected, by shares',
      );
      for (const text of [item.statement!, item.rule]) {
        expect(text).not.toMatch(/half|threshold|majority/i);
      }
    });

    it('elects by cumulative votes: votes times shares, percentages of the votes placed', async () => {
      matters.cumulative = await createMatter({
        name: 'Elect two directors by cumulative votes',
        options: ['Xavier', 'Yolanda', 'Zoe'],
        choices: 2,
        votingMethod: 'cumulative',
        secretBallot: false,
        openVerification: true,
      });
      const key = matters.cumulative.key;
      const result = await runElection(matters.cumulative, async () => {
        await allocate(voters[2], key, ['Xavier'], [2]); // 4 shares
        await allocate(voters[5], key, ['Yolanda', 'Zoe'], [1, 1]); // 3 shares
        await allocate(voters[1], key, ['Zoe'], [2]); // 2.5 shares
      });
      // Xavier 2 x 4 = 8; Yolanda 3; Zoe 3 + 5 = 8; of 19 shares of votes placed
      expect(result).toMatchObject({
        verdict: 'elected',
        elected: ['Xavier', 'Zoe'],
        votingMethod: 'cumulative',
        base: { units: 6, shares: 19 },
        rounds: [],
      });
      expect(result.totals).toEqual([
        { vote: 'Xavier', units: 2, shares: 8 },
        { vote: 'Yolanda', units: 1, shares: 3 },
        { vote: 'Zoe', units: 3, shares: 8 },
      ]);
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${key}`, {
            token: chair.token,
          })
        ).body,
      );
      expect(report.matters[0].statement).toBe(
        'Elected by cumulative votes: Xavier (42.1%), Zoe (42.1%), of the votes placed by shares.',
      );
      // the published count lists each ballot's allocations, to recount it by its method
      const published = await api.get(`${base()}/matters/${key}/published`, {
        token: chair.token,
      });
      expect(published.status, published.text).toBe(200);
      const count = PublishedCount.parse(published.body);
      expect(count.verdict).toBe('elected');
      expect(
        count.receipts
          .map((r) => r.allocations)
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ).toEqual(
        [
          [{ option: 'Xavier', votes: 2 }],
          [
            { option: 'Yolanda', votes: 1 },
            { option: 'Zoe', votes: 1 },
          ],
          [{ option: 'Zoe', votes: 2 }],
        ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
      expect(count.totals.options).toEqual(result.totals);
    });

    it('elects one by instant runoff, keeping every round', async () => {
      matters.irv = await createMatter({
        name: 'Elect the president',
        options: ['Alma', 'Bruno', 'Chloe'],
        choices: 1,
        votingMethod: 'ranked',
        secretBallot: false,
        openVerification: true,
      });
      const key = matters.irv.key;
      // first preferences: Alma 4 + 0.5 = 4.5, Bruno 3, Chloe 2.5 of 10: no majority;
      // Chloe is excluded and her ballot goes to Bruno: 5.5 of 10
      const result = await runElection(matters.irv, async () => {
        await rank(voters[2], key, ['Alma', 'Bruno']); // 4
        await rank(voters[5], key, ['Bruno', 'Chloe']); // 3
        await rank(voters[6], key, ['Chloe', 'Bruno']); // 2.5
        await rank(voters[7], key, ['Alma']); // 0.5
      });
      expect(result).toMatchObject({
        verdict: 'elected',
        elected: ['Bruno'],
        votingMethod: 'ranked',
        tiedForLastSeat: [],
        base: { units: 4, shares: 10 },
      });
      expect(result.rounds).toHaveLength(2);
      expect(result.rounds[0]).toEqual({
        counts: {
          Alma: { units: 2, shares: 4.5 },
          Bruno: { units: 1, shares: 3 },
          Chloe: { units: 1, shares: 2.5 },
        },
        elected: [],
        excluded: ['Chloe'],
        exhausted: { units: 0, shares: 0 },
      });
      expect(result.rounds[1]).toMatchObject({
        counts: {
          Alma: { units: 2, shares: 4.5 },
          Bruno: { units: 2, shares: 5.5 },
        },
        elected: ['Bruno'],
      });
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${key}`, {
            token: chair.token,
          })
        ).body,
      );
      expect(report.matters[0].statement).toBe(
        'Elected by ranked count (2 rounds): Bruno (55%), of the valid ballots by shares.',
      );
      const published = PublishedCount.parse(
        (
          await api.get(`${base()}/matters/${key}/published`, {
            token: chair.token,
          })
        ).body,
      );
      expect(published.receipts.map((r) => r.ranking).sort()).toEqual(
        [
          ['Alma', 'Bruno'],
          ['Bruno', 'Chloe'],
          ['Chloe', 'Bruno'],
          ['Alma'],
        ].sort(),
      );
    });

    it('elects three by single transferable vote, with fractional transfers in its rounds, in the PDF and the CSV', async () => {
      const options = ['Dana', 'Eli', 'Faye', 'Gus', 'Hana'];
      matters.stv = await createMatter({
        name: 'Elect three trustees',
        options,
        choices: 3,
        votingMethod: 'ranked',
        secretBallot: false,
      });
      const key = matters.stv.key;
      const marks: [number, string[]][] = [
        [2, ['Dana', 'Eli', 'Faye']], // 4
        [5, ['Dana', 'Gus']], // 3
        [1, ['Eli', 'Dana']], // 2.5
        [6, ['Faye', 'Hana']], // 2.5
        [0, ['Gus', 'Faye']], // 1
        [3, ['Hana', 'Gus']], // 1
        [4, ['Gus', 'Hana']], // 1
        [7, ['Hana', 'Eli']], // 0.5
        [8, ['Faye', 'Eli']], // 1
        [9, ['Eli', 'Faye']], // 1
      ];
      const result = await runElection(matters.stv, async () => {
        for (const [i, ranking] of marks) await rank(voters[i], key, ranking);
      });
      // the count of libs/rules (table-tested there) on the same ballots
      const expected = countElection(
        {
          options,
          exclusions: [],
          choices: 3,
          votingMethod: 'ranked',
          thresholdBasis: 'shares',
        },
        marks.map(([i, choices]) => ({ choices, weight: SHARES[i] })),
      );
      expect(result.verdict).toBe(expected.verdict);
      expect(result.elected).toEqual(expected.elected);
      expect(result.elected).toHaveLength(3);
      expect(result.rounds).toEqual(expected.rounds);
      expect(result.rounds.length).toBeGreaterThan(1);
      // Dana's surplus over the quota (floor(17.5 / 4) + 1 = 5) goes on at a fraction
      expect(result.rounds[0].elected).toEqual(['Dana']);
      expect(
        Object.values(result.rounds[1].counts).some(
          (f) => !Number.isInteger(f.shares * 2),
        ),
      ).toBe(true);

      const pdf = await fetch(
        `${gateway.baseUrl}${base()}/report.pdf?matter=${key}`,
        { headers: { authorization: `Bearer ${chair.token}` } },
      );
      expect(pdf.status).toBe(200);
      const text = await pdfText(await pdf.arrayBuffer());
      const flat = text.replace(/\s+/g, '');
      const says = (words: string) =>
        expect(flat).toContain(words.replace(/\s+/g, ''));
      says(`Elected by ranked count (${result.rounds.length} rounds)`);
      says(
        'ranked count by single transferable vote for 3 seats: Droop quota, surpluses transferred at fractional value, by shares',
      );
      says('Rounds of the count');
      result.rounds.forEach((_, i) => expect(text).toContain(`Round ${i + 1}`));
      expect(text).toMatch(/Dana\s+2\s+7/);
      expect(text).toMatch(/Exhausted\s+0\s+0/);
      expect(flat).toContain(`Elected${result.elected.join(',')}`);
      expect(text).not.toMatch(/threshold|one half/i);

      const csv = await fetch(
        `${gateway.baseUrl}${base()}/report.csv?matter=${key}`,
        { headers: { authorization: `Bearer ${chair.token}` } },
      );
      const rows = parse(await csv.text(), { columns: true }) as Record<
        string,
        string
      >[];
      const round1 = rows.filter(
        (r) => r.section === 'round' && r.method === 'round 1',
      );
      expect(round1.find((r) => r.label === 'Dana')?.shares).toBe(
        String(result.rounds[0].counts.Dana.shares),
      );
      expect(round1.find((r) => r.label === 'elected')?.text).toBe('Dana');
      expect(
        rows.find((r) => r.section === 'result' && r.label === 'votingMethod')
          ?.text,
      ).toBe('ranked');
    });
  });

  describe('at the size of a large AGM', () => {
    it('counts 10,000 ranked ballots for 5 of 12 seats at the close without holding it up', async () => {
      const options = Array.from(
        { length: 12 },
        (_, i) => `Candidate ${i + 1}`,
      );
      const big = await createMatter({
        name: 'Elect five directors by ranked ballot',
        options,
        choices: 5,
        votingMethod: 'ranked',
        secretBallot: false,
      });
      await action(big.key, { action: 'start' });
      const db = gateway.app.get(Database);
      // 10,000 members and their rankings of one to three candidates, written directly (the
      // intake's speed is not what this measures), first preferences spread over nine
      await db.db.execute(sql`
        with m as (
          insert into members (meeting_id, unit, control_number, shares)
          select ${chair.meeting.id}, 'E' || g, 'CNE-' || g, (g % 7) + 0.5
          from generate_series(1, 10000) g
          returning id, shares, unit
        )
        insert into ballots (matter_id, member_id, method, choices, weight, cast_at)
        select ${big.key}, m.id, 'live',
          jsonb_build_array(
            'Candidate ' || (1 + (n % 9)),
            'Candidate ' || (1 + ((n * 7) % 12)),
            'Candidate ' || (1 + ((n * 5 + 3) % 12))
          ),
          m.shares, now()
        from (select id, shares, substr(unit, 2)::int as n from m) m
      `);
      const started = performance.now();
      await action(big.key, { action: 'stop' });
      const closeMs = performance.now() - started;
      const result = await resultOf(big.key);
      expect(result.votingMethod).toBe('ranked');
      expect(
        result.elected.length + result.tiedForLastSeat.length,
      ).toBeGreaterThanOrEqual(5);
      expect(result.base.units).toBe(10_000);
      expect(result.rounds.length).toBeGreaterThan(1);
      console.info(
        `close of a 10,000-ballot ranked election: ${Math.round(closeMs)} ms`,
      );
      // the stop answers once the result is stored: the count is a small part of it
      expect(closeMs).toBeLessThan(5_000);
    });
  });

  describe('a tie for the last seat, and the chair’s tie break', () => {
    const tieBreak = (body: unknown, token = chair.token) =>
      api.post(`${base()}/matters/${matters.tie.key}/tie-break`, body, {
        token,
      });

    it('leaves the last seat tied, never a silent pick', async () => {
      matters.tie = await createMatter({
        name: 'Elect two wardens',
        options: ['Paul', 'Quinn', 'Rosa'],
        choices: 2,
        secretBallot: false,
      });
      const result = await runElection(matters.tie, async () => {
        // members 3 and 4 hold one share each: Paul 2, Quinn 1, Rosa 1
        await castPortal(voters[3], matters.tie.key, ['Paul', 'Quinn']);
        await castPortal(voters[4], matters.tie.key, ['Paul', 'Rosa']);
      });
      expect(result).toMatchObject({
        verdict: 'tied',
        elected: ['Paul'],
        tied: ['Quinn', 'Rosa'],
        tiedForLastSeat: ['Quinn', 'Rosa'],
        tieBreak: null,
      });
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${matters.tie.key}`, {
            token: chair.token,
          })
        ).body,
      );
      expect(report.matters[0].statement).toBe(
        'Elected by plurality: Paul (100%), of the ballots cast by shares. Tied for the last seat: Quinn, Rosa (50% each).',
      );
    });

    it('refuses a tie break that is not one: not tied, wrong count, an option not tied, bad fields', async () => {
      expectProblem(
        await api.post(
          `${base()}/matters/${matters.directors.key}/tie-break`,
          { elected: ['Ivy Chen'], method: 'lot' },
          { token: chair.token },
        ),
        409,
        'not_tied',
      );
      const wrongCount = expectProblem(
        await tieBreak({ elected: ['Quinn', 'Rosa'], method: 'lot' }),
        400,
        'invalid_tie_break',
      );
      expect(wrongCount.errors).toEqual([
        {
          path: 'elected',
          message: 'name exactly 1 of the tied options: one seat is left',
        },
      ]);
      const notTied = expectProblem(
        await tieBreak({ elected: ['Paul'], method: 'lot' }),
        400,
        'invalid_tie_break',
      );
      expect(notTied.errors).toContainEqual({
        path: 'elected.0',
        message: '"Paul" is not one of the tied options: Quinn, Rosa',
      });
      for (const bad of [
        {},
        { elected: ['Quinn'] },
        { elected: ['Quinn'], method: 'coin' },
        { elected: [], method: 'lot' },
        { elected: ['Quinn'], method: 'lot', extra: 1 },
        { elected: ['Quinn'], method: 'lot', note: 'a\u0007b' },
        { elected: 'Quinn', method: 'lot' },
      ]) {
        const refused = expectProblem(await tieBreak(bad), 400);
        expect(refused.errors?.length).toBeGreaterThan(0);
      }
    });

    it('is the chair’s of that account only: another account 404, a voter refused', async () => {
      expectProblem(
        await api.post(
          `/v1/Meetings/${chair.meeting.shortCode}/matters/${matters.tie.key}/tie-break`,
          { elected: ['Quinn'], method: 'lot' },
          { token: outsider.token },
        ),
        404,
      );
      expectProblem(
        await api.post(
          `/v1/Meetings/${outsider.meeting.shortCode}/matters/${matters.tie.key}/tie-break`,
          { elected: ['Quinn'], method: 'lot' },
          { token: outsider.token },
        ),
        404,
      );
      const voter = await tieBreak(
        { elected: ['Quinn'], method: 'lot' },
        voters[0].token,
      );
      expect([401, 403]).toContain(voter.status);
      const none = await api.post(
        `${base()}/matters/${matters.tie.key}/tie-break`,
        { elected: ['Quinn'], method: 'lot' },
      );
      expect(none.status).toBe(401);
      expect((await resultOf(matters.tie.key)).tieBreak).toBeNull();
    });

    it('records the decision, shows it everywhere, once, and audits it', async () => {
      const results = recorder(chairSocket, 'matter.result');
      const decided = await tieBreak({
        elected: ['Quinn'],
        method: 'lot',
        note: 'Drawn by the secretary',
      });
      expect(decided.status, decided.text).toBe(204);
      const event = MatterResultEvent.parse(
        await results.until(
          (e) => e.matterKey === matters.tie.key && e.result.tieBreak !== null,
        ),
      );
      const result = await resultOf(matters.tie.key);
      expect(event.result).toEqual(result);
      expect(result).toMatchObject({
        verdict: 'elected',
        elected: ['Paul', 'Quinn'],
        tied: [],
        tiedForLastSeat: ['Quinn', 'Rosa'],
        tieBreak: {
          elected: ['Quinn'],
          method: 'lot',
          note: 'Drawn by the secretary',
          decidedBy: chair.user.email,
        },
      });
      expectProblem(
        await tieBreak({ elected: ['Rosa'], method: 'lot' }),
        409,
        'not_tied',
      );
      const report = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${matters.tie.key}`, {
            token: chair.token,
          })
        ).body,
      );
      expect(report.matters[0].statement).toBe(
        'Elected by plurality: Paul (100%), of the ballots cast by shares. Tied for the last seat: Quinn, Rosa (50% each). Quinn elected by lot (Drawn by the secretary).',
      );
      const fr = MeetingReport.parse(
        (
          await api.get(`${base()}/report?matter=${matters.tie.key}&lang=fr`, {
            token: chair.token,
          })
        ).body,
      );
      expect(fr.matters[0].statement).toBe(
        'Élus à la pluralité des voix : Paul (100 %), des bulletins exprimés en quotes-parts. Égalité pour le dernier siège : Quinn, Rosa (50 % chacun). Quinn élu(s) par tirage au sort (Drawn by the secretary).',
      );
      expect(fr.matters[0].rule).toBe(
        'pluralité des voix : les 2 options qui obtiennent le plus de voix sont élues, en quotes-parts',
      );
      const pdf = await fetch(
        `${gateway.baseUrl}${base()}/report.pdf?matter=${matters.tie.key}`,
        { headers: { authorization: `Bearer ${chair.token}` } },
      );
      const flat = (await pdfText(await pdf.arrayBuffer())).replace(/\s+/g, '');
      for (const words of [
        'Tied for the last seat: Quinn, Rosa',
        'Quinn elected by lot',
        `Tie break Quinn elected by lot; decided by ${chair.user.email}`,
      ])
        expect(flat).toContain(words.replace(/\s+/g, ''));
      const audit = await fetch(
        `${gateway.baseUrl}${base()}/audit?kind=result`,
        { headers: { authorization: `Bearer ${chair.token}` } },
      );
      const entries = (await audit.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { kind: string; subject: unknown });
      expect(entries.map((e) => e.kind)).toContain('result.tie_break');
    });

    it('is forgotten by a reopen and a new close', async () => {
      await action(matters.tie.key, { action: 'start' });
      await action(matters.tie.key, { action: 'stop' });
      const result = await resultOf(matters.tie.key);
      expect(result).toMatchObject({
        verdict: 'tied',
        tiedForLastSeat: ['Quinn', 'Rosa'],
        tieBreak: null,
      });
    });

    it('comes before the sign-off: a signed-off tie is 409 already_signed_off', async () => {
      const scrutineer = await createUser(gateway, { name: 'Sam Scrutineer' });
      await gateway.app
        .get(AccountsService)
        .adminSetMembership(chair.account.key, scrutineer.email, true);
      const granted = await api.patch(
        `/v1/Accounts/${chair.account.key}/users/${encodeURIComponent(scrutineer.email)}`,
        { roles: ['scrutineer'] },
        { token: chair.token },
      );
      expect(granted.status, granted.text).toBe(200);
      const signed = await api.post(
        `${base()}/matters/${matters.tie.key}/sign-off`,
        undefined,
        { token: await signIn(gateway, scrutineer) },
      );
      expect(signed.status, signed.text).toBe(204);
      expectProblem(
        await tieBreak({ elected: ['Rosa'], method: 'casting_vote' }),
        409,
        'already_signed_off',
      );
      expect((await resultOf(matters.tie.key)).tieBreak).toBeNull();
    });
  });
});
