import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkInviteResult,
  InviteResult,
  PersonalLink,
} from '@livevote/contracts';
import { ManualClock } from '../src/common/clock';
import { Database } from '../src/database/database';
import { members, voters } from '../src/database/schema';
import { AccessTokensService } from '../src/identity/access-tokens.service';
import { InviteTokensService } from '../src/members/invite-tokens.service';
import {
  createMeeting,
  createTenant,
  signIn,
  type MeetingFixtureRow,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const NOW = new Date('2026-11-01T12:00:00.000Z');
/** 6:00 PM in Toronto (EST, UTC-5). */
const MEETING_DATE = new Date('2026-12-01T23:00:00.000Z');
const PORTAL_HOST = 'vote.example.test';
const PUBLIC_URL = 'https://app.example.test';

type MemberRow = typeof members.$inferSelect;
type VoterRow = typeof voters.$inferSelect;

let unitSequence = 0;

async function addMember(
  gateway: TestGateway,
  meetingId: string,
): Promise<MemberRow> {
  unitSequence += 1;
  const [row] = await gateway.app
    .get(Database)
    .db.insert(members)
    .values({
      meetingId,
      unit: `U-${unitSequence}`,
      controlNumber: `CN-${unitSequence}`,
    })
    .returning();
  return row;
}

async function addVoter(
  gateway: TestGateway,
  member: MemberRow,
  overrides: Partial<typeof voters.$inferInsert> = {},
): Promise<VoterRow> {
  unitSequence += 1;
  const [row] = await gateway.app
    .get(Database)
    .db.insert(voters)
    .values({
      memberId: member.id,
      meetingId: member.meetingId,
      name: `Voter ${unitSequence}`,
      email: `voter${unitSequence}@example.test`,
      ...overrides,
    })
    .returning();
  return row;
}

async function readVoter(gateway: TestGateway, id: string): Promise<VoterRow> {
  const [row] = await gateway.app
    .get(Database)
    .db.select()
    .from(voters)
    .where(eq(voters.id, id));
  return row;
}

const invitePath = (shortCode: string, memberKey: string, email: string) =>
  `/v1/Meetings/${shortCode}/members/${memberKey}/voters/${encodeURIComponent(email)}/invite`;

function portalToken(text: string, shortCode: string): string {
  const match = new RegExp(
    `${PUBLIC_URL.replace(/\./g, '\\.')}/vote/${shortCode}\\?invite=([A-Za-z0-9._-]+)`,
  ).exec(text);
  if (!match) throw new Error(`no portal link in: ${text}`);
  return match[1];
}

describe('Voter invites', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let gateway: TestGateway;
  let clock: ManualClock;
  let api: Http;
  let alice: TenantFixture;
  let bob: TenantFixture;
  let meeting: MeetingFixtureRow;
  let member: MemberRow;
  let otherMember: MemberRow;

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => address.endsWith('@bounce.test'),
    });
    database = await createTestDatabase();
    clock = new ManualClock(NOW);
    gateway = await startGateway({
      databaseUrl: database.url,
      clock,
      env: {
        SMTP_URL: sink.url,
        PORTAL_HOST,
        PUBLIC_URL,
        MAIL_FROM: 'Harbourview Votes <votes@example.test>',
      },
    });
    api = http(gateway.baseUrl);
    alice = await createTenant(gateway);
    bob = await createTenant(gateway);
    meeting = await createMeeting(gateway, alice.account.key, {
      name: 'Harbourview AGM 2026',
      description: 'Budget & <bylaw> vote.',
      location: 'Party room, 100 Harbour St',
      meetingDate: MEETING_DATE,
      meetingTimezone: 'America/Toronto',
      duration: 90,
      contact: { email: 'chair@harbourview.test', name: 'Pat Chair' },
    });
    member = await addMember(gateway, meeting.id);
    otherMember = await addMember(gateway, meeting.id);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await database?.drop();
  });

  describe('POST /v1/Meetings/{shortCode}/members/{memberKey}/voters/{email}/invite', () => {
    it('mails the voter the meeting details, a calendar file and a personal portal link', async () => {
      const voter = await addVoter(gateway, member, {
        name: 'Ann Owner',
        email: 'Ann.Owner+agm@Example.test',
      });
      const before = sink.messages.length;

      const result = await api.post(
        invitePath(meeting.shortCode, member.id, 'ann.owner+AGM@example.TEST'),
        undefined,
        { token: alice.token },
      );

      expect(result.status).toBe(200);
      expect(InviteResult.parse(result.body)).toEqual({
        sentAt: NOW.toISOString(),
      });
      expect(sink.messages).toHaveLength(before + 1);
      const { envelope, parsed } = sink.messages[before];
      // nodemailer lower-cases the domain; the local part is kept as stored.
      expect(envelope.to).toEqual(['Ann.Owner+agm@example.test']);
      expect(envelope.from).toBe('votes@example.test');
      expect(parsed.to?.map((a) => ('address' in a ? a.address : ''))).toEqual([
        'Ann.Owner+agm@example.test',
      ]);
      expect(parsed.subject).toContain('Harbourview AGM 2026');
      expect(
        parsed.replyTo?.map((a) => ('address' in a ? a.address : '')),
      ).toEqual(['chair@harbourview.test']);

      const text = parsed.text ?? '';
      expect(text).toContain('Hello Ann Owner');
      expect(text).toContain('December 1, 2026');
      expect(text).toContain('6:00 PM');
      expect(text).not.toContain('11:00 PM');
      expect(text).toContain('America/Toronto');
      expect(text).toContain('Party room, 100 Harbour St');
      expect(text).toContain('Budget & <bylaw> vote.');
      expect(text).toContain(`https://${meeting.shortCode}.${PORTAL_HOST}`);
      const html = parsed.html ?? '';
      expect(html).toContain('Budget &amp; &lt;bylaw&gt; vote.');
      expect(html).toContain('6:00 PM');

      const token = portalToken(text, meeting.shortCode);
      expect(portalToken(html, meeting.shortCode)).toBe(token);
      expect(gateway.app.get(InviteTokensService).verify(token)).toEqual({
        voterId: voter.id,
        meetingId: meeting.id,
      });

      // the calendar, and the check-in QR shown inline (docs/hybrid-meetings.md)
      expect(parsed.attachments).toHaveLength(2);
      const ics = parsed.attachments.find((a) => a.mimeType !== 'image/png')!;
      const qr = parsed.attachments.find((a) => a.mimeType === 'image/png')!;
      expect(qr.related).toBe(true);
      expect(html).toContain(
        `src="cid:${qr.contentId?.replace(/^<|>$/g, '')}"`,
      );
      expect(ics.mimeType).toBe('text/calendar');
      expect(ics.filename).toBe(`${meeting.shortCode}.ics`);
      // postal-mime hands text parts back with LF line ends; unfold RFC 5545 continuations.
      const calendar = String(ics.content).replace(/\r?\n[ \t]/g, '');
      expect(calendar).toMatch(/^BEGIN:VCALENDAR\r?\n/);
      expect(calendar).toContain('DTSTART:20261201T230000Z');
      expect(calendar).toContain('DTEND:20261202T003000Z');
      expect(calendar).toContain('SUMMARY:Harbourview AGM 2026');
      expect(calendar).toContain('LOCATION:Party room\\, 100 Harbour St');
      expect(calendar).toContain('X-WR-TIMEZONE:America/Toronto');
      expect(calendar).toContain('mailto:chair@harbourview.test');
      expect(calendar).toContain(`UID:${meeting.id}@${PORTAL_HOST}`);
      expect(calendar).toContain(
        `URL;VALUE=URI:https://${meeting.shortCode}.${PORTAL_HOST}`,
      );
      expect(calendar).not.toContain(token);

      expect((await readVoter(gateway, voter.id)).lastInviteDate).toEqual(NOW);
      const read = await api.get(
        `/v1/Meetings/${meeting.shortCode}/members/${member.id}/voters/${encodeURIComponent(voter.email)}`,
        { token: alice.token },
      );
      expect(read.status).toBe(200);
      expect(read.body.lastInviteDate).toBe(NOW.toISOString());
    });

    it('records the later date when a voter is invited again', async () => {
      const voter = await addVoter(gateway, member);
      const path = invitePath(meeting.shortCode, member.id, voter.email);
      expect(
        (await api.post(path, undefined, { token: alice.token })).status,
      ).toBe(200);
      clock.advance(60_000);
      try {
        const again = await api.post(path, undefined, { token: alice.token });
        expect(again.status).toBe(200);
        const later = new Date(NOW.getTime() + 60_000);
        expect(again.body).toEqual({ sentAt: later.toISOString() });
        expect((await readVoter(gateway, voter.id)).lastInviteDate).toEqual(
          later,
        );
      } finally {
        clock.set(NOW);
      }
    });

    it('refuses with 409 emails_disabled and sends nothing when the voter turned e-mails off', async () => {
      const voter = await addVoter(gateway, member, {
        communicationPreferences: {
          disableAllEmails: true,
          disableConsentReminders: false,
        },
      });
      const before = sink.messages.length;
      const path = invitePath(meeting.shortCode, member.id, voter.email);
      const english = await api.post(path, undefined, { token: alice.token });
      expectProblem(english, 409, 'emails_disabled');
      expect(english.body.detail).toBe('The voter has disabled all e-mails.');
      const french = await api.post(path, undefined, {
        token: alice.token,
        headers: { 'accept-language': 'fr-CA' },
      });
      expectProblem(french, 409, 'emails_disabled');
      expect(french.body.detail).toBe(
        'Ce votant a désactivé tous les courriels.',
      );
      expect(sink.messages).toHaveLength(before);
      expect((await readVoter(gateway, voter.id)).lastInviteDate).toBeNull();
    });

    it('answers 502 mail_not_sent and leaves the voter uninvited when the mail server refuses', async () => {
      const voter = await addVoter(gateway, member, {
        email: 'gone@bounce.test',
      });
      const refused = await api.post(
        invitePath(meeting.shortCode, member.id, voter.email),
        undefined,
        { token: alice.token },
      );
      expectProblem(refused, 502, 'mail_not_sent');
      expect(refused.body.detail).toBe(
        'The mail server did not accept the invite; try again.',
      );
      expect((await readVoter(gateway, voter.id)).lastInviteDate).toBeNull();
    });

    it('answers 404 for an unknown or foreign meeting, member or voter', async () => {
      const voter = await addVoter(gateway, member);
      const bobsMember = await addMember(gateway, bob.meeting.id);
      const bobsVoter = await addVoter(gateway, bobsMember);
      const cases: [string, string][] = [
        [
          invitePath(bob.meeting.shortCode, bobsMember.id, bobsVoter.email),
          'meeting_not_found',
        ],
        [
          invitePath('nosuchmeeting', member.id, voter.email),
          'meeting_not_found',
        ],
        [
          invitePath(
            meeting.shortCode,
            '00000000-0000-4000-8000-000000000000',
            voter.email,
          ),
          'member_not_found',
        ],
        [
          invitePath(meeting.shortCode, 'not-a-uuid', voter.email),
          'member_not_found',
        ],
        [
          invitePath(meeting.shortCode, bobsMember.id, bobsVoter.email),
          'member_not_found',
        ],
        [
          invitePath(meeting.shortCode, member.id, 'nobody@example.test'),
          'voter_not_found',
        ],
        [
          invitePath(meeting.shortCode, otherMember.id, voter.email),
          'voter_not_found',
        ],
      ];
      const before = sink.messages.length;
      for (const [path, code] of cases)
        expectProblem(
          await api.post(path, undefined, { token: alice.token }),
          404,
          code,
        );
      expect(sink.messages).toHaveLength(before);
      expect(
        (await readVoter(gateway, bobsVoter.id)).lastInviteDate,
      ).toBeNull();
    });

    it('requires a manager token', async () => {
      const voter = await addVoter(gateway, member);
      expectProblem(
        await api.post(invitePath(meeting.shortCode, member.id, voter.email)),
        401,
      );
    });

    it('rejects a body with fields', async () => {
      const voter = await addVoter(gateway, member);
      const problem = expectProblem(
        await api.post(
          invitePath(meeting.shortCode, member.id, voter.email),
          { resend: true },
          { token: alice.token },
        ),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([
        { path: 'resend', message: 'Unknown field.' },
      ]);
      expect((await readVoter(gateway, voter.id)).lastInviteDate).toBeNull();
    });
  });

  describe(InviteTokensService.name, () => {
    const voterAndMeeting = () => ({
      voter: { id: '11111111-1111-4111-8111-111111111111' },
      meeting: { id: meeting.id, meetingDate: MEETING_DATE, duration: 90 },
    });

    it('is not accepted as a manager credential', async () => {
      const { voter, meeting: m } = voterAndMeeting();
      const token = gateway.app.get(InviteTokensService).issue(voter, m);
      expectProblem(
        await api.get('/v1/Accounts', { token }),
        401,
        'invalid_token',
      );
      expect(gateway.app.get(AccessTokensService).verify(token)).toBeNull();
    });

    it('does not take a manager token or a tampered one', () => {
      const tokens = gateway.app.get(InviteTokensService);
      expect(tokens.verify(alice.token)).toBeNull();
      const { voter, meeting: m } = voterAndMeeting();
      const token = tokens.issue(voter, m);
      const [header, , signature] = token.split('.');
      const forged = Buffer.from(
        JSON.stringify({
          sub: voter.id,
          mtg: bob.meeting.id,
          aud: 'invite',
          exp: 4_000_000_000,
        }),
      ).toString('base64url');
      expect(tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
      expect(tokens.verify('not.a.jwt')).toBeNull();
    });

    it('expires 30 days after the meeting ends', () => {
      const tokens = gateway.app.get(InviteTokensService);
      const { voter, meeting: m } = voterAndMeeting();
      const token = tokens.issue(voter, m);
      const end = MEETING_DATE.getTime() + 90 * 60_000;
      try {
        clock.set(new Date(end + 30 * 86_400_000 - 1000));
        expect(tokens.verify(token)).toEqual({
          voterId: voter.id,
          meetingId: meeting.id,
        });
        clock.set(new Date(end + 30 * 86_400_000 + 1000));
        expect(tokens.verify(token)).toBeNull();
      } finally {
        clock.set(NOW);
      }
    });
  });

  describe('POST /v1/Meetings/{shortCode}/invites', () => {
    it('invites only the voters not yet invited whose e-mails are on, and counts refusals', async () => {
      const bulkMeeting = await createMeeting(gateway, alice.account.key, {
        name: 'Bulk Meeting',
      });
      const unitA = await addMember(gateway, bulkMeeting.id);
      const unitB = await addMember(gateway, bulkMeeting.id);
      const fresh1 = await addVoter(gateway, unitA);
      const fresh2 = await addVoter(gateway, unitA);
      const earlier = new Date('2026-10-01T00:00:00.000Z');
      const invited = await addVoter(gateway, unitB, {
        lastInviteDate: earlier,
      });
      const disabled = await addVoter(gateway, unitB, {
        communicationPreferences: { disableAllEmails: true },
      });
      const bouncing = await addVoter(gateway, unitB, {
        email: 'old@bounce.test',
      });
      const before = sink.messages.length;

      const result = await api.post(
        `/v1/Meetings/${bulkMeeting.shortCode}/invites`,
        undefined,
        {
          token: alice.token,
        },
      );

      expect(result.status).toBe(200);
      expect(BulkInviteResult.parse(result.body)).toEqual({
        sent: 2,
        failed: 1,
        skipped: 2,
        sentAt: NOW.toISOString(),
      });
      const received = sink.messages.slice(before);
      expect(received.flatMap((m) => m.envelope.to).sort()).toEqual(
        [fresh1.email, fresh2.email].sort(),
      );
      for (const message of received) {
        const token = portalToken(
          message.parsed.text ?? '',
          bulkMeeting.shortCode,
        );
        const claims = gateway.app.get(InviteTokensService).verify(token);
        const addressee = [fresh1, fresh2].find(
          (v) => v.email === message.envelope.to[0],
        );
        expect(claims).toEqual({
          voterId: addressee?.id,
          meetingId: bulkMeeting.id,
        });
      }
      expect((await readVoter(gateway, fresh1.id)).lastInviteDate).toEqual(NOW);
      expect((await readVoter(gateway, fresh2.id)).lastInviteDate).toEqual(NOW);
      expect((await readVoter(gateway, invited.id)).lastInviteDate).toEqual(
        earlier,
      );
      expect((await readVoter(gateway, disabled.id)).lastInviteDate).toBeNull();
      expect((await readVoter(gateway, bouncing.id)).lastInviteDate).toBeNull();

      const again = await api.post(
        `/v1/Meetings/${bulkMeeting.shortCode}/invites`,
        undefined,
        {
          token: alice.token,
        },
      );
      expect(again.body).toEqual({
        sent: 0,
        failed: 1,
        skipped: 4,
        sentAt: NOW.toISOString(),
      });
      expect(sink.messages).toHaveLength(before + 2);
    });

    it('answers zeros for a meeting without voters', async () => {
      const empty = await createMeeting(gateway, bob.account.key);
      const result = await api.post(
        `/v1/Meetings/${empty.shortCode}/invites`,
        {},
        {
          token: bob.token,
        },
      );
      expect(result.status).toBe(200);
      expect(result.body).toEqual({
        sent: 0,
        failed: 0,
        skipped: 0,
        sentAt: NOW.toISOString(),
      });
    });

    it("answers 404 for another account's meeting and an unknown one, and sends nothing", async () => {
      const bobsMember = await addMember(gateway, bob.meeting.id);
      const bobsVoter = await addVoter(gateway, bobsMember);
      const before = sink.messages.length;
      expectProblem(
        await api.post(
          `/v1/Meetings/${bob.meeting.shortCode}/invites`,
          undefined,
          { token: alice.token },
        ),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.post('/v1/Meetings/zzzzzzzz/invites', undefined, {
          token: alice.token,
        }),
        404,
        'meeting_not_found',
      );
      expect(sink.messages).toHaveLength(before);
      expect(
        (await readVoter(gateway, bobsVoter.id)).lastInviteDate,
      ).toBeNull();
    });

    it('rejects a body with fields and a missing token', async () => {
      expectProblem(
        await api.post(
          `/v1/Meetings/${meeting.shortCode}/invites`,
          { all: true },
          { token: alice.token },
        ),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.post(`/v1/Meetings/${meeting.shortCode}/invites`),
        401,
      );
    });
  });

  describe('POST /v1/Meetings/{shortCode}/members/{memberKey}/voters/{email}/personal-link', () => {
    const linkPath = (shortCode: string, memberKey: string, email: string) =>
      `/v1/Meetings/${shortCode}/members/${memberKey}/voters/${encodeURIComponent(email)}/personal-link`;

    it('gives the voter’s personal portal link without mailing or marking it invited', async () => {
      const voter = await addVoter(gateway, member, { name: 'Desk Dana' });
      const before = sink.messages.length;

      const result = await api.post(
        linkPath(meeting.shortCode, member.id, voter.email),
        undefined,
        { token: alice.token },
      );

      expect(result.status).toBe(200);
      const { portalUrl } = PersonalLink.parse(result.body);
      expect(
        gateway.app
          .get(InviteTokensService)
          .verify(portalToken(portalUrl, meeting.shortCode)),
      ).toEqual({ voterId: voter.id, meetingId: meeting.id });
      const session = await api.post(
        `/portal/v1/Meetings/${meeting.shortCode}/session`,
        { inviteToken: portalToken(portalUrl, meeting.shortCode) },
      );
      expect(session.status).toBe(200);
      expect(session.body.voter.voterKey).toBe(voter.id);
      expect(sink.messages).toHaveLength(before);
      expect((await readVoter(gateway, voter.id)).lastInviteDate).toBeNull();
      // the link signs in as the voter: the audit log names who took it, for whom
      const audit = await fetch(
        `${gateway.baseUrl}/v1/Meetings/${meeting.shortCode}/audit?kind=voter.personal_link`,
        { headers: { authorization: `Bearer ${alice.token}` } },
      );
      const entries = (await audit.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toContainEqual(
        expect.objectContaining({
          kind: 'voter.personal_link',
          actor: expect.objectContaining({ email: alice.user.email }),
          subject: expect.objectContaining({ type: 'voter', key: voter.id }),
        }),
      );
    });

    it('answers 404 for another account’s meeting, another member or an unknown voter', async () => {
      const voter = await addVoter(gateway, member);
      expectProblem(
        await api.post(
          linkPath(meeting.shortCode, member.id, voter.email),
          undefined,
          { token: bob.token },
        ),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.post(
          linkPath(meeting.shortCode, otherMember.id, voter.email),
          undefined,
          { token: alice.token },
        ),
        404,
        'voter_not_found',
      );
      expectProblem(
        await api.post(
          linkPath(meeting.shortCode, 'not-a-uuid', voter.email),
          undefined,
          { token: alice.token },
        ),
        404,
        'member_not_found',
      );
      expectProblem(
        await api.post(linkPath(meeting.shortCode, member.id, voter.email)),
        401,
      );
    });
  });

  describe('without PORTAL_HOST (the embedded default)', () => {
    let dataDir: string;
    let embedded: TestGateway;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'livevote-portal-host-'));
      embedded = await startGateway({
        databaseUrl: database.url,
        clock: new ManualClock(NOW),
        env: { DATA_DIR: dataDir, PUBLIC_URL },
      });
    });

    afterAll(async () => {
      await embedded?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('links the meeting page to this gateway’s own portal page', async () => {
      const voter = await addVoter(embedded, member, { name: 'Page Paula' });
      const token = await signIn(embedded, alice.user);
      const meetingPage = `${PUBLIC_URL}/vote/${meeting.shortCode}`;

      const result = await http(embedded.baseUrl).post(
        invitePath(meeting.shortCode, member.id, voter.email),
        undefined,
        { token },
      );

      expect(result.status).toBe(200);
      const outbox = join(dataDir, 'outbox');
      const [file] = await readdir(outbox);
      const parsed = await PostalMime.parse(
        await readFile(join(outbox, file)),
        {
          attachmentEncoding: 'utf8',
        },
      );
      expect(parsed.text).toContain(`Meeting page: ${meetingPage}`);
      expect(parsed.html).toContain(`href="${meetingPage}"`);
      expect(parsed.text).not.toContain('https://' + meeting.shortCode + '.');
      const calendar = parsed.attachments.find(
        (attachment) => attachment.mimeType === 'text/calendar',
      );
      expect(String(calendar?.content)).toContain(
        `UID:${meeting.id}@${new URL(PUBLIC_URL).hostname}`,
      );
      const shown = await http(embedded.baseUrl).get(
        `/v1/Meetings/${meeting.shortCode}`,
        { token },
      );
      expect(shown.body.url).toBe(meetingPage);
    });
  });

  describe('without SMTP_URL', () => {
    let dataDir: string;
    let embedded: TestGateway;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'livevote-outbox-'));
      embedded = await startGateway({
        databaseUrl: database.url,
        clock: new ManualClock(NOW),
        env: { DATA_DIR: dataDir, PORTAL_HOST, PUBLIC_URL },
      });
    });

    afterAll(async () => {
      await embedded?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('writes the invite as an .eml file into DATA_DIR/outbox', async () => {
      const voter = await addVoter(embedded, member, { name: 'Outbox Olive' });
      const before = sink.messages.length;
      const token = await signIn(embedded, alice.user);

      const result = await http(embedded.baseUrl).post(
        invitePath(meeting.shortCode, member.id, voter.email),
        undefined,
        { token },
      );

      expect(result.status).toBe(200);
      const outbox = join(dataDir, 'outbox');
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^2026-11-01T12-00-00-000Z-.+\.eml$/);
      const raw = await readFile(join(outbox, files[0]));
      expect(raw.includes('\r\n')).toBe(true);
      const parsed = await PostalMime.parse(raw, {
        attachmentEncoding: 'utf8',
      });
      expect(parsed.to?.map((a) => ('address' in a ? a.address : ''))).toEqual([
        voter.email,
      ]);
      expect(parsed.subject).toContain('Harbourview AGM 2026');
      expect(parsed.text).toContain('Hello Outbox Olive');
      expect(
        String(
          parsed.attachments.find((a) => a.mimeType === 'text/calendar')
            ?.content,
        ),
      ).toContain('BEGIN:VCALENDAR');
      expect(
        embedded.app
          .get(InviteTokensService)
          .verify(portalToken(parsed.text ?? '', meeting.shortCode)),
      ).toEqual({
        voterId: voter.id,
        meetingId: meeting.id,
      });
      expect(sink.messages).toHaveLength(before);
      expect((await readVoter(embedded, voter.id)).lastInviteDate).toEqual(NOW);
    });
  });
});
