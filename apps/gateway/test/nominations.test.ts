import {
  AuditEntryView,
  Matter,
  Nomination,
  NominationList,
  PortalMeeting,
  ProxyForm,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
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
const STATEMENT =
  'Twelve years on the board; I will keep the reserve fund whole.';

/**
 * Nominations for a board election (docs/elections.md, "Nominations"), over real HTTP on
 * PostgreSQL and Redis, with a real SMTP server catching the nominee's confirmation: members
 * nominate until the deadline, managers accept or reject, and the accepted candidates become
 * an election whose statements reach the portal and the early-ballot form.
 */
describe('Nominations', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let smtp: SmtpSink;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let outsider: TenantFixture;
  let voters: VoterFixture[];
  let strangers: VoterFixture[];

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asManager = () => ({ token: tenant.token });
  const nominate = (voter: VoterFixture, body: object) =>
    api.post(`${portal()}/nominations`, body, { token: voter.token });
  const nominated = async (voter: VoterFixture, body: object) => {
    const result = await nominate(voter, body);
    expect(result.status, result.text).toBe(201);
    return Nomination.parse(result.body);
  };
  const candidate = (name: string, extra: object = {}) => ({
    name,
    statement: `${STATEMENT} (${name})`,
    consent: true,
    ...extra,
  });
  const decide = (key: string, action: 'accept' | 'reject', body?: object) =>
    api.post(`${base()}/nominations/${key}/${action}`, body, asManager());
  const decided = async (
    key: string,
    action: 'accept' | 'reject',
    body?: object,
  ) => {
    const result = await decide(key, action, body);
    expect(result.status, result.text).toBe(200);
    return Nomination.parse(result.body);
  };
  const setDeadline = async (at: Date | null) => {
    const result = await api.patch(
      base(),
      { nominationExpiryDate: at?.toISOString() ?? null },
      asManager(),
    );
    expect(result.status, result.text).toBe(200);
  };
  const audit = async (kind: string) => {
    // JSON Lines: read as text
    const response = await fetch(
      `${gateway.baseUrl}${base()}/audit?kind=${kind}`,
      { headers: { authorization: `Bearer ${tenant.token}` } },
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => AuditEntryView.parse(JSON.parse(line)));
  };
  const createElection = (body: object) =>
    api.post(`${base()}/matters`, body, asManager());

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
    tenant = await createTenant(gateway, {
      nominationExpiryDate: new Date(now + 24 * HOUR),
      language: 'fr',
    });
    outsider = await createTenant(gateway, {
      nominationExpiryDate: new Date(now + 24 * HOUR),
    });
    voters = await createVoters(gateway, tenant, 6);
    strangers = await createVoters(gateway, outsider, 1);
  });

  afterAll(async () => {
    await gateway?.close();
    await smtp?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('a member nominates', () => {
    let first: Nomination;

    it('answers 201 with the nomination, submitted, and lists it as the member’s own', async () => {
      first = await nominated(
        voters[0],
        candidate('Grace Lee', { nomineeEmail: 'grace@nominees.test' }),
      );
      expect(first).toMatchObject({
        memberKey: voters[0].memberId,
        unit: voters[0].unit,
        name: 'Grace Lee',
        statement: `${STATEMENT} (Grace Lee)`,
        status: 'submitted',
        rejectReason: null,
      });
      const own = await api.get(`${portal()}/nominations`, {
        token: voters[0].token,
      });
      expect(own.status, own.text).toBe(200);
      expect(NominationList.parse(own.body).map((n) => n.key)).toEqual([
        first.key,
      ]);
      // another member sees none of them
      const other = await api.get(`${portal()}/nominations`, {
        token: voters[1].token,
      });
      expect(other.body).toEqual([]);
    });

    it('mails the nominee once, in the meeting’s language, the name written so it links nowhere', async () => {
      const mails = smtp.messages.filter((m) =>
        m.envelope.to.includes('grace@nominees.test'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].parsed.subject).toBe(
        `Vous avez été proposé·e comme candidat·e : ${tenant.meeting.name}`,
      );
      expect(mails[0].parsed.text).toContain(`L’unité ${voters[0].unit}`);
      expect(mails[0].parsed.text).toContain('Grace Lee');
      // the statement, typed by a voter, is not in the mail
      expect(mails[0].parsed.text).not.toContain(STATEMENT);
    });

    it('writes a dotted candidate name as plain text in the mail', async () => {
      const dotted = await nominated(
        voters[5],
        candidate('Ann.Smith', { nomineeEmail: 'ann@nominees.test' }),
      );
      const [mail] = smtp.messages.filter((m) =>
        m.envelope.to.includes('ann@nominees.test'),
      );
      expect(mail.parsed.text).toContain('Ann\u2024Smith');
      expect(mail.parsed.html).toContain('Ann\u2024Smith');
      expect(mail.parsed.text).not.toContain('Ann.Smith');
      const withdrawn = await api.delete(
        `${portal()}/nominations/${dotted.key}`,
        { token: voters[5].token },
      );
      expect(withdrawn.status, withdrawn.text).toBe(204);
    });

    it('records the submission in the audit log with the voter as actor', async () => {
      const entries = await audit('nomination.submit');
      const entry = entries.find((e) => e.subject.key === first.key);
      expect(entry).toMatchObject({
        kind: 'nomination.submit',
        actor: { type: 'voter', id: voters[0].voterId, email: null },
        subject: { type: 'nomination', key: first.key, label: 'Grace Lee' },
        changes: { unit: voters[0].unit, nomineeEmail: true },
      });
    });

    it('refuses a fourth standing nomination, and takes one again after a withdrawal', async () => {
      const voter = voters[1];
      const keys: string[] = [];
      for (const name of ['Ana Ortiz', 'Ben Okafor', 'Chen Wei'])
        keys.push((await nominated(voter, candidate(name))).key);
      expectProblem(
        await nominate(voter, candidate('Dara Kim')),
        409,
        'too_many_nominations',
      );
      const withdrawn = await api.delete(`${portal()}/nominations/${keys[2]}`, {
        token: voter.token,
      });
      expect(withdrawn.status, withdrawn.text).toBe(204);
      const own = NominationList.parse(
        (await api.get(`${portal()}/nominations`, { token: voter.token })).body,
      );
      expect(own.find((n) => n.key === keys[2])?.status).toBe('withdrawn');
      await nominated(voter, candidate('Dara Kim'));
      const entries = await audit('nomination.withdraw');
      expect(entries.some((e) => e.subject.key === keys[2])).toBe(true);
    });

    it('holds the limit of 3 under five nominations sent at once, then rate-limits the member', async () => {
      const [racer] = await createVoters(gateway, tenant, 1, () => ({
        unit: 'R-1',
        controlNumber: 'CN-RACE-1',
      }));
      const results = await Promise.all(
        ['Pia Lund', 'Quinn Ash', 'Rae Moss', 'Sol Diaz', 'Tom Bell'].map(
          (name) => nominate(racer, candidate(name)),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      for (const refused of results.filter((r) => r.status !== 201))
        expectProblem(refused, 409, 'too_many_nominations');
      const limited = await nominate(racer, candidate('Uma Fox'));
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('counts a rejected nomination as no longer standing', async () => {
      const voter = voters[2];
      const keys: string[] = [];
      for (const name of ['Eve Adams', 'Finn Berg', 'Gus Hale'])
        keys.push((await nominated(voter, candidate(name))).key);
      await decided(keys[0], 'reject', { reason: 'Not an owner.' });
      await nominated(voter, candidate('Hana Ito'));
    });

    it.each([
      [
        'a statement of 2,001 characters',
        candidate('Ivy Park', { statement: 'x'.repeat(2001) }),
        'statement',
      ],
      ['a control character in the name', candidate('Ivy\u0007Park'), 'name'],
      [
        'a control character in the statement',
        candidate('Ivy Park', { statement: 'Hello\u0000there' }),
        'statement',
      ],
      ['an unknown field', candidate('Ivy Park', { seat: 'chair' }), ''],
      ['consent false', candidate('Ivy Park', { consent: false }), 'consent'],
      ['consent absent', { name: 'Ivy Park', statement: 'Hi' }, 'consent'],
      ['an empty name', candidate('  '), 'name'],
      [
        'a name that is a link',
        candidate('https://evil.example/login'),
        'name',
      ],
      [
        'a name that is an e-mail address',
        candidate('ivy@evil.example'),
        'name',
      ],
      [
        'a bad nominee e-mail',
        candidate('Ivy Park', { nomineeEmail: 'not-an-address' }),
        'nomineeEmail',
      ],
      [
        'a statement of the wrong type',
        candidate('Ivy Park', { statement: 42 }),
        'statement',
      ],
    ])('refuses %s: 400 with errors[]', async (_what, body, path) => {
      const problem = expectProblem(await nominate(voters[3], body), 400);
      expect(problem.errors?.length).toBeGreaterThan(0);
      if (path) expect(problem.errors?.map((e) => e.path)).toContain(path);
    });

    it('takes a statement of exactly 2,000 characters, with line breaks', async () => {
      const statement = `${'x'.repeat(999)}\n${'y'.repeat(1000)}`;
      const nomination = await nominated(
        voters[3],
        candidate('Jo March', { statement }),
      );
      expect(nomination.statement).toBe(statement);
    });

    it('refuses a voter of another meeting and an unknown or foreign nomination', async () => {
      expectProblem(
        await api.post(`${portal()}/nominations`, candidate('Kai Lund'), {
          token: strangers[0].token,
        }),
        404,
      );
      expectProblem(
        await api.post(`${portal()}/nominations`, candidate('Kai Lund')),
        401,
      );
      // a member cannot withdraw another member's nomination: as unknown as a missing one
      expectProblem(
        await api.delete(`${portal()}/nominations/${first.key}`, {
          token: voters[1].token,
        }),
        404,
        'nomination_not_found',
      );
      expectProblem(
        await api.delete(`${portal()}/nominations/not-a-key`, {
          token: voters[0].token,
        }),
        404,
        'nomination_not_found',
      );
    });
  });

  describe('managers review', () => {
    it('lists the meeting’s nominations by status', async () => {
      const all = NominationList.parse(
        (await api.get(`${base()}/nominations`, asManager())).body,
      );
      expect(all.length).toBeGreaterThan(5);
      const rejected = await api.get(
        `${base()}/nominations?status=rejected`,
        asManager(),
      );
      expect(rejected.status, rejected.text).toBe(200);
      expect(NominationList.parse(rejected.body)).toEqual([
        expect.objectContaining({
          name: 'Eve Adams',
          status: 'rejected',
          rejectReason: 'Not an owner.',
        }),
      ]);
      expectProblem(
        await api.get(`${base()}/nominations?status=elected`, asManager()),
        400,
      );
      expectProblem(
        await api.get(`${base()}/nominations?color=red`, asManager()),
        400,
      );
    });

    it('refuses a rejection without a reason, or with an unknown field', async () => {
      const [nomination] = NominationList.parse(
        (await api.get(`${base()}/nominations?status=submitted`, asManager()))
          .body,
      );
      for (const body of [
        undefined,
        {},
        { reason: '   ' },
        { reason: 'x', extra: 1 },
        { reason: 'a\u0007b' },
      ]) {
        const problem = expectProblem(
          await decide(nomination.key, 'reject', body),
          400,
        );
        expect(problem.errors?.length).toBeGreaterThan(0);
      }
    });

    it('accepts a submitted nomination once: accepting again or rejecting it is 409', async () => {
      const own = NominationList.parse(
        (await api.get(`${portal()}/nominations`, { token: voters[0].token }))
          .body,
      );
      const grace = own.find((n) => n.name === 'Grace Lee')!;
      expect((await decided(grace.key, 'accept')).status).toBe('accepted');
      expectProblem(
        await decide(grace.key, 'accept'),
        409,
        'nomination_not_submitted',
      );
      expectProblem(
        await decide(grace.key, 'reject', { reason: 'Changed our minds.' }),
        409,
        'nomination_not_submitted',
      );
      const [entry] = (await audit('nomination.accept')).filter(
        (e) => e.subject.key === grace.key,
      );
      expect(entry).toMatchObject({
        actor: { type: 'user', id: tenant.user.id },
        changes: { status: { from: 'submitted', to: 'accepted' } },
      });
      const rejections = await audit('nomination.reject');
      expect(rejections[0].changes).toMatchObject({ reason: 'Not an owner.' });
    });

    it('hides the nominations of another account’s meeting: 404', async () => {
      const created = await api.post(
        `/portal/v1/Meetings/${outsider.meeting.shortCode}/nominations`,
        candidate('Lia Stone'),
        { token: strangers[0].token },
      );
      expect(created.status, created.text).toBe(201);
      const foreign = Nomination.parse(created.body);
      const other = `/v1/Meetings/${outsider.meeting.shortCode}`;
      expectProblem(await api.get(`${other}/nominations`, asManager()), 404);
      expectProblem(
        await api.post(
          `${other}/nominations/${foreign.key}/accept`,
          undefined,
          asManager(),
        ),
        404,
      );
      // nor through the manager's own meeting
      expectProblem(
        await decide(foreign.key, 'accept'),
        404,
        'nomination_not_found',
      );
      const untouched = NominationList.parse(
        (await api.get(`${other}/nominations`, { token: outsider.token })).body,
      );
      expect(untouched[0].status).toBe('submitted');
    });
  });

  describe('the election from the accepted nominations', () => {
    const election = {
      name: 'Elect two directors',
      fromNominations: true,
      choices: 2,
      votingMethod: 'plurality',
    };

    it('is 409 nominations_open while nominations are open', async () => {
      expectProblem(await createElection(election), 409, 'nominations_open');
    });

    it('is 409 nominations_open when the meeting has no deadline, as nominating is closed', async () => {
      await setDeadline(null);
      expectProblem(await createElection(election), 409, 'nominations_open');
      expectProblem(
        await nominate(voters[4], candidate('Max Roy')),
        409,
        'nominations_closed',
      );
      await setDeadline(new Date(gateway.clock.nowMs() + 24 * HOUR));
    });

    it('refuses options beside fromNominations: 400', async () => {
      expectProblem(
        await createElection({ ...election, options: ['A', 'B'] }),
        400,
      );
    });

    it('closes nominating and withdrawing at the deadline', async () => {
      const standing = await nominated(voters[4], candidate('Nia Cole'));
      const ben = NominationList.parse(
        (await api.get(`${portal()}/nominations`, { token: voters[1].token }))
          .body,
      ).find((n) => n.name === 'Ben Okafor')!;
      await decided(ben.key, 'accept');
      const ana = NominationList.parse(
        (await api.get(`${portal()}/nominations`, { token: voters[1].token }))
          .body,
      ).find((n) => n.name === 'Ana Ortiz')!;
      await decided(ana.key, 'accept');
      await setDeadline(new Date(gateway.clock.nowMs() - 1000));
      expectProblem(
        await nominate(voters[4], candidate('Oli Dunn')),
        409,
        'nominations_closed',
      );
      expectProblem(
        await api.delete(`${portal()}/nominations/${standing.key}`, {
          token: voters[4].token,
        }),
        409,
        'nominations_closed',
      );
      // managers still decide after the deadline
      await decided(standing.key, 'reject', { reason: 'Late paperwork.' });
    });

    it('refuses more seats than candidates, like any matter', async () => {
      expectProblem(
        await createElection({ ...election, choices: 4 }),
        400,
        'too_many_choices',
      );
    });

    it('builds the election from the accepted names in the order accepted, each with its statement', async () => {
      const result = await createElection(election);
      expect(result.status, result.text).toBe(201);
      const matter = Matter.parse(result.body);
      expect(matter.options).toEqual(['Grace Lee', 'Ben Okafor', 'Ana Ortiz']);
      expect(matter.choices).toBe(2);
      expect(matter.candidates).toEqual([
        {
          name: 'Grace Lee',
          statement: `${STATEMENT} (Grace Lee)`,
          translations: {},
        },
        {
          name: 'Ben Okafor',
          statement: `${STATEMENT} (Ben Okafor)`,
          translations: {},
        },
        {
          name: 'Ana Ortiz',
          statement: `${STATEMENT} (Ana Ortiz)`,
          translations: {},
        },
      ]);
    });

    it('shows the statements to voters: the portal’s matters and the early-ballot form', async () => {
      const meeting = await api.get(portal(), { token: voters[3].token });
      expect(meeting.status, meeting.text).toBe(200);
      const portalMatter = PortalMeeting.parse(meeting.body).matters.find(
        (m) => m.name === 'Elect two directors',
      );
      expect(portalMatter?.candidates.map((c) => c.name)).toEqual([
        'Grace Lee',
        'Ben Okafor',
        'Ana Ortiz',
      ]);
      expect(portalMatter?.candidates[0].statement).toBe(
        `${STATEMENT} (Grace Lee)`,
      );
      const form = await api.get(`${portal()}/proxy-form`, {
        token: voters[3].token,
      });
      expect(form.status, form.text).toBe(200);
      const formMatter = ProxyForm.parse(form.body).matters.find(
        (m) => m.name === 'Elect two directors',
      );
      expect(formMatter?.candidates).toEqual(portalMatter?.candidates);
    });

    it('keeps the statements with their options when a manager drops, reorders or adds candidates', async () => {
      const matters = await api.get(`${base()}/matters`, asManager());
      const election = (matters.body as Matter[]).find(
        (m) => m.name === 'Elect two directors',
      )!;
      const result = await api.patch(
        `${base()}/matters/${election.key}`,
        { options: ['Ana Ortiz', 'Grace Lee', 'Write-in'] },
        asManager(),
      );
      expect(result.status, result.text).toBe(200);
      expect(Matter.parse(result.body).candidates).toEqual([
        {
          name: 'Ana Ortiz',
          statement: `${STATEMENT} (Ana Ortiz)`,
          translations: {},
        },
        {
          name: 'Grace Lee',
          statement: `${STATEMENT} (Grace Lee)`,
          translations: {},
        },
        // one per option: an option without a nomination has no statement
        { name: 'Write-in', statement: '', translations: {} },
      ]);
    });

    it('is 409 no_accepted_nominations for a meeting with none accepted', async () => {
      const result = await api.patch(
        `/v1/Meetings/${outsider.meeting.shortCode}`,
        {
          nominationExpiryDate: new Date(
            gateway.clock.nowMs() - 1000,
          ).toISOString(),
        },
        { token: outsider.token },
      );
      expect(result.status, result.text).toBe(200);
      expectProblem(
        await api.post(
          `/v1/Meetings/${outsider.meeting.shortCode}/matters`,
          election,
          { token: outsider.token },
        ),
        409,
        'no_accepted_nominations',
      );
    });

    it('sent each nominee’s confirmation once in all', () => {
      const grace = smtp.messages.filter((m) =>
        m.envelope.to.includes('grace@nominees.test'),
      );
      expect(grace).toHaveLength(1);
    });
  });
});
