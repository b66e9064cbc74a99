import { execFile, execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  AuditEntryView,
  Matter,
  MeetingReport,
  MemberProxy,
  type AuditKind,
} from '@livevote/contracts';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountsService } from '../src/accounts/accounts.service';
import { GENESIS, linkHash, sha256 } from '../src/audit/chain';
import { ChainSealingService } from '../src/audit/chain-sealing.service';
import { ChainRepository } from '../src/audit/chain.repository';
import { Clock } from '../src/common/clock';
import {
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
} from './support/factories';
import { http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const run = promisify(execFile);
const CLI = resolve(__dirname, '../dist/cli/main.js');
const CLIENT = '203.0.113.7';

/**
 * Issue 17, the audit log and the hash chain, on PostgreSQL: every chair and manager action
 * with who, when, from where and what changed; exports; append-only in the database; and
 * `audit:verify`, the real CLI process, naming the first entry an attacker with database
 * access changed.
 */
describe('The audit log and the hash chain', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let outsider: TenantFixture;
  let scrutineerToken: string;
  let voters: VoterFixture[];
  let sql: pg.Client;

  const base = (shortCode = tenant.meeting.shortCode) =>
    `/v1/Meetings/${shortCode}`;
  const asChair = () => ({
    token: tenant.token,
    headers: { 'x-forwarded-for': CLIENT },
  });
  const ok = async (
    promise: Promise<{ status: number; text: string; body: unknown }>,
    status = 200,
  ) => {
    const result = await promise;
    expect(result.status, result.text).toBe(status);
    return result.body;
  };
  const exportAudit = async (query = '', token = tenant.token) => {
    const response = await fetch(`${gateway.baseUrl}${base()}/audit${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };
  const entries = async (query = '') => {
    const { status, type, text } = await exportAudit(query);
    expect(status, text).toBe(200);
    expect(type).toMatch(/^application\/jsonl/);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => AuditEntryView.parse(JSON.parse(line)));
  };
  const kinds = (list: AuditEntryView[]) => list.map((entry) => entry.kind);
  const createMatter = async (name: string, options = ['For', 'Against']) =>
    Matter.parse(
      await ok(
        api.post(`${base()}/matters`, { name, options }, asChair()),
        201,
      ),
    );
  const action = (matterKey: string, body: object) =>
    ok(api.post(`${base()}/matters/${matterKey}/action`, body, asChair()), 204);
  const verify = async (shortCode = tenant.meeting.shortCode) => {
    try {
      const { stdout } = await run(
        process.execPath,
        [CLI, 'audit:verify', '--meeting', shortCode, '--json'],
        {
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
            LOG_LEVEL: 'silent',
          },
        },
      );
      return { code: 0, stdout, stderr: '' };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return {
        code: failed.code,
        stdout: failed.stdout,
        stderr: failed.stderr,
      };
    }
  };
  /** Runs SQL as an attacker with the database's owner rights: the trigger off, then on again. */
  const tamper = async (
    table: string,
    statement: string,
    values: unknown[],
  ) => {
    const trigger = `${table}_append_only`;
    await sql.query(`alter table ${table} disable trigger ${trigger}`);
    try {
      await sql.query(statement, values);
    } finally {
      await sql.query(`alter table ${table} enable trigger ${trigger}`);
    }
  };
  const seal = () => gateway.app.get(ChainRepository);

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
      env: { TRUST_PROXY: '1' },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway, {
      defaultProxyHolders: ['Board Secretary'],
    });
    outsider = await createTenant(gateway);
    const scrutineer = await createUser(gateway);
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
    voters = await createVoters(gateway, tenant, 6);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('what it records', () => {
    let matter: Matter;

    it('records a chair’s start, extend, stop and reopen: who, when, from where, what changed', async () => {
      matter = await createMatter('Approve the budget');
      for (const body of [
        { action: 'start', duration: 600 },
        { action: 'extend', duration: 120 },
        { action: 'stop' },
      ])
        await action(matter.key, body);
      await action(matter.key, { action: 'start', duration: 60 });
      await action(matter.key, { action: 'stop' });
      const log = await entries('?kind=matter');
      expect(kinds(log)).toEqual([
        'matter.create',
        'matter.start',
        'matter.extend',
        'matter.stop',
        'matter.reopen',
        'matter.stop',
      ]);
      for (const entry of log)
        expect(entry).toMatchObject({
          actor: { type: 'user', id: tenant.user.id, email: tenant.user.email },
          clientIp: CLIENT,
          subject: {
            type: 'matter',
            key: matter.key,
            label: 'Approve the budget',
          },
        });
      expect(log[1].changes).toMatchObject({
        liveStatus: { from: 'pending', to: 'live' },
        duration: 600,
      });
      expect(log[2].changes).toEqual({
        liveEndsAt: {
          from: expect.any(String),
          to: expect.any(String),
        },
        duration: 120,
      });
      const [from, to] = [
        log[2].changes.liveEndsAt as { from: string; to: string },
      ].map((c) => [Date.parse(c.from), Date.parse(c.to)])[0];
      expect(to - from).toBe(120_000);
      expect(log[4].changes).toMatchObject({
        liveStatus: { from: 'closed', to: 'live' },
      });
      // times in order, and no later than now
      const times = log.map((entry) => Date.parse(entry.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('records a manager’s ballot once, however often the same request is retried', async () => {
      const paper = await createMatter('Paper ballots');
      await action(paper.key, { action: 'start', duration: 600 });
      const cast = () =>
        api.post(
          `${base()}/matters/${paper.key}/ballots`,
          { memberKey: voters[0].memberId, choices: ['For'], method: 'proxy' },
          {
            ...asChair(),
            headers: {
              ...asChair().headers,
              'idempotency-key': `paper-${paper.key}`,
            },
          },
        );
      const receipts: { receipt: string }[] = [];
      for (let i = 0; i < 3; i++)
        receipts.push((await ok(cast(), 201)) as { receipt: string });
      expect(new Set(receipts.map((r) => r.receipt)).size).toBe(1);
      const recorded = (await entries('?kind=ballot.record')).filter(
        (entry) => entry.changes.receipt === receipts[0].receipt,
      );
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        subject: { type: 'member', key: voters[0].memberId },
        changes: { matterKey: paper.key, method: 'proxy' },
      });

      // the first request and its retries at once: one write, the others replay it
      const together = () =>
        api.post(
          `${base()}/matters/${paper.key}/ballots`,
          { memberKey: voters[1].memberId, choices: ['For'], method: 'proxy' },
          {
            ...asChair(),
            headers: {
              ...asChair().headers,
              'idempotency-key': `paper-together-${paper.key}`,
            },
          },
        );
      const concurrent = (await Promise.all(
        [together(), together(), together()].map((r) => ok(r, 201)),
      )) as { receipt: string }[];
      expect(new Set(concurrent.map((r) => r.receipt)).size).toBe(1);
      expect(
        (await entries('?kind=ballot.record')).filter(
          (entry) => entry.changes.receipt === concurrent[0].receipt,
        ),
      ).toHaveLength(1);
      await action(paper.key, { action: 'stop' });
    });

    it('keeps member and voter edits as before and after, and a control number only as changed', async () => {
      const member = (await ok(
        api.post(
          `${base()}/members`,
          { unit: '12B', shares: 1, controlNumber: 'SECRET-CN-1234' },
          asChair(),
        ),
        201,
      )) as { key: string };
      const memberKey = member.key;
      await ok(
        api.patch(
          `${base()}/members/${memberKey}`,
          { shares: 2.5, controlNumber: 'SECRET-CN-9876' },
          asChair(),
        ),
      );
      await ok(
        api.post(
          `${base()}/members/${memberKey}/voters`,
          { name: 'Rosa Diaz', email: 'rosa@owners.test' },
          asChair(),
        ),
        201,
      );
      await ok(
        api.patch(
          `${base()}/members/${memberKey}/voters/rosa%40owners.test`,
          { name: 'Rosa Diaz-Peralta' },
          asChair(),
        ),
      );
      await ok(
        api.delete(
          `${base()}/members/${memberKey}/voters/rosa%40owners.test`,
          asChair(),
        ),
        204,
      );
      await ok(api.delete(`${base()}/members/${memberKey}`, asChair()), 204);
      const log = await entries('?kind=member');
      expect(kinds(log)).toEqual([
        'member.create',
        'member.update',
        'member.delete',
      ]);
      expect(log[1].changes).toEqual({
        shares: { from: 1, to: 2.5 },
        controlNumber: { changed: true },
      });
      expect(log[0].changes.after).toMatchObject({ unit: '12B', shares: 1 });
      expect(log[2].changes.before).toMatchObject({ unit: '12B', shares: 2.5 });
      const voterLog = await entries('?kind=voter');
      expect(kinds(voterLog)).toEqual([
        'voter.create',
        'voter.update',
        'voter.delete',
      ]);
      expect(voterLog[1].changes).toEqual({
        name: { from: 'Rosa Diaz', to: 'Rosa Diaz-Peralta' },
      });
      const everything = (await exportAudit()).text;
      expect(everything).not.toContain('SECRET-CN');
    });

    it('records imports, settings, proxies and sign-off', async () => {
      const imported = await api.post(`${base()}/members/import`, undefined, {
        ...asChair(),
        raw: 'unit,shares,voterName,voterEmail\n201,2,Ann Lee,ann@owners.test\n202,3,,\n',
        headers: { ...asChair().headers, 'content-type': 'text/csv' },
      });
      expect(imported.status, imported.text).toBe(200);
      await ok(
        api.patch(`${base()}/settings`, { requireSignOff: true }, asChair()),
      );
      const paper = MemberProxy.parse(
        await ok(
          api.post(
            `${base()}/proxies`,
            {
              memberKey: voters[0].memberId,
              holder: { isDefault: true, name: 'Board Secretary' },
              directions: [],
              signedName: `Owner ${voters[0].unit}`,
            },
            asChair(),
          ),
          201,
        ),
      );
      await ok(
        api.post(`${base()}/proxies/${paper.key}/verify`, undefined, asChair()),
      );
      const other = MemberProxy.parse(
        await ok(
          api.post(
            `${base()}/proxies`,
            {
              memberKey: voters[1].memberId,
              holder: { isDefault: true, name: 'Board Secretary' },
              directions: [],
              signedName: `Owner ${voters[1].unit}`,
            },
            asChair(),
          ),
          201,
        ),
      );
      await ok(
        api.post(
          `${base()}/proxies/${other.key}/reject`,
          { reason: 'Signature missing' },
          asChair(),
        ),
      );
      await ok(
        api.post(`${base()}/matters/${matter.key}/sign-off`, undefined, {
          token: scrutineerToken,
        }),
        204,
      );
      const log = await entries();
      const byKind = (kind: AuditKind) =>
        log.filter((entry) => entry.kind === kind);
      expect(byKind('members.import')[0].changes).toMatchObject({
        created: ['201', '202'],
        votersAdded: ['ann@owners.test'],
      });
      expect(byKind('meeting.settings')[0].changes).toEqual({
        requireSignOff: { from: false, to: true },
      });
      expect(byKind('proxy.paper')).toHaveLength(2);
      expect(byKind('proxy.verify')[0]).toMatchObject({
        subject: { key: paper.key, label: voters[0].unit },
        changes: { status: { from: 'submitted', to: 'verified' } },
      });
      expect(byKind('proxy.reject')[0].changes).toMatchObject({
        rejectReason: 'Signature missing',
      });
      expect(byKind('result.sign_off')[0]).toMatchObject({
        actor: { type: 'user', email: expect.stringContaining('@') },
        subject: { key: matter.key },
        changes: { verdict: expect.any(String) },
      });
    });
  });

  describe('the export', () => {
    it('gives CSV and JSON Lines, filtered by kind and time, newest last', async () => {
      const all = await entries();
      expect(all.length).toBeGreaterThan(15);
      const middle = all[Math.floor(all.length / 2)].at;
      const later = await entries(`?from=${encodeURIComponent(middle)}`);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((entry) => entry.at >= middle)).toBe(true);
      const earlier = await entries(`?to=${encodeURIComponent(middle)}`);
      expect(earlier.every((entry) => entry.at < middle)).toBe(true);
      expect(earlier.length + later.length).toBe(all.length);
      // the chair's two stops and the paper-ballot matter's
      expect(kinds(await entries('?kind=matter.stop'))).toEqual([
        'matter.stop',
        'matter.stop',
        'matter.stop',
      ]);
      // by id: the sealer may chain these entries between the two reads
      expect((await entries('?limit=2')).map((entry) => entry.id)).toEqual(
        all.slice(-2).map((entry) => entry.id),
      );
      const csv = await exportAudit('?format=csv&kind=proxy');
      expect(csv.status).toBe(200);
      expect(csv.type).toMatch(/^text\/csv/);
      const rows = parse(csv.text, { columns: true }) as Record<
        string,
        string
      >[];
      expect(rows.map((row) => row.kind)).toEqual([
        'proxy.paper',
        'proxy.verify',
        'proxy.paper',
        'proxy.reject',
      ]);
      expect(rows[0]).toMatchObject({
        actor_email: tenant.user.email,
        client_ip: CLIENT,
        subject_type: 'proxy',
      });
      expect(JSON.parse(rows[3].changes)).toMatchObject({
        rejectReason: 'Signature missing',
      });
    });

    it('refuses bad filters with 400, and another account’s meeting with 404', async () => {
      for (const query of [
        '?format=xml',
        '?kind=Matter.Start',
        '?kind=a.b.c',
        '?from=yesterday',
        '?limit=0',
        '?limit=100001',
        '?who=me',
      ])
        expect((await exportAudit(query)).status, query).toBe(400);
      expect((await exportAudit('', outsider.token)).status).toBe(404);
      expect((await exportAudit('', 'not-a-token')).status).toBe(401);
    });
  });

  describe('append-only in the database', () => {
    it('refuses to change or delete an audit entry or a ballot event', async () => {
      const [entry] = await entries('?limit=1');
      await expect(
        sql.query(`update audit_entries set kind = 'x' where id = $1`, [
          entry.id,
        ]),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql.query(`delete from audit_entries where id = $1`, [entry.id]),
      ).rejects.toThrow(/append-only/);
      const cast = await api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${(await createMatter('Early')).key}/ballots`,
        { choices: ['For'] },
        { token: voters[2].token },
      );
      expect(cast.status, cast.text).toBe(201);
      await expect(
        sql.query(
          `update ballot_events set choices = '["Against"]' where id = $1`,
          [cast.body.ballotId],
        ),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql.query(`delete from ballot_events where id = $1`, [
          cast.body.ballotId,
        ]),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql.query(`update audit_chain set hash = 'x'`),
      ).rejects.toThrow(/append-only/);
    });
  });

  describe('audit:verify', () => {
    let ballotId: string;

    it('chains ballots and actions soon after they happen, and exits 0 on an intact chain', async () => {
      const matter = await createMatter('Elect the auditor', ['Ana', 'Ben']);
      await action(matter.key, { action: 'start', duration: 600 });
      const casts = await Promise.all(
        voters
          .slice(3)
          .map((voter) =>
            ok(
              api.post(
                `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.key}/ballots`,
                { choices: ['Ana'] },
                { token: voter.token },
              ),
              201,
            ),
          ),
      );
      ballotId = (casts[0] as { ballotId: string }).ballotId;
      // sealed by the background sealer, with no request asking for it
      await vi.waitFor(
        async () => expect(await seal().unsealed(tenant.meeting.id)).toBe(0),
        { timeout: 15_000, interval: 200 },
      );
      await action(matter.key, { action: 'stop' });
      const report = MeetingReport.parse(
        await ok(api.get(`${base()}/report`, { token: tenant.token })),
      );
      const result = await verify();
      expect(result.code, result.stderr).toBe(0);
      const printed = JSON.parse(result.stdout);
      expect(printed).toMatchObject({
        meeting: tenant.meeting.shortCode,
        ok: true,
        unsealed: 0,
        bad: null,
        head: report.chainHead,
      });
      const closed = report.matters.find((m) => m.matterKey === matter.key)!;
      expect(closed.chainHead!.position).toBeLessThanOrEqual(
        report.chainHead!.position,
      );
      const csv = await fetch(`${gateway.baseUrl}${base()}/report.csv`, {
        headers: { authorization: `Bearer ${tenant.token}` },
      });
      expect(await csv.text()).toContain(
        `chain,,,head,,${report.chainHead!.position},,${report.chainHead!.hash}`,
      );
    });

    it('exits 1 naming a ballot event changed after it was sealed', async () => {
      const [row] = (
        await sql.query(
          `select position from audit_chain where source_id = $1`,
          [ballotId],
        )
      ).rows;
      await tamper(
        'ballot_events',
        `update ballot_events set choices = '["Ben"]' where id = $1`,
        [ballotId],
      );
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `broken at entry ${row.position} (ballot ${ballotId}): its row no longer reads as it did when sealed`,
      );
      await tamper(
        'ballot_events',
        `update ballot_events set choices = '["Ana"]' where id = $1`,
        [ballotId],
      );
      expect((await verify()).code).toBe(0);
    });

    it('exits 1 naming an audit entry changed or deleted after it was sealed', async () => {
      const [first] = await entries('?kind=member.update');
      await tamper(
        'audit_entries',
        `update audit_entries set client_ip = '198.51.100.1' where id = $1`,
        [first.id],
      );
      const changed = await verify();
      expect(changed.code).toBe(1);
      expect(changed.stderr).toContain(
        `broken at entry ${first.chain!.position} (audit ${first.id}): its row no longer reads as it did when sealed`,
      );
      await tamper(
        'audit_entries',
        `update audit_entries set client_ip = $2 where id = $1`,
        [first.id, CLIENT],
      );
      expect((await verify()).code).toBe(0);
      const [gone] = await entries('?kind=voter.delete');
      const [saved] = (
        await sql.query(`select * from audit_entries where id = $1`, [gone.id])
      ).rows;
      await tamper('audit_entries', `delete from audit_entries where id = $1`, [
        gone.id,
      ]);
      const deleted = await verify();
      expect(deleted.code).toBe(1);
      expect(deleted.stderr).toContain(
        `broken at entry ${gone.chain!.position} (audit ${gone.id}): its row was deleted`,
      );
      await sql.query(
        `insert into audit_entries (id, meeting_id, kind, actor, client_ip, subject, changes, at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          saved.id,
          saved.meeting_id,
          saved.kind,
          saved.actor,
          saved.client_ip,
          saved.subject,
          saved.changes,
          saved.at,
        ],
      );
      expect((await verify()).code).toBe(0);
    });

    it('exits 1 when the chain was rewritten after a close, against the head kept with the result', async () => {
      // the attacker changes a ballot and recomputes every hash from there on
      const [row] = (
        await sql.query(
          `select position from audit_chain where source_id = $1`,
          [ballotId],
        )
      ).rows;
      await tamper(
        'ballot_events',
        `update ballot_events set choices = '["Ben"]' where id = $1`,
        [ballotId],
      );
      const links = gateway.app.get(ChainRepository);
      const all = await links.links(tenant.meeting.id, 0, 100_000);
      let previous = GENESIS;
      await sql.query(
        'alter table audit_chain disable trigger audit_chain_append_only',
      );
      try {
        for (const link of all) {
          if (link.position >= row.position) {
            const digest = sha256(link.content!);
            const hash = linkHash(previous, link.position, digest);
            await sql.query(
              `update audit_chain set digest = $1, hash = $2 where meeting_id = $3 and position = $4`,
              [digest, hash, tenant.meeting.id, link.position],
            );
            previous = hash;
          } else previous = link.hash;
        }
      } finally {
        await sql.query(
          'alter table audit_chain enable trigger audit_chain_append_only',
        );
      }
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /chain of \S+ rewritten: matter [0-9a-f-]{36} closed at entry \d+, which no longer has the hash its result recorded/,
      );
    });

    it('exits 1 for an unknown meeting, and 0 for a meeting with nothing to chain', async () => {
      const unknown = await verify('no-such-meeting');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('no meeting no-such-meeting');
      const intact = await verify(outsider.meeting.shortCode);
      expect(intact.code, intact.stderr).toBe(0);
    });
  });
  describe('sealing a large meeting', () => {
    let large: TenantFixture;
    let matterId: string;
    let owners: VoterFixture[];
    const sealer = () => gateway.app.get(ChainSealingService);
    /** Ballot events written as a held-up transaction would leave them: unsealed, untouched. */
    const insertEvents = async (castAt: Date[]) =>
      (
        await sql.query<{ id: string }>(
          `insert into ballot_events (id, matter_id, member_id, voter_id, method, choices, weight,
             idempotency_key, cast_at, receipt)
           select gen_random_uuid(), $1, (o.value ->> 'member')::uuid, (o.value ->> 'voter')::uuid,
             'live', '["For"]', 1, gen_random_uuid()::text, t.at::timestamptz, md5(gen_random_uuid()::text)
           from jsonb_array_elements_text($2::jsonb) with ordinality t(at, n)
           join jsonb_array_elements($3::jsonb) with ordinality o(value, k) on o.k = 1 + t.n % 3
           order by t.n
           returning id`,
          [
            matterId,
            JSON.stringify(castAt.map((at) => at.toISOString())),
            JSON.stringify(
              owners.map((owner) => ({
                member: owner.memberId,
                voter: owner.voterId,
              })),
            ),
          ],
        )
      ).rows.map((row) => row.id);
    const sealed = async (ids: string[]) =>
      (
        await sql.query<{ id: string }>(
          `select source_id as id from audit_chain where source_id = any($1::uuid[])`,
          [ids],
        )
      ).rows.map((row) => row.id);

    beforeAll(async () => {
      large = await createTenant(gateway);
      owners = await createVoters(gateway, large, 3);
      await ok(
        api.post(
          `${base(large.meeting.shortCode)}/matters`,
          { name: 'Approve the budget', options: ['For', 'Against'] },
          { token: large.token },
        ),
        201,
      );
      [{ id: matterId }] = (
        await sql.query<{ id: string }>(
          `select id from matters where meeting_id = $1`,
          [large.meeting.id],
        )
      ).rows;
    });

    it('seals a backlog of 4,500 entries, more than two pages, in the order they were cast', async () => {
      const now = gateway.app.get(Clock).nowMs();
      // written newest first, so the table's order is not the chain's
      const castAt = Array.from(
        { length: 4500 },
        (_, i) => new Date(now - 3_600_000 + (4500 - i) * 7),
      );
      const ids = await insertEvents(castAt);
      const head = await sealer().seal(large.meeting.id);
      expect(await seal().unsealed(large.meeting.id)).toBe(0);
      expect((await sealed(ids)).length).toBe(4500);
      const { rows } = await sql.query<{ position: number; at: Date }>(
        `select c.position, e.cast_at as at from audit_chain c
         join ballot_events e on e.id = c.source_id
         where c.meeting_id = $1 order by c.position`,
        [large.meeting.id],
      );
      expect(rows.length).toBe(4500);
      expect(head!.position).toBeGreaterThanOrEqual(4500);
      const times = rows.map((row) => row.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const result = await verify(large.meeting.shortCode);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, head });
    });

    it('a second after ballots looks only at those cast since its last seal, and the full seal of a close takes a held-up one', async () => {
      const clock = gateway.app.get(Clock);
      await sealer().seal(large.meeting.id);
      const afterSeal = clock.nowMs();
      const [fresh] = await insertEvents([clock.now()]);
      // stamped ten minutes before it committed: a transaction held up that long
      const [heldUp] = await insertEvents([new Date(afterSeal - 600_000)]);
      const keys = vi.spyOn(seal(), 'pendingKeys');
      try {
        await sealer().seal(large.meeting.id, 'recent');
        const windows = keys.mock.calls
          .filter(([meetingId]) => meetingId === large.meeting.id)
          .flatMap(([, from]) => [from.ballots, from.audit])
          .map((from) => from?.getTime() ?? 0);
        expect(windows.length).toBeGreaterThan(0);
        for (const from of windows) {
          expect(from).toBeGreaterThan(afterSeal - 600_000);
          expect(from).toBeLessThanOrEqual(afterSeal);
        }
      } finally {
        keys.mockRestore();
      }
      expect(await sealed([fresh])).toEqual([fresh]);
      await sealer().seal(large.meeting.id);
      expect(await sealed([heldUp])).toEqual([heldUp]);
      const result = await verify(large.meeting.shortCode);
      expect(result.code, result.stderr).toBe(0);
    });

    it("a sweep's seal that waited behind this node's seal of the meeting looks back from that seal, not from the sweep", async () => {
      const clock = gateway.app.get(Clock);
      const sealFrom = clock.nowMs();
      await sealer().seal(large.meeting.id, 'recent');
      const [fresh] = await insertEvents([clock.now()]);
      const keys = vi.spyOn(seal(), 'pendingKeys');
      const dayAgo = new Date(sealFrom - 86_400_000);
      try {
        // the window the sweep found the meeting with, a minute back
        await sealer().seal(large.meeting.id, {
          ballots: new Date(sealFrom - 60_000),
          audit: dayAgo,
        });
        const [, window] = keys.mock.calls.find(
          ([meetingId]) => meetingId === large.meeting.id,
        )!;
        expect(window.ballots!.getTime()).toBeGreaterThanOrEqual(
          sealFrom - 5_000,
        );
        expect(window.audit).toEqual(dayAgo);
      } finally {
        keys.mockRestore();
      }
      expect(await sealed([fresh])).toEqual([fresh]);
    });

    it('the sweep seals what a node left behind, looking back from shortly before its last sweep', async () => {
      const clock = gateway.app.get(Clock);
      const sweep = () =>
        (sealer() as unknown as { sweep(): Promise<void> }).sweep();
      const asked = vi.spyOn(seal(), 'meetingsToSeal');
      try {
        await sweep();
        // left behind: committed, never touched (its node stopped before the seal a second later)
        const [left] = await insertEvents([clock.now()]);
        const before = clock.nowMs();
        await sweep();
        const after = clock.nowMs();
        expect(await sealed([left])).toEqual([left]);
        // a seal of the meeting on this node after that sweep (as a second after ballots)
        const sealFrom = clock.nowMs();
        await sealer().seal(large.meeting.id, 'recent');
        const sealTo = clock.nowMs();
        await sweep();
        const [since, window] = asked.mock.calls.at(-1)!;
        // from 5 s before the last sweep began; for a meeting this node sealed since, from 5 s
        // before that seal began
        expect(window!.from.getTime()).toBeGreaterThanOrEqual(before - 5_000);
        expect(window!.from.getTime()).toBeLessThanOrEqual(after - 5_000);
        const own = window!.byMeeting.get(large.meeting.id);
        expect(own?.getTime()).toBeGreaterThanOrEqual(sealFrom - 5_000);
        expect(own?.getTime()).toBeLessThanOrEqual(sealTo - 5_000);
        expect(since.getTime()).toBeLessThan(before - 86_000_000);

        // stamped ten minutes before it committed: past the sweep's look-back, so it waits for
        // a seal that looks at everything (the matter's close, a report)
        const [heldUp] = await insertEvents([new Date(before - 600_000)]);
        await sweep();
        expect(await sealed([heldUp])).toEqual([]);
        // nor does the sweep take it when a ballot of its look-back brings it to the meeting:
        // it seals over the look-back it found the meeting with, not the whole meeting; an
        // audit entry of the day it takes whenever stamped
        const [fresh] = await insertEvents([clock.now()]);
        const {
          rows: [{ id: entry }],
        } = await sql.query<{ id: string }>(
          `insert into audit_entries (meeting_id, kind, actor, subject, changes, at)
           values ($1, 'meeting.update', '{"userId": null}', '{"type": "meeting"}', '{}', $2)
           returning id`,
          [large.meeting.id, new Date(before - 3_600_000)],
        );
        await sweep();
        expect(await sealed([fresh, heldUp])).toEqual([fresh]);
        expect(
          (
            await sql.query(`select 1 from audit_chain where source_id = $1`, [
              entry,
            ])
          ).rowCount,
        ).toBe(1);
        await sealer().seal(large.meeting.id);
        expect(await sealed([heldUp])).toEqual([heldUp]);
      } finally {
        asked.mockRestore();
      }
      const result = await verify(large.meeting.shortCode);
      expect(result.code, result.stderr).toBe(0);
    });
  });
});
