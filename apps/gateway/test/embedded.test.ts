import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config';
import { Database, rowsOf } from '../src/database/database';
import { PGLITE_LOCK_FILE } from '../src/database/pglite-lock';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { createGateway } from '../src/gateway';
import { http } from './support/http';

/** The first README command's setup: no DATABASE_URL, no REDIS_URL, PGlite in the data directory. */
describe('embedded default (PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-embedded-'));
  let app: Awaited<ReturnType<typeof createGateway>>;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createGateway(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    );
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates PGlite, seeds the demo and signs the demo chair in', async () => {
    const demo = await app.get(DemoSeedService).seed();
    expect(demo.created).toBe(true);
    const api = http(baseUrl);
    const signIn = await api.post('/auth/token', {
      username: demo.signIn.username,
      password: demo.signIn.password,
    });
    expect(signIn.status).toBe(200);
    // the embedded default on a laptop keeps /metrics open (docs/security.md)
    expect((await api.get('/metrics')).text).toContain('process_cpu');
    const accounts = await api.get('/v1/Accounts', {
      token: signIn.body.access_token,
    });
    expect(accounts.body.map((a: { key: string }) => a.key)).toEqual([
      demo.accountKey,
    ]);
    // the demo's clerk signs in and keeps to the desk and the floor (docs/team.md)
    const clerk = await api.post('/auth/token', {
      username: demo.clerk.username,
      password: demo.clerk.password,
    });
    expect(clerk.status, clerk.text).toBe(200);
    const clerkAuth = { token: clerk.body.access_token as string };
    const clerkMeeting = `/v1/Meetings/${demo.meeting.shortCode}`;
    expect((await api.get(`${clerkMeeting}/check-ins`, clerkAuth)).status).toBe(
      200,
    );
    expect((await api.get(`${clerkMeeting}/stats`, clerkAuth)).status).toBe(
      403,
    );
    // the demo's proxies, on PGlite: one of each kind, and the named holder's link opens a session
    const stats = await api.get(
      `/v1/Meetings/${demo.meeting.shortCode}/stats`,
      {
        token: signIn.body.access_token,
      },
    );
    expect(stats.body).toMatchObject({
      totalProxies: 4,
      verifiedProxyCount: 3,
      unverifiedProxyCount: 1,
      totalPaperProxies: 1,
      totalElectronicProxies: 3,
    });
    const holderToken = new URL(demo.holders[0].holderUrl).searchParams.get(
      'token',
    );
    const holder = await api.post(
      `/portal/v1/Meetings/${demo.meeting.shortCode}/holder/session`,
      { holderToken },
    );
    expect(holder.status, holder.text).toBe(200);
    const held = await api.get(
      `/portal/v1/Meetings/${demo.meeting.shortCode}/holder/proxies`,
      { token: holder.body.token },
    );
    expect(held.body.totals).toMatchObject({ proxies: 1, discretionary: 1 });
    // the member and not-voted searches on PGlite: pg_trgm loaded, the search text kept by the
    // migration's triggers (drizzle/0014_member_search.sql)
    const managerToken = signIn.body.access_token;
    const meetingPath = `/v1/Meetings/${demo.meeting.shortCode}`;
    const search = async (path: string, text: string) => {
      const result = await api.get(
        `${path}?searchText=${encodeURIComponent(text)}&size=100`,
        { token: managerToken },
      );
      expect(result.status, result.text).toBe(200);
      return {
        units: (result.body as { unit: string }[]).map((row) => row.unit),
        total: Number(result.headers.get('x-total-count')),
      };
    };
    expect(await search(`${meetingPath}/members`, 'GÓMEZ')).toEqual({
      units: ['112'],
      total: 1,
    });
    expect(await search(`${meetingPath}/members`, 'inès moreau')).toEqual({
      units: ['109'],
      total: 1,
    });
    const tens = await search(`${meetingPath}/members`, '10');
    expect(tens.units).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
      '108',
      '109',
      '110',
    ]);
    expect(tens.total).toBe(10);
    const matters = await api.get(`${meetingPath}/matters`, {
      token: managerToken,
    });
    const matterKey = (matters.body as { key: string }[])[0].key;
    expect(
      await search(`${meetingPath}/matters/${matterKey}/not-voted`, 'chloé'),
    ).toEqual({ units: ['103'], total: 1 });
    const database = app.get(Database);
    const plan = await database.run(async () => {
      await database.db.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await database.db.execute(
          sql`explain select id from members where search_text ilike '%moreau%'`,
        ),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('members_search_text_trgm_idx');

    // every kind of election, and nominations open for the next one (docs/elections.md)
    expect(
      (
        matters.body as {
          name: string;
          votingMethod: string;
          choices: number;
        }[]
      ).map(({ votingMethod, choices }) => [votingMethod, choices]),
    ).toEqual([
      ['plurality', 1],
      ['plurality', 2],
      ['plurality', 1],
      ['ranked', 3],
      ['cumulative', 2],
    ]);
    const nominations = await api.get(`${meetingPath}/nominations`, {
      token: managerToken,
    });
    expect(nominations.status, nominations.text).toBe(200);
    expect(
      (nominations.body as { name: string; status: string; unit: string }[])
        .map(({ name, status, unit }) => ({ name, status, unit }))
        .sort((a, b) => a.unit.localeCompare(b.unit)),
    ).toEqual([
      { name: 'Chloé Martin', status: 'accepted', unit: '103' },
      { name: 'Victor Hale', status: 'submitted', unit: '104' },
    ]);
    const meeting = await api.get(meetingPath, { token: managerToken });
    expect(
      Date.parse(meeting.body.nominationExpiryDate as string),
    ).toBeGreaterThan(Date.now());
    // an owner's early ranked ballot on the demo's STV election, on PGlite
    const ranked = (
      matters.body as { key: string; votingMethod: string }[]
    ).find((matter) => matter.votingMethod === 'ranked')!;
    const ana = demo.voters.find((voter) => voter.unit === '101')!;
    const session = await api.post(
      `/portal/v1/Meetings/${demo.meeting.shortCode}/session`,
      {
        inviteToken: new URL(ana.portalUrl).searchParams.get('invite'),
      },
    );
    expect(session.status, session.text).toBe(200);
    const early = await api.post(
      `/portal/v1/Meetings/${demo.meeting.shortCode}/matters/${ranked.key}/ballots`,
      { ranking: ['Rosa Delgado', 'Nora Fitzgerald'] },
      { token: session.body.voterToken },
    );
    expect(early.status, early.text).toBe(201);

    const ready = await api.get('/readyz');
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: 'not configured' },
    });
  });

  it('keeps the admin CLI out of the database while the gateway has it, with a clear message', () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const cli = spawnSync(
      process.execPath,
      [
        resolve(__dirname, '../dist/cli/main.js'),
        'account:create',
        '--name',
        'While running',
        '--json',
      ],
      { env, encoding: 'utf8' },
    );
    expect(cli.status).toBe(1);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toMatch(
      new RegExp(
        `is open in the gateway \\(pid ${process.pid}, since .*\\)\\. It allows one process at a time`,
      ),
    );
    // the gateway's lock is untouched, and its database still answers
    expect(
      JSON.parse(readFileSync(join(dataDir, PGLITE_LOCK_FILE), 'utf8')),
    ).toMatchObject({ pid: process.pid, holder: 'gateway' });
  }, 120_000);
});
