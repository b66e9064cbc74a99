import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkInviteResult,
  InviteResult,
  MeetingStats,
  Member,
  ProxyHolderSummary,
} from '@livevote/contracts';
import { ManualClock } from '../src/common/clock';
import { Database } from '../src/database/database';
import { members, voters } from '../src/database/schema';
import {
  createMeeting,
  createTenant,
  type MeetingFixtureRow,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const PUBLIC_URL = 'https://app.example.test';

let sequence = 0;

/** A member with one voter per address given. */
async function addUnit(
  gateway: TestGateway,
  meetingId: string,
  ...emails: string[]
): Promise<{ memberId: string; voterIds: string[] }> {
  sequence += 1;
  const db = gateway.app.get(Database).db;
  const [member] = await db
    .insert(members)
    .values({
      meetingId,
      unit: `R-${sequence}`,
      controlNumber: `RC-${sequence}`,
    })
    .returning();
  const rows = emails.length
    ? await db
        .insert(voters)
        .values(
          emails.map((email, i) => ({
            meetingId,
            memberId: member.id,
            name: `Owner ${sequence}.${i}`,
            email,
          })),
        )
        .returning()
    : [];
  return { memberId: member.id, voterIds: rows.map((row) => row.id) };
}

describe('Resending invites and holder links', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let alice: TenantFixture;
  let bob: TenantFixture;

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => address.endsWith('@bounce.test'),
    });
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      clock: new ManualClock(NOW),
      env: {
        SMTP_URL: sink.url,
        PUBLIC_URL,
        MAIL_RESENDS_PER_RECIPIENT: '3',
        BULK_RESENDS_PER_MEETING: '2',
      },
    });
    api = http(gateway.baseUrl);
    alice = await createTenant(gateway);
    bob = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await database?.drop();
  });

  const as = (tenant: TenantFixture) => ({ token: tenant.token });
  const sentTo = (address: string) =>
    sink.messages.filter((m) => m.envelope.to.includes(address)).length;

  async function memberOf(meeting: MeetingFixtureRow, memberId: string) {
    const result = await api.get(
      `/v1/Meetings/${meeting.shortCode}/members/${memberId}`,
      as(alice),
    );
    expect(result.status).toBe(200);
    return Member.parse(result.body);
  }

  async function auditLines(meeting: MeetingFixtureRow, kind: string) {
    const audit = await fetch(
      `${gateway.baseUrl}/v1/Meetings/${meeting.shortCode}/audit?kind=${kind}`,
      { headers: { authorization: `Bearer ${alice.token}` } },
    );
    return (await audit.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  async function summary(meeting: MeetingFixtureRow) {
    const result = await api.get(
      `/v1/Meetings/${meeting.shortCode}/stats`,
      as(alice),
    );
    expect(result.status).toBe(200);
    return MeetingStats.parse(result.body).noticeStatusSummary;
  }

  describe('a voter invite', () => {
    it('shows when it went, and that a refused address bounced, with the server’s words', async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      const good = await addUnit(gateway, meeting.id, 'ok@example.test');
      const bad = await addUnit(gateway, meeting.id, 'gone@bounce.test');
      const invite = (memberId: string, email: string) =>
        api.post(
          `/v1/Meetings/${meeting.shortCode}/members/${memberId}/voters/${encodeURIComponent(email)}/invite`,
          undefined,
          as(alice),
        );

      const sent = await invite(good.memberId, 'ok@example.test');
      expect(sent.status).toBe(200);
      expectProblem(
        await invite(bad.memberId, 'gone@bounce.test'),
        502,
        'mail_not_sent',
      );

      const [okVoter] = (await memberOf(meeting, good.memberId)).voters;
      expect(okVoter.inviteDelivery).toEqual({
        status: 'sent',
        at: InviteResult.parse(sent.body).sentAt,
        detail: null,
      });
      expect(okVoter.lastInviteDate).toBe(okVoter.inviteDelivery!.at);
      const [goneVoter] = (await memberOf(meeting, bad.memberId)).voters;
      expect(goneVoter.lastInviteDate).toBeNull();
      expect(goneVoter.inviteDelivery).toMatchObject({ status: 'bounced' });
      expect(goneVoter.inviteDelivery!.detail).toMatch(/550/);
      expect(await summary(meeting)).toBe(
        '1 of 2 voters invited; 1 invite bounced',
      );

      const entries = (await auditLines(meeting, 'voter.invite')).map(
        (line) => line as { changes: Record<string, unknown> },
      );
      // one entry each, whatever order two sends in one millisecond were written in
      expect(
        entries.map((entry) => entry.changes.delivery ?? 'sent').sort(),
      ).toEqual(['bounced', 'sent']);
    });

    it('sends again on request, a few times an hour to one voter, then 429 with Retry-After', async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      const unit = await addUnit(gateway, meeting.id, 'again@example.test');
      const path = `/v1/Meetings/${meeting.shortCode}/members/${unit.memberId}/voters/again%40example.test/invite`;
      for (let i = 0; i < 3; i += 1)
        expect((await api.post(path, undefined, as(alice))).status).toBe(200);
      expect(sentTo('again@example.test')).toBe(3);
      const limited = expectProblem(
        await api.post(path, undefined, as(alice)),
        429,
        'rate_limited',
      );
      expect(limited.detail).toMatch(/within the hour/);
      expect(sentTo('again@example.test')).toBe(3);
    });
  });

  describe('POST /v1/Meetings/{shortCode}/invites', () => {
    it('sends to the uninvited, then again to those not reached, then to all', async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      await addUnit(gateway, meeting.id, 'first@example.test');
      const bounced = await addUnit(gateway, meeting.id, 'lost@bounce.test');
      await addUnit(gateway, meeting.id, 'second@example.test');
      const bulk = (body?: object) =>
        api.post(`/v1/Meetings/${meeting.shortCode}/invites`, body, as(alice));

      const first = await bulk();
      expect(BulkInviteResult.parse(first.body)).toMatchObject({
        sent: 2,
        failed: 1,
        skipped: 0,
      });
      // the default sends nobody twice, even the one that bounced was tried
      expect(BulkInviteResult.parse((await bulk()).body)).toMatchObject({
        sent: 0,
        failed: 1,
        skipped: 2,
      });
      // invited before deliveries were recorded: sent once, no status, not "not reached"
      const legacy = await addUnit(gateway, meeting.id, 'legacy@example.test');
      await gateway.app
        .get(Database)
        .db.update(voters)
        .set({ lastInviteDate: new Date(), inviteStatus: null })
        .where(eq(voters.id, legacy.voterIds[0]));
      // the address was corrected: "not reached" tries it again, and only it
      await gateway.app
        .get(Database)
        .db.update(voters)
        .set({ email: 'found@example.test' })
        .where(eq(voters.id, bounced.voterIds[0]));
      const again = sink.messages.length;
      expect(
        BulkInviteResult.parse((await bulk({ to: 'undelivered' })).body),
      ).toMatchObject({ sent: 1, failed: 0, skipped: 3 });
      expect(
        sink.messages
          .slice(again)
          .map((m) => m.envelope.to)
          .flat(),
      ).toEqual(['found@example.test']);
      expect(await summary(meeting)).toBe('4 of 4 voters invited');

      const before = sink.messages.length;
      expect(
        BulkInviteResult.parse((await bulk({ to: 'all' })).body),
      ).toMatchObject({ sent: 4, failed: 0, skipped: 0 });
      expect(sink.messages.length - before).toBe(4);

      // two resends of the whole meeting an hour (the test's setting), then 429
      const limited = expectProblem(
        await bulk({ to: 'all' }),
        429,
        'rate_limited',
      );
      expect(limited.detail).toMatch(/sent again recently/);
      expect(sink.messages.length - before).toBe(4);
    });

    it('holds one address to the per-recipient budget in every run, the default one too', async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      await addUnit(gateway, meeting.id, 'never@bounce.test');
      const bulk = () =>
        api.post(`/v1/Meetings/${meeting.shortCode}/invites`, {}, as(alice));
      // the default run tries a refused address again each time: three an hour (the test's setting)
      for (let i = 0; i < 3; i += 1)
        expect(BulkInviteResult.parse((await bulk()).body)).toMatchObject({
          sent: 0,
          failed: 1,
          skipped: 0,
        });
      expect(BulkInviteResult.parse((await bulk()).body)).toMatchObject({
        sent: 0,
        failed: 0,
        skipped: 1,
      });

      // runs side by side reach one new address no more often
      await addUnit(gateway, meeting.id, 'side@example.test');
      const runs = await Promise.all(Array.from({ length: 5 }, () => bulk()));
      for (const run of runs) expect(run.status, run.text).toBe(200);
      expect(sentTo('side@example.test')).toBeLessThanOrEqual(3);
    });

    it('refuses an unknown target, unknown fields and wrong types with 400 errors[]', async () => {
      const meeting = await createMeeting(gateway, alice.account.key);
      for (const body of [
        { to: 'everyone' },
        { to: 1 },
        { to: 'all', force: true },
        { to: 'all\u0000' },
      ]) {
        const refused = expectProblem(
          await api.post(
            `/v1/Meetings/${meeting.shortCode}/invites`,
            body,
            as(alice),
          ),
          400,
        );
        expect(refused).toHaveProperty('errors');
      }
    });

    it('answers 404 for another account’s meeting and 401 without a token', async () => {
      expectProblem(
        await api.post(
          `/v1/Meetings/${bob.meeting.shortCode}/invites`,
          { to: 'all' },
          as(alice),
        ),
        404,
        'meeting_not_found',
      );
      expect(
        (
          await api.post(`/v1/Meetings/${alice.meeting.shortCode}/invites`, {
            to: 'all',
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('POST /v1/Meetings/{shortCode}/proxy-holders/{holderKey}/notice', () => {
    let meeting: MeetingFixtureRow;
    let holders: ProxyHolderSummary[];

    beforeAll(async () => {
      meeting = await createMeeting(gateway, alice.account.key);
      await api.patch(
        `/v1/Meetings/${meeting.shortCode}/settings`,
        { defaultProxyHolders: ['Board Secretary'] },
        as(alice),
      );
      const appoint = async (holder: object) => {
        const unit = await addUnit(gateway, meeting.id);
        const result = await api.post(
          `/v1/Meetings/${meeting.shortCode}/proxies`,
          {
            memberKey: unit.memberId,
            holder,
            directions: [],
            signedName: 'Owner',
          },
          as(alice),
        );
        expect(result.status).toBe(201);
      };
      await appoint({
        isDefault: false,
        name: 'Nadia Holder',
        email: 'nadia@example.test',
      });
      await appoint({
        isDefault: false,
        name: 'Old Address',
        email: 'old@bounce.test',
      });
      await appoint({ isDefault: true, name: 'Board Secretary' });
      holders = (
        await api.get(
          `/v1/Meetings/${meeting.shortCode}/proxy-holders`,
          as(alice),
        )
      ).body as ProxyHolderSummary[];
    });

    const holder = (name: string) => holders.find((h) => h.name === name)!;
    const resend = (
      key: string,
      tenant = alice,
      shortCode = meeting.shortCode,
    ) =>
      api.post(
        `/v1/Meetings/${shortCode}/proxy-holders/${key}/notice`,
        undefined,
        as(tenant),
      );

    it('sends the named holder its link again and shows when it went', async () => {
      // the appointment sent the first one
      expect(holder('Nadia Holder').notice).toMatchObject({ status: 'sent' });
      const before = sentTo('nadia@example.test');
      const result = await resend(holder('Nadia Holder').key);
      expect(result.status).toBe(200);
      const { sentAt } = InviteResult.parse(result.body);
      expect(sentTo('nadia@example.test')).toBe(before + 1);
      const mail = sink.messages.at(-1)!.parsed;
      expect(mail.text).toMatch(
        new RegExp(`${PUBLIC_URL}/vote/${meeting.shortCode}/holder\\?token=`),
      );
      const listed = (
        await api.get(
          `/v1/Meetings/${meeting.shortCode}/proxy-holders`,
          as(alice),
        )
      ).body as ProxyHolderSummary[];
      expect(
        ProxyHolderSummary.parse(listed.find((h) => h.name === 'Nadia Holder'))
          .notice,
      ).toEqual({ status: 'sent', at: sentAt, detail: null });

      expect((await auditLines(meeting, 'holder.notice'))[0]).toMatchObject({
        kind: 'holder.notice',
        subject: { type: 'holder', label: 'Nadia Holder' },
        changes: { email: 'nadia@example.test', sentAt },
      });
    });

    it('answers 502 notice_not_sent for a refused address, which then shows as bounced', async () => {
      const old = holder('Old Address');
      expect(old.notice).toMatchObject({ status: 'bounced' });
      expect(await summary(meeting)).toMatch(/1 proxy holder's link bounced/);
      expectProblem(await resend(old.key), 502, 'notice_not_sent');
    });

    it('answers 409 for a default holder, who has no address', async () => {
      expectProblem(
        await resend(holder('Board Secretary').key),
        409,
        'holder_has_no_email',
      );
    });

    it('answers 404 to another account, for an unknown or malformed key', async () => {
      const nadia = holder('Nadia Holder').key;
      expectProblem(await resend(nadia, bob), 404, 'meeting_not_found');
      expectProblem(
        await resend(nadia, bob, bob.meeting.shortCode),
        404,
        'holder_not_found',
      );
      expectProblem(
        await resend('00000000-0000-4000-8000-000000000000'),
        404,
        'holder_not_found',
      );
      expectProblem(await resend('not-a-key'), 404, 'holder_not_found');
      expect(
        (
          await api.post(
            `/v1/Meetings/${meeting.shortCode}/proxy-holders/${nadia}/notice`,
          )
        ).status,
      ).toBe(401);
    });

    it('stops after a few links an hour to one holder', async () => {
      const nadia = holder('Nadia Holder').key;
      // one was sent above; two more are allowed at the test's setting of 3
      expect((await resend(nadia)).status).toBe(200);
      expect((await resend(nadia)).status).toBe(200);
      const limited = await resend(nadia);
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
