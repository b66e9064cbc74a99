import { PortalSessionResponse } from '@livevote/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import { proxyHolders } from '../src/database/schema';
import {
  createMeeting,
  createTenant,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateways, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const PUBLIC_URL = 'https://vote.example.test';

/**
 * Proxy-holder notices are no mail relay (docs/proxies.md, "Limits"): the attack of issue 31
 * replayed over HTTP on two nodes sharing PostgreSQL and Redis, the mail caught by a real
 * SMTP server.
 */
describe('Proxy holder notices', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let smtp: SmtpSink;
  let nodes: TestGateway[];
  let apis: Http[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];

  const portal = (shortCode: string) => `/portal/v1/Meetings/${shortCode}`;
  const submit = (
    token: string,
    holder: object,
    node = 0,
    shortCode = tenant.meeting.shortCode,
    extra: object = {},
  ) =>
    apis[node].post(
      `${portal(shortCode)}/proxy`,
      {
        holder,
        directions: [],
        signedName: 'Ann Owner',
        agree: true,
        ...extra,
      },
      { token },
    );
  const outsider = (tag: string, i: number) => ({
    isDefault: false,
    name: `Outsider ${i}`,
    email: `${tag}-${i}@elsewhere.test`,
  });
  const mailTo = (address: string) =>
    smtp.messages.filter((m) =>
      m.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()),
    );
  const namedHolders = async (meetingId: string) => {
    const [row] = await nodes[0].app
      .get(Database)
      .db.select({ count: sql<number>`count(*)::int` })
      .from(proxyHolders)
      .where(
        and(
          eq(proxyHolders.meetingId, meetingId),
          eq(proxyHolders.isDefault, false),
        ),
      );
    return Number(row.count);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    smtp = await startSmtpSink();
    nodes = await startGateways(2, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
    });
    apis = nodes.map((node) => http(node.baseUrl));
    tenant = await createTenant(nodes[0]);
    voters = await createVoters(nodes[0], tenant, 6);
  });

  afterAll(async () => {
    for (const node of nodes ?? []) await node.close();
    await smtp?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('bounds the proxies one member submits: 40 outside addresses from one voter, then from a second voter of the unit', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(await submit(voters[0].token, outsider('relay', i), i % 2));
    const accepted = answers.filter((a) => a.status === 201).length;
    expect(accepted).toBe(5);
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([
      201, 201, 201, 201, 201,
    ]);
    for (const refused of answers.slice(5))
      expectProblem(refused, 409, 'too_many_proxies');

    // another voter registered on the same unit shares the member's budget
    const registered = await apis[1].post(
      `${portal(tenant.meeting.shortCode)}/register`,
      {
        controlNumber: `CN-${tenant.meeting.id.slice(0, 8)}-0`,
        name: 'Co Owner',
        email: 'co-owner@owners.test',
      },
    );
    expect(registered.status, registered.text).toBe(200);
    const coOwner = PortalSessionResponse.parse(registered.body).voterToken;
    expectProblem(
      await submit(coOwner, outsider('relay', 99), 1),
      409,
      'too_many_proxies',
    );

    const relayed = smtp.messages.filter((m) =>
      m.envelope.to.some((to) => to.endsWith('@elsewhere.test')),
    );
    expect(relayed).toHaveLength(5);
    expect(await namedHolders(tenant.meeting.id)).toBe(5);
    // the member's own standing proxy is still the fifth one
    const mine = await apis[0].get(
      `${portal(tenant.meeting.shortCode)}/proxy`,
      {
        token: voters[0].token,
      },
    );
    expect(mine.body.holder.email).toBe('relay-4@elsewhere.test');
  });

  it('tells a holder once per meeting, however many members name it and on whichever node', async () => {
    const holder = {
      isDefault: false,
      name: 'Hana Holder',
      email: 'hana@holders.test',
    };
    for (const i of [1, 2, 3]) {
      const result = await submit(
        voters[i].token,
        i === 2 ? { ...holder, email: 'HANA@holders.test' } : holder,
        i % 2,
      );
      expect(result.status, result.text).toBe(201);
    }
    // the same member naming the same holder again
    expect((await submit(voters[3].token, holder, 0)).status).toBe(201);
    const notices = mailTo(holder.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].parsed.text).toContain(
      `${PUBLIC_URL}/vote/${tenant.meeting.shortCode}/holder?token=`,
    );
    // each member still gets its own confirmation
    for (const i of [1, 2, 3])
      expect(mailTo(voters[i].email).length).toBe(i === 3 ? 2 : 1);
  });

  it('never lets a name become a link in mail', async () => {
    const evil = {
      isDefault: false,
      name: 'Visit https://evil.example',
      email: 'target@elsewhere.test',
    };
    expectProblem(
      await submit(voters[4].token, evil),
      400,
      'validation_failed',
    );
    for (const name of [
      'www.evil.example',
      'Write to me@evil.example',
      'Click hxxp://x',
      'Line\nbreak',
      'Bell\u0007',
    ])
      expectProblem(
        await submit(voters[4].token, { ...evil, name }),
        400,
        'validation_failed',
      );
    expectProblem(
      await submit(
        voters[4].token,
        { ...evil, name: 'Evil Holder' },
        0,
        undefined,
        { signedName: 'See https://evil.example' },
      ),
      400,
      'validation_failed',
    );
    expect(mailTo(evil.email)).toHaveLength(0);

    // a bare host name passes as a name, but reaches no one as a link
    const accepted = await submit(
      voters[4].token,
      { ...evil, name: 'Visit evil.example now' },
      1,
      undefined,
      { signedName: 'Ann of evil.example' },
    );
    expect(accepted.status, accepted.text).toBe(201);
    const [notice] = mailTo(evil.email);
    const [confirmation] = mailTo(voters[4].email);
    for (const mail of [notice, confirmation]) {
      const text = mail.parsed.text ?? '';
      const html = mail.parsed.html ?? '';
      expect(text).toContain('evil\u2024example');
      expect(text).not.toContain('evil.example');
      expect(html).not.toContain('evil.example');
      // the only link in any of them is the holder's own page
      const links = [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map(
        (m) => m[1],
      );
      for (const link of links)
        expect(link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      const urls = text.match(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi) ?? [];
      for (const url of urls)
        expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    }
    expect(notice.parsed.html).toContain('<a href="https://vote.example.test/');
  });

  it('caps the holders a meeting takes from voters in a window (429 with Retry-After), known holders still welcome', async () => {
    const meeting = await createMeeting(nodes[0], tenant.account.key);
    const crowd = await createVoters(nodes[0], { ...tenant, meeting }, 11);
    const answers = [];
    for (const [m, voter] of crowd.entries())
      for (let i = 0; i < 5; i++)
        answers.push(
          await submit(
            voter.token,
            outsider(`crowd-${m}`, i),
            (m + i) % 2,
            meeting.shortCode,
          ),
        );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expectProblem(answer, 429, 'too_many_new_holders');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await namedHolders(meeting.id)).toBe(50);
    // a member whose budget is left may still name a holder the meeting already has
    const [late] = await createVoters(
      nodes[0],
      { ...tenant, meeting },
      1,
      () => ({
        unit: 'LATE',
        controlNumber: `CN-late-${meeting.id}`,
      }),
    );
    const known = await submit(
      late.token,
      outsider('crowd-0', 0),
      1,
      meeting.shortCode,
    );
    expect(known.status, known.text).toBe(201);
    expectProblem(
      await submit(late.token, outsider('fresh', 0), 0, meeting.shortCode),
      429,
      'too_many_new_holders',
    );
  });
});
