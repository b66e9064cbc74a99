import { AuditEntryView, Matter, OwnQuestion } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../src/accounts/accounts.service';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DemoSeedService,
} from '../src/demo/demo-seed.service';
import {
  createTenant,
  createUser,
  signIn,
  type MeetingFixtureRow,
  type TenantFixture,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const CLIENT = '198.51.100.4';

/**
 * Issue 34, the audit log complete: every action that changes what a meeting records leaves
 * exactly one entry, written with the action, with who did it (by name, as they were then),
 * what it was done to (by name) and the before and after. The demo seed leaves the entries
 * its steps would. Over HTTP against PostgreSQL.
 */
describe('The audit log, complete', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let outsider: TenantFixture;
  let voters: VoterFixture[];

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
  const entries = async (
    query = '',
    shortCode = tenant.meeting.shortCode,
    token = tenant.token,
  ) => {
    const response = await fetch(
      `${gateway.baseUrl}${base(shortCode)}/audit${query}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => AuditEntryView.parse(JSON.parse(line)));
  };
  /** The entries an action wrote: those after the ones seen before it. */
  const after = async (action: () => Promise<unknown>, query = '') => {
    const seen = new Set((await entries(query)).map((entry) => entry.id));
    await action();
    return (await entries(query)).filter((entry) => !seen.has(entry.id));
  };
  const chairActor = () => ({
    type: 'user',
    id: tenant.user.id,
    email: tenant.user.email,
    name: 'Ana Chair',
  });

  beforeAll(async () => {
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
    const chair = await createUser(gateway, { name: 'Ana Chair' });
    const account = await gateway.app.get(AccountsService).create({
      name: 'Harbourview',
    });
    await gateway.app
      .get(AccountsService)
      .adminSetMembership(account.key, chair.email, true);
    const token = await signIn(gateway, chair);
    const meeting = await ok(
      api.post(
        `/v1/Accounts/${account.key}/meetings`,
        {
          name: 'AGM 2026',
          type: 'agm',
          meetingDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          meetingTimezone: 'America/Toronto',
        },
        { token, headers: { 'x-forwarded-for': CLIENT } },
      ),
      201,
    );
    const { key, shortCode } = meeting as { key: string; shortCode: string };
    tenant = {
      user: chair,
      token,
      account,
      meeting: { id: key, shortCode } as MeetingFixtureRow,
    };
    outsider = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('records the meeting’s creation by its chair, named', async () => {
    const [created] = await entries('?kind=meeting.create');
    expect(created).toMatchObject({
      actor: chairActor(),
      clientIp: CLIENT,
      subject: { type: 'meeting', label: 'AGM 2026' },
      changes: { after: { name: 'AGM 2026' } },
    });
  });

  it('records a settings change as before and after, and a save that changes nothing not at all', async () => {
    const written = await after(() =>
      ok(
        api.patch(
          `${base()}/settings`,
          {
            quorumPercent: 40,
            questionCategories: ['Budget', 'Repairs'],
            floorDoubleEntry: true,
          },
          asChair(),
        ),
      ),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'meeting.settings',
      actor: chairActor(),
      subject: { type: 'meeting', key: tenant.meeting.shortCode },
      changes: {
        quorumPercent: { from: null, to: 40 },
        questionCategories: { from: [], to: ['Budget', 'Repairs'] },
        floorDoubleEntry: { from: false, to: true },
      },
    });
    const again = await after(() =>
      ok(api.patch(`${base()}/settings`, { quorumPercent: 40 }, asChair())),
    );
    expect(again).toEqual([]);
    const renamed = await after(() =>
      ok(api.patch(base(), { language: 'fr' }, asChair())),
    );
    expect(renamed).toHaveLength(1);
    expect(renamed[0].changes).toEqual({
      language: { from: 'en', to: 'fr' },
      // the primary is languages[0] (docs/i18n.md)
      languages: { from: ['en'], to: ['fr'] },
    });
  });

  it('records a matter edit with its name as it was, and a ballot with the matter’s name', async () => {
    const matter = Matter.parse(
      await ok(
        api.post(
          `${base()}/matters`,
          { name: 'Approve the budget', options: ['For', 'Against'] },
          asChair(),
        ),
        201,
      ),
    );
    const edited = await after(() =>
      ok(
        api.patch(
          `${base()}/matters/${matter.key}`,
          { name: 'Approve the 2027 budget' },
          asChair(),
        ),
      ),
    );
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({
      kind: 'matter.update',
      actor: chairActor(),
      subject: { type: 'matter', key: matter.key, label: 'Approve the budget' },
      changes: {
        name: { from: 'Approve the budget', to: 'Approve the 2027 budget' },
      },
    });
    const unchanged = await after(() =>
      ok(
        api.patch(
          `${base()}/matters/${matter.key}`,
          { name: 'Approve the 2027 budget' },
          asChair(),
        ),
      ),
    );
    expect(unchanged).toEqual([]);
    await ok(
      api.post(
        `${base()}/matters/${matter.key}/action`,
        { action: 'start', duration: 600 },
        asChair(),
      ),
      204,
    );
    const recorded = await after(() =>
      ok(
        api.post(
          `${base()}/matters/${matter.key}/ballots`,
          { memberKey: voters[0].memberId, choices: ['For'], method: 'proxy' },
          asChair(),
        ),
        201,
      ),
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: 'ballot.record',
      subject: { type: 'member', key: voters[0].memberId, label: 'U0001' },
      changes: { matterKey: matter.key, matter: 'Approve the 2027 budget' },
    });
  });

  it('records each moderation of a question once: approve, screen, answer, dismiss', async () => {
    const asked = await api.post(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/questions`,
      { category: 'Budget', text: 'Why did the fees go up?' },
      { token: voters[1].token },
    );
    expect(asked.status, asked.text).toBe(201);
    // the voter's own question is not a manager's action
    expect(await entries('?kind=question')).toEqual([]);
    const { key } = OwnQuestion.parse(asked.body);
    const moderate = (body: object) =>
      after(() => ok(api.patch(`${base()}/questions/${key}`, body, asChair())));
    const approved = await moderate({ status: 'approved' });
    const screened = await moderate({ onScreen: true });
    const answered = await moderate({
      status: 'answered',
      reply: 'The insurance went up.',
    });
    const nothing = await moderate({ status: 'answered' });
    const dismissed = await moderate({ status: 'dismissed' });
    expect(nothing).toEqual([]);
    for (const written of [approved, screened, answered, dismissed]) {
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        actor: chairActor(),
        clientIp: CLIENT,
        subject: {
          type: 'question',
          key,
          label: voters[1].unit,
          category: 'Budget',
        },
      });
    }
    expect(approved[0]).toMatchObject({
      kind: 'question.approve',
      changes: { status: { from: 'new', to: 'approved' } },
    });
    expect(screened[0]).toMatchObject({
      kind: 'question.screen',
      changes: { onScreen: { from: false, to: true } },
    });
    expect(answered[0]).toMatchObject({
      kind: 'question.answer',
      changes: {
        status: { from: 'approved', to: 'answered' },
        reply: { from: null, to: 'The insurance went up.' },
      },
    });
    expect(dismissed[0]).toMatchObject({
      kind: 'question.dismiss',
      changes: {
        status: { from: 'answered', to: 'dismissed' },
        onScreen: { from: true, to: false },
      },
    });
  });

  it('records screen tokens made and revoked, never the token', async () => {
    let token = '';
    let key = '';
    const made = await after(async () => {
      const body = (await ok(
        api.post(`${base()}/screen-tokens`, undefined, asChair()),
        201,
      )) as { key: string; token: string };
      token = body.token;
      key = body.key;
    });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      kind: 'screen_token.create',
      actor: chairActor(),
      subject: { type: 'screen_token', key },
      changes: { expiresAt: expect.any(String) },
    });
    expect(JSON.stringify(made)).not.toContain(token);
    const revoked = await after(() =>
      ok(api.delete(`${base()}/screen-tokens/${key}`, asChair()), 204),
    );
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({
      kind: 'screen_token.revoke',
      subject: { type: 'screen_token', key },
    });
    // an unknown token writes nothing
    const none = await after(() =>
      ok(api.delete(`${base()}/screen-tokens/${key}`, asChair()), 404),
    );
    expect(none).toEqual([]);
  });

  it('records team changes in every meeting of the account, named as they were', async () => {
    const colleague: UserFixture = await createUser(gateway, {
      name: 'Ben Clerk',
    });
    const team = `/v1/Accounts/${tenant.account.key}/users`;
    const added = await after(() =>
      ok(api.post(team, { email: colleague.email }, asChair()), 201),
    );
    const roles = await after(() =>
      ok(
        api.patch(
          `${team}/${encodeURIComponent(colleague.email)}`,
          { roles: ['scrutineer'] },
          asChair(),
        ),
      ),
    );
    const removed = await after(() =>
      ok(
        api.delete(`${team}/${encodeURIComponent(colleague.email)}`, asChair()),
        204,
      ),
    );
    const subject = {
      type: 'user',
      key: colleague.id,
      label: 'Ben Clerk',
      email: colleague.email,
    };
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      kind: 'team.add',
      actor: chairActor(),
      subject,
    });
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({
      kind: 'team.roles',
      subject,
      changes: { roles: { from: [], to: ['scrutineer'] } },
    });
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({
      kind: 'team.remove',
      subject,
      changes: { roles: { from: ['scrutineer'], to: null } },
    });
    // not in another account's meetings
    expect(
      (await entries('?kind=team', outsider.meeting.shortCode, outsider.token))
        .length,
    ).toBe(0);
  });

  it('names the scrutineers named, beside their keys', async () => {
    const scrutineer = await createUser(gateway, { name: 'Sam Scrutineer' });
    const team = `/v1/Accounts/${tenant.account.key}/users`;
    await ok(api.post(team, { email: scrutineer.email }, asChair()), 201);
    await ok(
      api.patch(
        `${team}/${encodeURIComponent(scrutineer.email)}`,
        { roles: ['scrutineer'] },
        asChair(),
      ),
    );
    const written = await after(() =>
      ok(
        api.put(
          `${base()}/scrutineers`,
          { emails: [scrutineer.email] },
          asChair(),
        ),
      ),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'meeting.scrutineers',
      changes: {
        scrutineers: { from: [], to: [scrutineer.id] },
        scrutineerNames: { from: [], to: ['Sam Scrutineer'] },
      },
    });
  });

  it('records an invite sent, with the voter named', async () => {
    const written = await after(() =>
      ok(
        api.post(
          `${base()}/members/${voters[2].memberId}/voters/${encodeURIComponent(voters[2].email)}/invite`,
          undefined,
          asChair(),
        ),
      ),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'voter.invite',
      actor: chairActor(),
      subject: {
        type: 'voter',
        label: `Owner ${voters[2].unit}`,
        unit: voters[2].unit,
      },
      changes: { email: voters[2].email },
    });
  });

  it('records a proxy holder marked present or absent, documents and the webcast', async () => {
    await ok(
      api.patch(
        `${base()}/settings`,
        { defaultProxyHolders: ['Board Secretary'] },
        asChair(),
      ),
    );
    await ok(
      api.post(
        `${base()}/proxies`,
        {
          memberKey: voters[2].memberId,
          holder: { isDefault: true, name: 'Board Secretary' },
          directions: [],
          signedName: `Owner ${voters[2].unit}`,
        },
        asChair(),
      ),
      201,
    );
    const holders = (await ok(
      api.get(`${base()}/proxy-holders`, asChair()),
    )) as { key: string; name: string }[];
    const holder = holders.find((row) => row.name === 'Board Secretary')!;
    const presence = (present: boolean) =>
      after(() =>
        ok(
          api.put(
            `${base()}/proxy-holders/${holder.key}/presence`,
            { present },
            asChair(),
          ),
        ),
      );
    const present = await presence(true);
    const again = await presence(true);
    const absent = await presence(false);
    expect(again).toEqual([]);
    expect(present).toHaveLength(1);
    expect(present[0]).toMatchObject({
      kind: 'holder.presence',
      actor: chairActor(),
      subject: { type: 'holder', key: holder.key, label: 'Board Secretary' },
      changes: { present: { from: false, to: true } },
    });
    expect(absent[0].changes).toEqual({ present: { from: true, to: false } });

    let documentKey = '';
    const added = await after(async () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array([1, 2, 3])], { type: 'application/pdf' }),
        'minutes.pdf',
      );
      const uploaded = await fetch(
        `${gateway.baseUrl}${base()}/documents/upload`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${tenant.token}` },
          body: form,
        },
      );
      expect(uploaded.status).toBe(201);
      const { Key, size } = (await uploaded.json()) as {
        Key: string;
        size: number;
      };
      const list = (await ok(
        api.post(
          `${base()}/documents`,
          { Key, name: 'Budget 2027.pdf', size },
          asChair(),
        ),
        201,
      )) as { key: string; document: { name: string } }[];
      documentKey = list.find(
        (row) => row.document.name === 'Budget 2027.pdf',
      )!.key;
    });
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      kind: 'document.create',
      actor: chairActor(),
      subject: { type: 'document', label: 'Budget 2027.pdf' },
      changes: { after: { name: 'Budget 2027.pdf', size: 3 } },
    });
    const removed = await after(() =>
      ok(api.delete(`${base()}/documents/${documentKey}`, asChair()), 204),
    );
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({
      kind: 'document.delete',
      subject: { type: 'document', key: documentKey, label: 'Budget 2027.pdf' },
    });

    const created = await after(() =>
      ok(
        api.put(`${base()}/webcast`, { castProvider: 'video' }, asChair()),
        201,
      ),
    );
    const changed = await after(() =>
      ok(
        api.put(
          `${base()}/webcast`,
          { castProvider: 'video', rehearsalDuration: 30 },
          asChair(),
        ),
      ),
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      kind: 'webcast.create',
      changes: { after: { castProvider: 'video' } },
    });
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      kind: 'webcast.update',
      actor: chairActor(),
      changes: { rehearsalDuration: { from: null, to: 30 } },
    });
  });

  it('filters by person and refuses bad filters with 400', async () => {
    const mine = await entries(
      `?actor=${encodeURIComponent(tenant.user.email.toUpperCase())}`,
    );
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((entry) => entry.actor.id === tenant.user.id)).toBe(true);
    expect(await entries(`?actor=${tenant.user.id}`)).toEqual(mine);
    expect(await entries('?actor=system')).toEqual([]);
    for (const query of [
      '?actor=nobody',
      '?actor=%00x@example.test',
      '?kind=Matter',
      '?from=yesterday',
      '?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z',
      '?limit=0',
      '?who=me',
    ]) {
      const result = await api.get(`${base()}/audit${query}`, asChair());
      expectProblem(result, 400);
      expect(result.body.errors?.length, query).toBeGreaterThan(0);
    }
    const foreign = await api.get(
      `${base(outsider.meeting.shortCode)}/audit?actor=system`,
      asChair(),
    );
    expect(foreign.status).toBe(404);
  });

  it('the demo seed leaves the entries its steps would, by the gateway', async () => {
    const details = await gateway.app.get(DemoSeedService).seed();
    const token = await signIn(gateway, {
      id: '',
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    const log = await entries('', details.meeting.shortCode, token);
    const count = (kind: string) =>
      log.filter((entry) => entry.kind === kind).length;
    expect(count('meeting.create')).toBe(1);
    expect(count('demo.seed')).toBe(1);
    expect(count('member.create')).toBe(12);
    expect(count('voter.create')).toBe(12);
    expect(count('matter.create')).toBe(5);
    expect(count('nomination.submit')).toBe(2);
    expect(count('nomination.accept')).toBe(1);
    expect(count('check_in.create')).toBe(2);
    expect(count('proxy.paper')).toBe(1);
    expect(count('proxy.verify')).toBe(3);
    expect(count('proxy.reject')).toBe(1);
    expect(count('question.approve')).toBe(1);
    expect(count('question.answer')).toBe(1);
    const seeded = log.filter((entry) => entry.kind !== 'screen_token.create');
    expect(seeded.every((entry) => entry.actor.type === 'system')).toBe(true);
    expect(
      log.find(
        (entry) =>
          entry.kind === 'check_in.create' && entry.subject.unit === '107',
      ),
    ).toMatchObject({ subject: { type: 'voter', label: 'Gus Lindqvist' } });
    expect(
      log.find((entry) => entry.kind === 'proxy.reject')?.subject.label,
    ).toBe('111');
    // the seed runs at every start: a second run writes no second copy of the meeting
    await gateway.app.get(DemoSeedService).seed();
    const again = await entries('', details.meeting.shortCode, token);
    expect(
      again.filter((entry) => entry.kind === 'member.create'),
    ).toHaveLength(12);
  });
});
