import { PortalSessionResponse } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const PUBLIC_URL = 'https://app.example.test';

/** The invite token of the personal link in a mail's text. */
function inviteTokenIn(text: string, shortCode: string): string {
  const match = new RegExp(
    `${PUBLIC_URL.replace(/\./g, '\\.')}/vote/${shortCode}\\?invite=([A-Za-z0-9._-]+)`,
  ).exec(text);
  if (!match) throw new Error(`no portal link in: ${text}`);
  return match[1];
}

/**
 * Self-registration must not hand over an existing voter's session (docs/security.md): a
 * co-owner who knows the unit's control number and another owner's e-mail gets a refusal,
 * and only the owner of that address gets in, by the link mailed to it.
 */
describe('Portal registration with an e-mail that is already a voter', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let sink: SmtpSink;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const shortCode = () => tenant.meeting.shortCode;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;

  const controlNumberOf = async (memberId: string) =>
    (await gateway.app.get(Database).db.query.members.findFirst({
      where: (m, { eq }) => eq(m.id, memberId),
    }))!.controlNumber;
  const mailsTo = (address: string) =>
    sink.messages.filter((m) =>
      m.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()),
    );
  const register = (
    body: Record<string, unknown>,
    ip = '10.1.0.1',
  ): ReturnType<Http['post']> =>
    api.post(`${portal()}/register`, body, {
      headers: { 'x-forwarded-for': ip },
    });

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: { TRUST_PROXY: 'true', SMTP_URL: sink.url, PUBLIC_URL },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
    const settings = await api.patch(
      `/v1/Meetings/${shortCode()}/settings`,
      { questionCategories: ['Budget'] },
      { token: tenant.token },
    );
    expect(settings.status, settings.text).toBe(200);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('gives no session for the co-owner, only a refusal, and mails the owner its own link', async () => {
    const victim = voters[0];
    const asked = await api.post(
      `${portal()}/questions`,
      { category: 'Budget', text: 'Why did the roof cost double?' },
      { token: victim.token },
    );
    expect(asked.status, asked.text).toBe(201);
    const code = await api.get(`${portal()}/check-in-code`, {
      token: victim.token,
    });
    expect(code.status, code.text).toBe(200);

    const controlNumber = await controlNumberOf(victim.memberId);
    const before = mailsTo(victim.email).length;
    // the address as the attacker typed it: other capitals, same mailbox
    const attempt = await register({
      controlNumber,
      name: 'Mallory',
      email: victim.email.toUpperCase(),
    });
    expectProblem(attempt, 409, 'voter_exists');
    expect(attempt.body).not.toHaveProperty('voterToken');
    expect(attempt.text).not.toContain(victim.voterId);
    expect(attempt.text).not.toContain(code.body.code);
    // nothing in the answer opens the victim's private pages
    for (const path of ['/questions', '/check-in-code', '/proxy'])
      expect((await api.get(`${portal()}${path}`)).status).toBe(401);

    // the owner of the address gets its personal link, and that link still opens its session
    const mails = mailsTo(victim.email);
    expect(mails).toHaveLength(before + 1);
    const token = inviteTokenIn(mails.at(-1)!.parsed.text ?? '', shortCode());
    const session = await api.post(`${portal()}/session`, {
      inviteToken: token,
    });
    expect(session.status, session.text).toBe(200);
    const own = PortalSessionResponse.parse(session.body);
    expect(own.voter.voterKey).toBe(victim.voterId);
    const questions = await api.get(`${portal()}/questions`, {
      token: own.voterToken,
    });
    expect(questions.body.questions).toHaveLength(1);
  });

  it('mails the link again at most once in a while, whatever the number of attempts', async () => {
    const victim = voters[1];
    const controlNumber = await controlNumberOf(victim.memberId);
    const before = mailsTo(victim.email).length;
    for (let i = 0; i < 3; i += 1)
      expectProblem(
        await register(
          { controlNumber, name: 'Mallory', email: victim.email },
          `10.1.1.${i}`,
        ),
        409,
        'voter_exists',
      );
    expect(mailsTo(victim.email)).toHaveLength(before + 1);
  });

  it('still registers a new e-mail of the unit at once, and refuses the same one afterwards', async () => {
    const controlNumber = await controlNumberOf(voters[2].memberId);
    const body = {
      controlNumber,
      name: 'Second Owner',
      email: 'second.owner@example.test',
    };
    const first = await register(body, '10.1.2.1');
    expect(first.status, first.text).toBe(200);
    const created = PortalSessionResponse.parse(first.body);
    expect(created.member.key).toBe(voters[2].memberId);
    expect(created.voter.email).toBe('second.owner@example.test');
    expect(
      (
        await api.get(`${portal()}/check-in-code`, {
          token: created.voterToken,
        })
      ).status,
    ).toBe(200);
    expectProblem(await register(body, '10.1.2.2'), 409, 'voter_exists');
  });

  it('answers in the language asked for, and still refuses bad input with 400', async () => {
    const controlNumber = await controlNumberOf(voters[0].memberId);
    const french = await api.post(
      `${portal()}/register`,
      { controlNumber, name: 'Mallory', email: voters[0].email },
      { headers: { 'x-forwarded-for': '10.1.3.1', 'accept-language': 'fr' } },
    );
    expectProblem(french, 409, 'voter_exists');
    expect(french.body.detail).toMatch(/lien personnel/);
    for (const body of [
      { controlNumber, name: 'M', email: voters[0].email, voterKey: 'x' },
      { controlNumber, name: 'M\u0000', email: 'not-an-address' },
      { controlNumber, name: 'M', email: 42 },
    ])
      expect((await register(body, '10.1.3.2')).status).toBe(400);
  });
});
