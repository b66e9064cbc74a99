import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import { matters } from '../src/database/schema';
import { createTenant, type TenantFixture } from './support/factories';
import {
  METRICS_TOKEN,
  startGatewayProcess,
  TEST_JWT_SECRET,
  type GatewayProcess,
} from './support/gateway-process';
import { expectProblem, http } from './support/http';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const run = promisify(execFile);

/** The meeting of issue 31: 100 matters of 50 open-ballot options of 480 characters. */
async function bigMeeting(gateway: TestGateway, tenant: TenantFixture) {
  await gateway.app
    .get(Database)
    .db.insert(matters)
    .values(
      Array.from({ length: 100 }, (_, m) => ({
        meetingId: tenant.meeting.id,
        name: `Matter ${m + 1}`,
        order: m + 1,
        secretBallot: false,
        options: Array.from({ length: 50 }, (_, o) =>
          `M${m + 1} option ${o + 1} `.padEnd(480, 'x'),
        ),
      })),
    );
}

/** Report renders this node has handed to its worker pool and not seen finish, from /metrics. */
async function rendersInFlight(baseUrl: string): Promise<number | undefined> {
  // a node whose event loop is blocked may drop the kept-alive connection: not a figure
  const text = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
    .then((answer) => answer.text())
    .catch(() => '');
  const line = /^report_renders_in_flight (\d+)/m.exec(text);
  return line ? Number(line[1]) : undefined;
}

/** A report request whose settling the test can observe without awaiting it. */
function watched(baseUrl: string, path: string, token: string) {
  const state = { settled: false };
  const response = fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then(async (answer) => {
    const body = Buffer.from(await answer.arrayBuffer());
    state.settled = true;
    return { status: answer.status, headers: answer.headers, body };
  });
  return { state, response };
}

/**
 * Polls /metrics until `wanted` renders are in the worker pool, or until every watched
 * request has settled (then the renders never were seen in flight: the old, blocking code).
 */
async function untilInFlight(
  baseUrl: string,
  wanted: number,
  requests: { state: { settled: boolean } }[],
): Promise<number | undefined> {
  for (;;) {
    const count = await rendersInFlight(baseUrl);
    if (count !== undefined && count >= wanted) return count;
    if (requests.every((request) => request.state.settled)) return count;
    await new Promise((done) => setTimeout(done, 25));
  }
}

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'lv-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return (
      await run('/usr/bin/pdftotext', [file, '-'], { maxBuffer: 64 << 20 })
    ).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 31, item 1: one manager's big report froze a node for every tenant. Reports render in
 * a worker pool, at most REPORT_RENDERS_PER_ACCOUNT at once per account across the nodes, and
 * a meeting holds a bounded number of matters.
 */
describe('reports of a big meeting', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let fixtures: TestGateway;
  let node: GatewayProcess;
  let first: TenantFixture;
  let second: TenantFixture;
  let third: TenantFixture;
  let voter: VoterFixture;
  let liveMatter: { id: string };

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    database = await createTestDatabase();
    redis = createTestRedis();
    // in-process (the worker runs from source) and a built node (the worker from dist)
    fixtures = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: {
        JWT_SECRET: TEST_JWT_SECRET,
        REPORT_RENDER_THREADS: '2',
        METRICS_TOKEN,
      },
    });
    first = await createTenant(fixtures);
    second = await createTenant(fixtures);
    third = await createTenant(fixtures);
    await bigMeeting(fixtures, first);
    await bigMeeting(fixtures, second);
    [voter] = await createVoters(fixtures, third, 1);
    liveMatter = await createMatter(fixtures, third, {
      name: 'Elsewhere',
      options: ['Yes', 'No'],
    });
    node = await startGatewayProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    });
  }, 180_000);

  afterAll(async () => {
    await node?.stop('SIGTERM');
    await fixtures?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('answers /healthz and another account’s ballot while four big PDFs render in the worker pool', async () => {
    const api = http(node.baseUrl);
    const started = await api.post(
      `/v1/Meetings/${third.meeting.shortCode}/matters/${liveMatter.id}/action`,
      { action: 'start', duration: 600 },
      { token: third.token },
    );
    expect(started.status).toBe(204);
    const reports = [first, first, second, second].map((tenant) =>
      watched(
        node.baseUrl,
        `/v1/Meetings/${tenant.meeting.shortCode}/report.pdf`,
        tenant.token,
      ),
    );

    const seen = await untilInFlight(node.baseUrl, 1, reports);
    expect(seen).toBeGreaterThanOrEqual(1);
    // the event loop turns while the renders are in the pool
    for (let i = 0; i < 5; i++)
      expect((await api.get('/healthz')).status).toBe(200);
    const ballot = await api.post(
      `/portal/v1/Meetings/${third.meeting.shortCode}/matters/${liveMatter.id}/ballots`,
      { choices: ['Yes'] },
      { token: voter.token },
    );
    expect(ballot.status).toBe(201);
    expect(await rendersInFlight(node.baseUrl)).toBeGreaterThanOrEqual(1);
    expect(reports.some((report) => !report.state.settled)).toBe(true);

    const answers = await Promise.all(reports.map((r) => r.response));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const text = (await pdfText(answers[3].body)).replace(/\s+/g, ' ');
    expect(text).toContain('100. Matter 100');
    expect(text).toContain('M100 option 50');
    // the first matter's table of votes: 50 options of 480 characters, none dropped at a page break
    expect(text).toContain('M1 option 50');
    expect(await rendersInFlight(node.baseUrl)).toBe(0);
  }, 300_000);

  it('answers an account’s third concurrent report 429 report_busy while another account’s is served', async () => {
    const api = http(fixtures.baseUrl);
    const busy = [first, first].map((tenant) =>
      watched(
        fixtures.baseUrl,
        `/v1/Meetings/${tenant.meeting.shortCode}/report.pdf`,
        tenant.token,
      ),
    );
    expect(await untilInFlight(fixtures.baseUrl, 2, busy)).toBe(2);

    // the cap counts renders of every format, on every node (Redis)
    for (const [base, path] of [
      [fixtures.baseUrl, 'report.csv'],
      [node.baseUrl, 'report'],
      [node.baseUrl, 'report.pdf'],
    ] as const) {
      const refused = await http(base).get(
        `/v1/Meetings/${first.meeting.shortCode}/${path}`,
        { token: first.token },
      );
      expectProblem(refused, 429, 'report_busy');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // asked while the first account holds both its slots; it may wait for a thread, not refused
    const other = await api.get(
      `/v1/Meetings/${second.meeting.shortCode}/report`,
      { token: second.token },
    );
    expect(other.status).toBe(200);
    expect(other.body.matters).toHaveLength(100);

    for (const answer of await Promise.all(busy.map((r) => r.response)))
      expect(answer.status).toBe(200);
    // the slots are given back: the account may render again
    const again = await api.get(
      `/v1/Meetings/${first.meeting.shortCode}/report.csv`,
      { token: first.token },
    );
    expect(again.status).toBe(200);
    expect(again.text).toContain('M100 option 50');
  }, 300_000);

  it('refuses a 201st matter and a 51st or over-long option with 400 and errors[]', async () => {
    const tenant = await createTenant(fixtures);
    const api = http(fixtures.baseUrl);
    const path = `/v1/Meetings/${tenant.meeting.shortCode}/matters`;
    await fixtures.app
      .get(Database)
      .db.insert(matters)
      .values(
        Array.from({ length: 199 }, (_, m) => ({
          meetingId: tenant.meeting.id,
          name: `Matter ${m + 1}`,
          order: m + 1,
          options: ['Yes', 'No'],
        })),
      );
    const created = await api.post(
      path,
      { name: 'The 200th', options: ['Yes', 'No'] },
      { token: tenant.token },
    );
    expect(created.status).toBe(201);

    const refused = expectProblem(
      await api.post(
        path,
        { name: 'The 201st', options: ['Yes', 'No'] },
        { token: tenant.token },
      ),
      400,
      'too_many_matters',
    );
    expect(refused.errors).toEqual([
      expect.objectContaining({ path: 'matters' }),
    ]);
    expect((await api.get(path, { token: tenant.token })).body).toHaveLength(
      200,
    );

    const many = Array.from({ length: 51 }, (_, i) => `Option ${i + 1}`);
    const long = ['Yes', 'x'.repeat(501)];
    for (const options of [many, long]) {
      const onCreate = expectProblem(
        await api.post(
          `/v1/Meetings/${first.meeting.shortCode}/matters`,
          { name: 'Too big', options },
          { token: first.token },
        ),
        400,
      );
      expect(onCreate.errors?.[0]?.path).toMatch(/^options/);
      const onUpdate = expectProblem(
        await api.patch(
          `${path}/${created.body.key}`,
          { options },
          {
            token: tenant.token,
          },
        ),
        400,
      );
      expect(onUpdate.errors?.[0]?.path).toMatch(/^options/);
    }
  }, 120_000);
});
