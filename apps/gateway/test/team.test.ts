import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, rowsOf } from '../src/database/database';
import {
  createAccount,
  createMeeting,
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
  type UserFixture,
} from './support/factories';
import {
  connectLive,
  recorder,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { expectProblem, http, type Http } from './support/http';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const DAY_MS = 86_400_000;

describe('The meeting team', () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  let sequence = 0;

  const team = () => `/v1/Accounts/${tenant.account.key}`;
  const meeting = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const asOwner = () => ({ token: tenant.token });
  const newEmail = (name: string) => `${name}${++sequence}@team.example.test`;

  /** Invites as the owner and returns the invitation and the token from its e-mail. */
  async function invite(email: string, roles: string[]) {
    const before = smtp.messages.length;
    const result = await api.post(
      `${team()}/invitations`,
      { email, roles },
      asOwner(),
    );
    expect(result.status, result.text).toBe(201);
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages[before];
    expect(mail.envelope.to).toEqual([email]);
    const link =
      /https:\/\/vote\.example\.test\/accept-invitation#token=([\w-]+)/.exec(
        mail.parsed.text ?? '',
      );
    expect(link, mail.parsed.text).not.toBeNull();
    return { invitation: result.body, token: link![1] };
  }

  const accept = (body: object) => api.post('/auth/invitations/accept', body);

  /** A new user in the account through an invitation, signed in. */
  async function join(roles: string[]) {
    const email = newEmail('joiner');
    const { token } = await invite(email, roles);
    const password = 'a-long-password-1';
    const accepted = await accept({ token, name: 'Jo Iner', password });
    expect(accepted.status, accepted.text).toBe(201);
    const user: UserFixture = { id: '', email, password };
    return { email, token: await signIn(gateway, user) };
  }

  async function auditKinds(): Promise<
    { kind: string; subject: { label: string }; changes: object }[]
  > {
    const result = await gateway.app
      .get(Database)
      .db.execute(
        sql`select kind, subject, changes from audit_entries where meeting_id = ${tenant.meeting.id} order by at, id`,
      );
    return rowsOf(result);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpSink({
      refuse: (address) => address.startsWith('bounce'),
    });
    gateway = await startGateway({
      databaseUrl: database.url,
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://vote.example.test',
        AUTH_RATE_LIMIT_PER_USER: '8',
        AUTH_RATE_LIMIT_PER_IP: '10000',
      },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
  });

  afterAll(async () => {
    await gateway?.close();
    await smtp?.close();
    await database?.drop();
  });

  describe('owners', () => {
    it("makes an account's first user its owner, and only the first", async () => {
      const second = await createUser(gateway);
      const account = await createAccount(gateway, [
        await createUser(gateway),
        second,
      ]);
      const token = await signIn(gateway, second);
      const users = await api.get(`/v1/Accounts/${account.key}/users`, {
        token,
      });
      expect(users.status).toBe(200);
      expect(
        users.body.map((u: { roles: string[] }) => u.roles).sort(),
      ).toEqual([[], ['owner']]);
      // each user sees their own roles on the account
      const seen = await api.get(`/v1/Accounts/${account.key}`, { token });
      expect(seen.body.myRoles).toEqual([]);
    });

    it('keeps the last owner: no demotion, no removal (409 last_owner)', async () => {
      const { email } = await join([]);
      const self = `${team()}/users/${encodeURIComponent(tenant.user.email)}`;
      expectProblem(
        await api.patch(self, { roles: [] }, asOwner()),
        409,
        'last_owner',
      );
      expectProblem(await api.delete(self, asOwner()), 409, 'last_owner');
      // nobody grants themselves a role, an owner neither
      expectProblem(
        await api.patch(self, { roles: ['owner', 'scrutineer'] }, asOwner()),
        403,
        'own_roles',
      );
      // with a second owner the first may step down
      const colleague = `${team()}/users/${encodeURIComponent(email)}`;
      const promoted = await api.patch(
        colleague,
        { roles: ['owner'] },
        asOwner(),
      );
      expect(promoted.status, promoted.text).toBe(200);
      const stepDown = await api.patch(self, { roles: [] }, asOwner());
      expect(stepDown.status, stepDown.text).toBe(200);
      // roles apply from the next request: no longer an owner
      expectProblem(
        await api.post(
          `${team()}/invitations`,
          { email: newEmail('x'), roles: [] },
          asOwner(),
        ),
        403,
        'owner_required',
      );
      const colleagueToken = await signIn(gateway, {
        id: '',
        email,
        password: 'a-long-password-1',
      });
      const back = await api.patch(
        self,
        { roles: ['owner'] },
        { token: colleagueToken },
      );
      expect(back.status, back.text).toBe(200);
      expect((await api.delete(colleague, asOwner())).status).toBe(204);
    });

    it('takes the account lock before the member row when demoting, as a removal does (no deadlock)', async () => {
      const { email } = await join(['owner']);
      const colleague = await gateway.app
        .get(Database)
        .db.execute(sql`select id from users where email = ${email}`);
      const colleagueId = rowsOf<{ id: string }>(colleague)[0].id;
      // a removal of the same colleague: the account row first, then the member's row
      const removal = new pg.Client({ connectionString: database.url });
      await removal.connect();
      try {
        await removal.query('begin');
        await removal.query('select 1 from accounts where id = $1 for update', [
          tenant.account.key,
        ]);
        const demotion = api.patch(
          `${team()}/users/${encodeURIComponent(email)}`,
          { roles: [] },
          asOwner(),
        );
        // the demotion waits for a lock the removal holds
        for (let waiting = 0; !waiting;) {
          const result = await removal.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          waiting = result.rows[0].n;
          if (!waiting) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await removal.query(
          'select 1 from account_users where account_id = $1 and user_id = $2 for update',
          [tenant.account.key, colleagueId],
        );
        await removal.query('commit');
        const demoted = await demotion;
        expect(demoted.status, demoted.text).toBe(200);
        expect(demoted.body.roles).toEqual([]);
      } finally {
        await removal.end();
      }
    });

    it('refuses team changes by a manager who is not an owner (403) and by another account (404)', async () => {
      const { token } = await join([]);
      const target = `${team()}/users/${encodeURIComponent(tenant.user.email)}`;
      for (const result of [
        await api.post(
          `${team()}/invitations`,
          { email: newEmail('y'), roles: [] },
          { token },
        ),
        await api.get(`${team()}/invitations`, { token }),
        await api.patch(target, { roles: ['owner'] }, { token }),
        await api.delete(target, { token }),
        await api.post(
          `${team()}/users`,
          { email: other.user.email },
          { token },
        ),
      ])
        expectProblem(result, 403, 'owner_required');
      // a plain manager still reads the team
      expect((await api.get(`${team()}/users`, { token })).status).toBe(200);
      for (const result of [
        await api.post(
          `${team()}/invitations`,
          { email: newEmail('z'), roles: [] },
          { token: other.token },
        ),
        await api.get(`${team()}/invitations`, { token: other.token }),
        await api.delete(
          `${team()}/invitations/00000000-0000-4000-8000-000000000000`,
          { token: other.token },
        ),
      ])
        expectProblem(result, 404, 'account_not_found');
    });
  });

  describe('invitations', () => {
    it('invites with roles, e-mails a link, and the new user joins and signs in', async () => {
      const email = newEmail('clerk');
      const { invitation, token } = await invite(email, ['clerk']);
      expect(Object.keys(invitation).sort()).toEqual([
        'email',
        'expiresAt',
        'invitedAt',
        'key',
        'roles',
        'status',
      ]);
      expect(invitation).toMatchObject({
        email,
        roles: ['clerk'],
        status: 'pending',
      });
      expect(
        Date.parse(invitation.expiresAt) - Date.parse(invitation.invitedAt),
      ).toBe(7 * DAY_MS);
      const mail = smtp.messages.at(-1)!;
      expect(mail.parsed.subject).toBe(
        `You are invited to the team of ${tenant.account.name}`,
      );
      expect(mail.parsed.html).toContain(
        `href="https://vote.example.test/accept-invitation#token=${token}"`,
      );
      // the token is stored hashed only
      const stored = await gateway.app
        .get(Database)
        .db.execute(
          sql`select count(*)::int as n from account_invitations where token_hash = ${token}`,
        );
      expect(rowsOf<{ n: number }>(stored)[0].n).toBe(0);

      const listed = await api.get(`${team()}/invitations`, asOwner());
      expect(listed.body).toContainEqual(invitation);

      const inspected = await api.post('/auth/invitations/inspect', { token });
      expect(inspected.status, inspected.text).toBe(200);
      expect(inspected.body).toEqual({
        email,
        accountName: tenant.account.name,
        roles: ['clerk'],
        expiresAt: invitation.expiresAt,
        existingUser: false,
      });

      const accepted = await accept({
        token,
        name: 'Casey Clerk',
        password: 'casey-password-1',
      });
      expect(accepted.status, accepted.text).toBe(201);
      expect(accepted.body).toEqual({
        account: { key: tenant.account.key, name: tenant.account.name },
        email,
        roles: ['clerk'],
        created: true,
      });
      const signedIn = await api.post('/auth/token', {
        username: email,
        password: 'casey-password-1',
      });
      expect(signedIn.status).toBe(200);
      const users = await api.get(`${team()}/users`, asOwner());
      expect(users.body).toContainEqual(
        expect.objectContaining({
          email,
          name: 'Casey Clerk',
          roles: ['clerk'],
        }),
      );

      // single use
      expectProblem(
        await accept({ token, name: 'Again', password: 'casey-password-1' }),
        410,
        'invitation_used',
      );
      expect(
        (await api.get(`${team()}/invitations`, asOwner())).body,
      ).not.toContainEqual(expect.objectContaining({ key: invitation.key }));
      const acceptedList = await api.get(
        `${team()}/invitations?status=accepted`,
        asOwner(),
      );
      expect(acceptedList.body).toContainEqual({
        ...invitation,
        status: 'accepted',
      });
      const kinds = await auditKinds();
      expect(kinds).toContainEqual(
        expect.objectContaining({
          kind: 'team.invite',
          subject: expect.objectContaining({ label: email }),
          changes: { roles: { from: null, to: ['clerk'] } },
        }),
      );
      expect(kinds).toContainEqual(
        expect.objectContaining({
          kind: 'team.join',
          subject: expect.objectContaining({ label: 'Casey Clerk' }),
        }),
      );
    });

    it('adds a user who already exists once they sign in with their own password', async () => {
      const existing = await createUser(gateway, { name: 'Existing Erin' });
      const { token } = await invite(existing.email, ['scrutineer']);
      const inspected = await api.post('/auth/invitations/inspect', { token });
      expect(inspected.body.existingUser).toBe(true);
      expectProblem(
        await accept({ token, password: 'not-their-password' }),
        401,
        'invalid_credentials',
      );
      const accepted = await accept({ token, password: existing.password });
      expect(accepted.status, accepted.text).toBe(201);
      expect(accepted.body).toMatchObject({
        created: false,
        roles: ['scrutineer'],
      });
      const accounts = await api.get('/v1/Accounts', {
        token: await signIn(gateway, existing),
      });
      expect(accounts.body.map((a: { key: string }) => a.key)).toContain(
        tenant.account.key,
      );
    });

    it('asks an existing user with TOTP for their code', async () => {
      const enrolled = await createUser(gateway, { mfa: true });
      const { token } = await invite(enrolled.email, []);
      expectProblem(
        await accept({ token, password: enrolled.password }),
        401,
        'mfa_required',
      );
    });

    it('refuses a second pending invitation of one e-mail, and one for a user already there', async () => {
      const email = newEmail('twice');
      await invite(email, []);
      expectProblem(
        await api.post(
          `${team()}/invitations`,
          { email: email.toUpperCase(), roles: ['scrutineer'] },
          asOwner(),
        ),
        409,
        'invitation_pending',
      );
      expectProblem(
        await api.post(
          `${team()}/invitations`,
          { email: tenant.user.email, roles: [] },
          asOwner(),
        ),
        409,
        'already_member',
      );
    });

    it('revokes an invitation: its link fails, and another may be sent', async () => {
      const email = newEmail('revoked');
      const { invitation, token } = await invite(email, []);
      const revoked = await api.delete(
        `${team()}/invitations/${invitation.key}`,
        asOwner(),
      );
      expect(revoked.status).toBe(204);
      expectProblem(
        await accept({ token, name: 'Rae', password: 'a-long-password-1' }),
        410,
        'invitation_revoked',
      );
      expectProblem(
        await api.post('/auth/invitations/inspect', { token }),
        410,
        'invitation_revoked',
      );
      const list = await api.get(
        `${team()}/invitations?status=revoked`,
        asOwner(),
      );
      expect(list.body).toContainEqual({ ...invitation, status: 'revoked' });
      await invite(email, []);
      // another account's invitation is not found under this one
      expectProblem(
        await api.delete(`${team()}/invitations/${invitation.key}`, {
          token: other.token,
        }),
        404,
      );
      expectProblem(
        await api.delete(
          `${team()}/invitations/00000000-0000-4000-8000-000000000000`,
          asOwner(),
        ),
        404,
        'invitation_not_found',
      );
    });

    it("revokes what an owner sent once they are removed or demoted: a removed owner's invitation of another address does not bring them back", async () => {
      const tokenFrom = async (ownerToken: string, email: string) => {
        const before = smtp.messages.length;
        const sent = await api.post(
          `${team()}/invitations`,
          { email, roles: ['owner'] },
          { token: ownerToken },
        );
        expect(sent.status, sent.text).toBe(201);
        return /#token=([\w-]+)/.exec(
          smtp.messages[before].parsed.text ?? '',
        )![1];
      };
      const leaving = await join(['owner']);
      const comeback = await tokenFrom(leaving.token, newEmail('comeback'));
      const stepping = await join(['owner']);
      const pending = await tokenFrom(stepping.token, newEmail('pending'));

      expect(
        (
          await api.delete(
            `${team()}/users/${encodeURIComponent(leaving.email)}`,
            asOwner(),
          )
        ).status,
      ).toBe(204);
      expectProblem(
        await accept({
          token: comeback,
          name: 'Back',
          password: 'a-long-password-1',
        }),
        410,
        'invitation_revoked',
      );

      expect(
        (
          await api.patch(
            `${team()}/users/${encodeURIComponent(stepping.email)}`,
            { roles: [] },
            asOwner(),
          )
        ).status,
      ).toBe(200);
      expectProblem(
        await accept({
          token: pending,
          name: 'Pen',
          password: 'a-long-password-1',
        }),
        410,
        'invitation_revoked',
      );
    });

    it('refuses an expired invitation, an unknown token, and lists the expired', async () => {
      const email = newEmail('late');
      const { invitation, token } = await invite(email, []);
      gateway.clock.advance(7 * DAY_MS + 1_000);
      try {
        expectProblem(
          await accept({ token, name: 'Lee', password: 'a-long-password-1' }),
          410,
          'invitation_expired',
        );
        const expired = await api.get(`${team()}/invitations?status=expired`, {
          token: await signIn(gateway, tenant.user),
        });
        expect(expired.body).toContainEqual({
          ...invitation,
          status: 'expired',
        });
      } finally {
        gateway.clock.advance(-(7 * DAY_MS + 1_000));
      }
      expectProblem(
        await accept({
          token: 'A'.repeat(43),
          name: 'Nobody',
          password: 'a-long-password-1',
        }),
        404,
        'invitation_not_found',
      );
    });

    it('answers bad inputs with 400 and errors[]', async () => {
      const bad = [
        { email: 'not-an-email', roles: [] },
        { email: newEmail('b'), roles: ['auditor'] },
        { email: newEmail('b'), roles: ['clerk', 'owner'] },
        { email: newEmail('b'), roles: ['owner', 'owner'] },
        { email: newEmail('b') },
        { email: newEmail('b'), roles: [], extra: true },
        { email: 42, roles: 'clerk' },
      ];
      for (const body of bad) {
        const problem = expectProblem(
          await api.post(`${team()}/invitations`, body, asOwner()),
          400,
          'validation_failed',
        );
        expect(problem.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
      }
      expectProblem(
        await api.patch(
          `${team()}/users/${encodeURIComponent(tenant.user.email)}`,
          { roles: ['clerk', 'scrutineer'] },
          asOwner(),
        ),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.get(`${team()}/invitations?status=lost`, asOwner()),
        400,
      );
      const { token } = await invite(newEmail('input'), []);
      for (const body of [
        { token, name: 'Bell\u0007', password: 'a-long-password-1' },
        { token: 'short', name: 'Sam', password: 'a-long-password-1' },
        { token: `${'A'.repeat(40)}/..`, name: 'Sam', password: 'x'.repeat(9) },
        { token, name: 'Sam' },
        { token, name: 'Sam', password: 'a-long-password-1', admin: true },
        { token, password: 'a-long-password-1' },
      ]) {
        const problem = expectProblem(
          await accept(body),
          400,
          'validation_failed',
        );
        expect(problem.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
      }
      expectProblem(
        await accept({ token, name: 'Sam', password: 'short' }),
        400,
        'weak_password',
      );
      // none of these used the invitation up
      expect(
        (await accept({ token, name: 'Sam', password: 'a-long-password-1' }))
          .status,
      ).toBe(201);
    });

    it('keeps no invitation whose e-mail the mail server refused (502)', async () => {
      const email = newEmail('bounce');
      expectProblem(
        await api.post(
          `${team()}/invitations`,
          { email, roles: [] },
          asOwner(),
        ),
        502,
        'mail_not_sent',
      );
      const list = await api.get(`${team()}/invitations`, asOwner());
      expect(list.body).not.toContainEqual(expect.objectContaining({ email }));
    });

    it('rate-limits accepting one invitation', async () => {
      const existing = await createUser(gateway);
      const { token } = await invite(existing.email, []);
      const answers: number[] = [];
      for (let i = 0; i < 9; i++)
        answers.push(
          (await accept({ token, password: `guess-${i}-xxxx` })).status,
        );
      expect(answers.slice(0, 8)).toEqual(Array(8).fill(401));
      const limited = await accept({ token, password: existing.password });
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('clerks', () => {
    let clerk: { email: string; token: string };

    beforeAll(async () => {
      clerk = await join(['clerk']);
    });

    it('may read the meeting, members, matters and check-ins, check voters in and enter floor ballots', async () => {
      const matter = await api.post(
        `${meeting()}/matters`,
        { name: 'Floor motion', options: ['Yes', 'No'], secretBallot: false },
        asOwner(),
      );
      expect(matter.status, matter.text).toBe(201);
      const as = { token: clerk.token };
      for (const path of [
        `/v1/Accounts`,
        team(),
        `${team()}/meetings`,
        meeting(),
        `${meeting()}/settings`,
        `${meeting()}/members`,
        `${meeting()}/members/${voters[0].memberId}`,
        `${meeting()}/members/${voters[0].memberId}/voters/${encodeURIComponent(voters[0].email)}`,
        `${meeting()}/matters`,
        `${meeting()}/matters/${matter.body.key}`,
        `${meeting()}/check-ins`,
        `${meeting()}/matters/${matter.body.key}/floor-ballots/pending`,
      ]) {
        const result = await api.get(path, as);
        expect(result.status, `${path}: ${result.text}`).toBe(200);
      }
      const checkedIn = await api.post(
        `${meeting()}/check-ins`,
        { voterKey: voters[0].voterId },
        as,
      );
      expect(checkedIn.status, checkedIn.text).toBe(201);
      const started = await api.post(
        `${meeting()}/matters/${matter.body.key}/action`,
        { action: 'start' },
        asOwner(),
      );
      expect([200, 204], started.text).toContain(started.status);
      const floor = await api.post(
        `${meeting()}/matters/${matter.body.key}/floor-ballots`,
        { memberKey: voters[0].memberId, choices: ['Yes'], entry: 1 },
        as,
      );
      expect(floor.status, floor.text).toBe(201);
      const out = await api.delete(
        `${meeting()}/check-ins/${voters[0].voterId}`,
        as,
      );
      expect(out.status, out.text).toBe(200);
    });

    it('gets 403 clerk_forbidden everywhere else', async () => {
      const as = { token: clerk.token };
      const matter = (await api.get(`${meeting()}/matters`, asOwner())).body[0];
      const attempts = [
        api.patch(meeting(), { name: 'Renamed' }, as),
        api.patch(`${meeting()}/settings`, { oneLiveMatter: false }, as),
        api.get(`${meeting()}/stats`, as),
        api.post(`${meeting()}/matters`, { name: 'M', options: ['A'] }, as),
        api.post(
          `${meeting()}/matters/${matter.key}/action`,
          { action: 'stop' },
          as,
        ),
        api.get(`${meeting()}/matters/${matter.key}/stats`, as),
        api.get(`${meeting()}/matters/${matter.key}/voters`, as),
        api.post(`${meeting()}/members`, { unit: 'X1' }, as),
        api.delete(`${meeting()}/members/${voters[2].memberId}`, as),
        api.get(`${meeting()}/report`, as),
        api.get(`${meeting()}/audit`, as),
        api.get(`${meeting()}/proxies`, as),
        api.get(`${meeting()}/questions`, as),
        api.post(`${meeting()}/screen-tokens`, {}, as),
        api.get(`${meeting()}/screen-tokens`, as),
        api.post(
          `${team()}/meetings`,
          { name: 'N', type: 'agm', meetingDate: '2027-01-01T10:00:00Z' },
          as,
        ),
        api.get(`${team()}/users`, as),
        api.get(`${team()}/invitations`, as),
        api.post(
          `${team()}/invitations`,
          { email: newEmail('c'), roles: [] },
          as,
        ),
      ];
      for (const result of await Promise.all(attempts))
        expectProblem(result, 403, 'clerk_forbidden');
    });

    it('gets 403 clerk_forbidden on the routes added this round too (the guard denies by default)', async () => {
      const as = { token: clerk.token };
      const matter = (await api.get(`${meeting()}/matters`, asOwner())).body[0];
      const someKey = '00000000-0000-4000-8000-000000000001';
      const voter = `${meeting()}/members/${voters[0].memberId}/voters/${encodeURIComponent(voters[0].email)}`;
      const colleague = `${team()}/users/${encodeURIComponent(tenant.user.email)}`;
      const attempts = [
        api.patch(team(), { language: 'en' }, as),
        api.post(`${team()}/users`, { email: newEmail('c') }, as),
        api.patch(colleague, { roles: [] }, as),
        api.delete(colleague, as),
        api.delete(`${team()}/invitations/${someKey}`, as),
        api.post(`${meeting()}/invites`, { target: 'all' }, as),
        api.post(`${voter}/invite`, {}, as),
        api.post(`${voter}/personal-link`, {}, as),
        api.post(`${meeting()}/proxy-holders/${someKey}/notice`, {}, as),
        api.get(`${meeting()}/proxy-holders`, as),
        api.put(
          `${meeting()}/proxy-holders/${someKey}/presence`,
          { present: true },
          as,
        ),
        api.post(`${meeting()}/matters/${matter.key}/tie-break`, {}, as),
        api.post(`${meeting()}/matters/${matter.key}/sign-off`, {}, as),
        api.post(`${meeting()}/matters/${matter.key}/ballots`, {}, as),
        api.get(`${meeting()}/matters/${matter.key}/published`, as),
        api.get(`${meeting()}/sign-off`, as),
        api.put(`${meeting()}/scrutineers`, { emails: [] }, as),
        api.get(`${meeting()}/nominations`, as),
        api.post(`${meeting()}/nominations/${someKey}/accept`, {}, as),
        api.post(`${meeting()}/nominations/${someKey}/reject`, {}, as),
        api.get(`${meeting()}/webcast`, as),
        api.put(`${meeting()}/webcast`, {}, as),
        api.post(`${meeting()}/webcast/launch`, {}, as),
        api.get(`${meeting()}/documents`, as),
        api.post(`${meeting()}/documents`, {}, as),
        api.delete(`${meeting()}/documents/${someKey}`, as),
      ];
      for (const result of await Promise.all(attempts))
        expectProblem(result, 403, 'clerk_forbidden');
    });

    it('follows the desk on the live channel but receives no tallies', async () => {
      const sockets: LiveClient[] = [];
      try {
        const clerkSocket = await connectLive(gateway.baseUrl, clerk.token);
        const chairSocket = await connectLive(gateway.baseUrl, tenant.token);
        sockets.push(clerkSocket, chairSocket);
        const clerkTallies = recorder(clerkSocket, 'matter.tally');
        const clerkCheckIns = recorder(clerkSocket, 'checkin.updated');
        const chairTallies = recorder(chairSocket, 'matter.tally');
        const shortCode = tenant.meeting.shortCode;
        const clerkSnapshot = (await request(clerkSocket, 'subscribe', {
          shortCode,
        })) as { tallies?: unknown[]; matters: unknown[] };
        const chairSnapshot = (await request(chairSocket, 'subscribe', {
          shortCode,
        })) as { tallies?: unknown[] };
        expect(clerkSnapshot.matters.length).toBeGreaterThan(0);
        expect(clerkSnapshot.tallies).toBeUndefined();
        expect(chairSnapshot.tallies?.length).toBeGreaterThan(0);

        const live = (
          await api.get(`${meeting()}/matters`, asOwner())
        ).body.find((m: { liveStatus: string }) => m.liveStatus === 'live');
        const checkedIn = await api.post(
          `${meeting()}/check-ins`,
          { voterKey: voters[1].voterId },
          { token: clerk.token },
        );
        expect(checkedIn.status, checkedIn.text).toBe(201);
        await clerkCheckIns.until(() => true);
        const floor = await api.post(
          `${meeting()}/matters/${live.key}/floor-ballots`,
          { memberKey: voters[1].memberId, choices: ['No'], entry: 1 },
          { token: clerk.token },
        );
        expect(floor.status, floor.text).toBe(201);
        await chairTallies.until((t) => t.matterKey === live.key);
        // the chair's tally is out; the clerk's socket, in the same rooms but one, got none
        const ping = await request(clerkSocket, 'subscribe', { shortCode });
        expect(ping).toBeDefined();
        expect(clerkTallies.seen).toEqual([]);
      } finally {
        for (const socket of sockets) socket.close();
      }
    });

    it("answers 404 for another account's meeting, as for anyone", async () => {
      expectProblem(
        await api.get(`/v1/Meetings/${other.meeting.shortCode}`, {
          token: clerk.token,
        }),
        404,
      );
      expectProblem(
        await api.get(`/v1/Meetings/${other.meeting.shortCode}/report`, {
          token: clerk.token,
        }),
        404,
      );
    });

    it('applies a role change from the next request, with the same access token', async () => {
      const path = `${team()}/users/${encodeURIComponent(clerk.email)}`;
      const rename = () =>
        api.patch(
          meeting(),
          { description: 'By the clerk' },
          { token: clerk.token },
        );
      expectProblem(await rename(), 403, 'clerk_forbidden');
      expect((await api.patch(path, { roles: [] }, asOwner())).status).toBe(
        200,
      );
      const allowed = await rename();
      expect(allowed.status, allowed.text).toBe(200);
      expect(
        (await api.patch(path, { roles: ['clerk'] }, asOwner())).status,
      ).toBe(200);
      expectProblem(await rename(), 403, 'clerk_forbidden');
    });

    it('a clerk of one account is a full manager of another', async () => {
      const meetingB = await createMeeting(gateway, other.account.key);
      const colleague = await api.post(
        `/v1/Accounts/${other.account.key}/users`,
        { email: clerk.email },
        { token: other.token },
      );
      expect(colleague.status, colleague.text).toBe(201);
      const report = await api.get(`/v1/Meetings/${meetingB.shortCode}/stats`, {
        token: clerk.token,
      });
      expect(report.status, report.text).toBe(200);
      expectProblem(
        await api.get(`${meeting()}/stats`, { token: clerk.token }),
        403,
        'clerk_forbidden',
      );
    });
  });

  describe('a manager whose roles change', () => {
    it("leaves the old role's live rooms at once: subscribing again as a clerk brings no tallies, and their socket in another account stays", async () => {
      const manager = await join([]);
      const added = await api.post(
        `/v1/Accounts/${other.account.key}/users`,
        { email: manager.email },
        { token: other.token },
      );
      expect(added.status, added.text).toBe(201);
      const here = await connectLive(gateway.baseUrl, manager.token);
      const elsewhere = await connectLive(gateway.baseUrl, manager.token);
      try {
        const shortCode = tenant.meeting.shortCode;
        const before = (await request(here, 'subscribe', { shortCode })) as {
          tallies?: unknown[];
        };
        expect(Array.isArray(before.tallies)).toBe(true);
        await request(elsewhere, 'subscribe', {
          shortCode: other.meeting.shortCode,
        });
        const dropped = new Promise<string>((resolve) =>
          here.once('disconnect', resolve),
        );
        const elsewhereDrops: string[] = [];
        elsewhere.on('disconnect', (reason) => elsewhereDrops.push(reason));

        const changed = await api.patch(
          `${team()}/users/${encodeURIComponent(manager.email)}`,
          { roles: ['clerk'] },
          asOwner(),
        );
        expect(changed.status, changed.text).toBe(200);
        expect(await dropped).toBe('io server disconnect');

        // as the console does: connect again and subscribe, now as a clerk
        const connected = new Promise((resolve) =>
          here.once('connect', () => resolve(undefined)),
        );
        here.connect();
        await connected;
        const after = (await request(here, 'subscribe', { shortCode })) as {
          tallies?: unknown[];
          matters: unknown[];
        };
        expect(Array.isArray(after.matters)).toBe(true);
        expect(after.tallies).toBeUndefined();
        // the other account's meeting was left alone
        await request(elsewhere, 'subscribe', {
          shortCode: other.meeting.shortCode,
        });
        expect(elsewhereDrops).toEqual([]);
        expect(elsewhere.connected).toBe(true);
      } finally {
        here.close();
        elsewhere.close();
      }
    });
  });

  describe('a removed user', () => {
    it('can do nothing more in the account from the next request, with the same access token or a refreshed one', async () => {
      const email = newEmail('leaver');
      const { token } = await invite(email, []);
      const password = 'a-long-password-1';
      expect((await accept({ token, name: 'Lee Ver', password })).status).toBe(
        201,
      );
      const signedIn = await api.post('/auth/token', {
        username: email,
        password,
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      const access = { token: signedIn.body.access_token as string };
      const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
      expect((await api.get(meeting(), access)).status).toBe(200);

      const removed = await api.delete(
        `${team()}/users/${encodeURIComponent(email)}`,
        asOwner(),
      );
      expect(removed.status, removed.text).toBe(204);

      // the access token is still valid, but membership is read on every request
      expectProblem(await api.get(meeting(), access), 404);
      expectProblem(await api.get(team(), access), 404);
      expectProblem(
        await api.patch(meeting(), { description: 'Left a mark' }, access),
        404,
      );
      expectProblem(
        await api.post(`${team()}/invitations`, { email, roles: [] }, access),
        404,
      );
      // the refresh cookie still signs the user in (they may belong elsewhere), to nothing here
      const refreshed = await api.post(
        '/auth/oauth/refresh',
        {},
        { headers: { cookie } },
      );
      expect(refreshed.status, refreshed.text).toBe(200);
      const again = { token: refreshed.body.access_token as string };
      expectProblem(await api.get(meeting(), again), 404);
      expect((await api.get('/v1/Accounts', again)).body).toEqual([]);
    });
  });
});
