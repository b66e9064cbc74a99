import { BallotReceipt, Matter, formatReceipt } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Database } from '../src/database/database';
import { meetings } from '../src/database/schema';
import { createTenant, type TenantFixture } from './support/factories';
import { http, type Http } from './support/http';
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

/**
 * A bilingual meeting's mail (docs/i18n.md, "Meeting content in two languages"): a French and
 * an English voter of the same meeting each get the invite, its calendar file and a receipt
 * wholly in their own language, the meeting's and the matter's own texts translated, through
 * a real SMTP server.
 */
describe('Bilingual mail', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let sink: SmtpSink;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let french: VoterFixture;
  let english: VoterFixture;
  let matter: Matter;

  const base = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const portal = () => `/portal/v1/Meetings/${tenant.meeting.shortCode}`;

  /** The one message a request sends, as the SMTP server received it. */
  const sent = async (
    send: () => Promise<{ status: number; text: string }>,
  ) => {
    const before = sink.messages.length;
    const result = await send();
    expect(result.status, result.text).toBeLessThan(300);
    expect(sink.messages).toHaveLength(before + 1);
    return sink.messages[before];
  };

  const invite = (voter: VoterFixture) =>
    sent(() =>
      api.post(
        `${base()}/members/${voter.memberId}/voters/${encodeURIComponent(voter.email)}/invite`,
        undefined,
        { token: tenant.token },
      ),
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://vote.example.test' },
    });
    api = http(gateway.baseUrl);
    const now = gateway.clock.nowMs();
    // the meeting's texts in French beside its English ones (docs/i18n.md)
    tenant = await createTenant(gateway, {
      name: 'Harbourview AGM',
      description: 'Annual general meeting of the owners.',
      location: 'Party room',
      meetingTimezone: 'America/Toronto',
      meetingDate: new Date(now - HOUR),
      expiryDate: new Date(now + 24 * HOUR),
      language: 'en',
      languages: ['en', 'fr'],
      translations: {
        fr: {
          name: 'AGA de Harbourview',
          description: 'Assemblée générale annuelle des copropriétaires.',
          location: 'Salle de réception',
        },
      },
    });
    [french, english] = await createVoters(gateway, tenant, 2);
    // the matter's, through the managers' own route and its checks
    const created = await api.post(
      `${base()}/matters`,
      {
        name: 'Approve the budget',
        options: ['For', 'Against'],
        translations: {
          fr: { name: 'Approuver le budget', options: ['Pour', 'Contre'] },
        },
      },
      { token: tenant.token },
    );
    expect(created.status, created.text).toBe(201);
    matter = Matter.parse(created.body);
    // one voter chose French; the other has no language of its own: the meeting's primary
    const chose = await api.patch(
      `${base()}/members/${french.memberId}/voters/${encodeURIComponent(french.email)}`,
      { language: 'fr' },
      { token: tenant.token },
    );
    expect(chose.status, chose.text).toBe(200);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  describe('the invite', () => {
    const calendarOf = (mail: Awaited<ReturnType<typeof invite>>) => {
      const ics = mail.parsed.attachments.find(
        (attachment) => attachment.mimeType === 'text/calendar',
      );
      expect(ics).toBeDefined();
      // unfold RFC 5545 continuation lines
      return String(ics!.content).replace(/\r?\n[ \t]/g, '');
    };

    it('reaches the French voter in French, the meeting’s texts and its calendar entry translated', async () => {
      const mail = await invite(french);
      const { subject, text, html } = mail.parsed;
      expect(mail.envelope.to).toEqual([french.email]);
      expect(subject).toBe('Convocation : AGA de Harbourview');
      expect(text).toContain('Vous êtes convoqué à AGA de Harbourview');
      expect(text).toContain('Où : Salle de réception');
      expect(text).toContain(
        'Assemblée générale annuelle des copropriétaires.',
      );
      // the meeting's clock, in French
      expect(text).toMatch(/Quand : \w+ \d+ \w+ 20\d\d à \d\d h \d\d H[NA]E/);
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Salle de réception');
      for (const english of [
        'Harbourview AGM',
        'Party room',
        'Annual general meeting',
      ]) {
        expect(text).not.toContain(english);
        expect(html).not.toContain(english);
      }
      const calendar = calendarOf(mail);
      expect(calendar).toContain('SUMMARY:AGA de Harbourview');
      expect(calendar).toContain('LOCATION:Salle de réception');
      expect(calendar).toMatch(
        /DESCRIPTION:Assemblée générale annuelle des copropriétaires\./,
      );
      expect(calendar).toContain('PRODID:-//LiveVote//gateway//FR');
      expect(calendar).not.toContain('Harbourview AGM');
      expect(calendar).not.toContain('Party room');
    });

    it('reaches the English voter in English, with the canonical texts', async () => {
      const mail = await invite(english);
      const { subject, text, html } = mail.parsed;
      expect(subject).toBe('Invitation: Harbourview AGM');
      expect(text).toContain('Where: Party room');
      expect(text).toContain('Annual general meeting of the owners.');
      expect(text).toMatch(
        /When: \w+, \w+ \d+, 20\d\d at \d+:\d\d [AP]M E[SD]T/,
      );
      expect(html).toContain('<html lang="en">');
      expect(text).not.toContain('Salle');
      const calendar = calendarOf(mail);
      expect(calendar).toContain('SUMMARY:Harbourview AGM');
      expect(calendar).toContain('LOCATION:Party room');
      expect(calendar).not.toContain('Salle');
    });

    it('falls back to the canonical text where a translation is blank or missing', async () => {
      const db = gateway.app.get(Database).db;
      await db
        .update(meetings)
        .set({
          translations: { fr: { name: 'AGA de Harbourview', location: ' ' } },
        })
        .where(eq(meetings.id, tenant.meeting.id));
      try {
        const mail = await invite(french);
        expect(mail.parsed.text).toContain('Où : Party room');
        expect(mail.parsed.text).toContain(
          'Annual general meeting of the owners.',
        );
        expect(mail.parsed.subject).toBe('Convocation : AGA de Harbourview');
        expect(calendarOf(mail)).toContain('LOCATION:Party room');
      } finally {
        await db
          .update(meetings)
          .set({
            translations: {
              fr: {
                name: 'AGA de Harbourview',
                description: 'Assemblée générale annuelle des copropriétaires.',
                location: 'Salle de réception',
              },
            },
          })
          .where(eq(meetings.id, tenant.meeting.id));
      }
    });
  });

  describe('a proxy', () => {
    it('confirms to the member in its language and tells the holder, a voter, in the holder’s own', async () => {
      const before = sink.messages.length;
      // the English voter names the French voter as its holder, directing the budget
      const given = await api.post(
        `${portal()}/proxy`,
        {
          holder: {
            isDefault: false,
            name: 'Nadia Voisine',
            email: french.email,
          },
          directions: [{ matterKey: matter.key, choices: ['Against'] }],
          signedName: 'Owner English',
          agree: true,
        },
        { token: english.token },
      );
      expect(given.status, given.text).toBe(201);
      expect(sink.messages).toHaveLength(before + 2);
      const to = (email: string) =>
        sink.messages
          .slice(before)
          .find((mail) => mail.envelope.to.includes(email))!.parsed;
      const confirmation = to(english.email);
      expect(confirmation.subject).toBe('Your proxy: Harbourview AGM');
      expect(confirmation.text).toContain('Approve the budget: Against');
      const notice = to(french.email);
      expect(notice.subject).toBe(
        'Vous détenez une procuration : AGA de Harbourview',
      );
      expect(notice.text).toContain('AGA de Harbourview');
      expect(notice.text).not.toContain('Harbourview AGM');
      expect(notice.html).toContain('<html lang="fr">');
    });
  });

  describe('a nomination', () => {
    it('tells a nominee who is a French voter in French, the meeting by its French name', async () => {
      await gateway.app
        .get(Database)
        .db.update(meetings)
        .set({
          nominationExpiryDate: new Date(gateway.clock.nowMs() + 24 * HOUR),
        })
        .where(eq(meetings.id, tenant.meeting.id));
      const mail = await sent(() =>
        api.post(
          `${portal()}/nominations`,
          {
            name: 'Nadia Voisine',
            statement: 'Ten years on the board.',
            nomineeEmail: french.email,
            consent: true,
          },
          { token: english.token },
        ),
      );
      expect(mail.envelope.to).toEqual([french.email]);
      expect(mail.parsed.subject).toBe(
        'Vous avez été proposé·e comme candidat·e : AGA de Harbourview',
      );
      expect(mail.parsed.text).toMatch(
        /à l’élection de AGA de Harbourview \(.+ H[NA]E\)\./,
      );
      expect(mail.parsed.text).not.toContain('Harbourview AGM');
    });
  });

  describe('the receipt', () => {
    beforeAll(async () => {
      const started = await api.post(
        `${base()}/matters/${matter.key}/action`,
        { action: 'start', duration: 600 },
        { token: tenant.token },
      );
      expect(started.status, started.text).toBe(204);
    });

    const receiptMail = async (voter: VoterFixture) => {
      // ballots name the canonical option, whatever the voter reads
      const cast = await api.post(
        `${portal()}/matters/${matter.key}/ballots`,
        { choices: ['For'] },
        { token: voter.token },
      );
      expect(cast.status, cast.text).toBe(201);
      const { receipt } = BallotReceipt.parse(cast.body);
      const mail = await sent(() =>
        api.post(`${portal()}/receipts/${receipt}/email`, undefined, {
          token: voter.token,
        }),
      );
      expect(mail.envelope.to).toEqual([voter.email]);
      expect(mail.parsed.text).toContain(formatReceipt(receipt));
      return mail.parsed;
    };

    it('tells the French voter in French, the matter and the meeting by their French names', async () => {
      const { subject, text } = await receiptMail(french);
      expect(subject).toBe('Votre reçu : Approuver le budget');
      expect(text).toContain(
        'Votre reçu pour « Approuver le budget » à AGA de Harbourview :',
      );
      expect(text).toMatch(/Bulletin déposé le .+ H[NA]E\./);
      expect(text).not.toContain('Approve the budget');
      expect(text).not.toContain('Harbourview AGM');
    });

    it('tells the English voter in English, with the canonical names', async () => {
      const { subject, text } = await receiptMail(english);
      expect(subject).toBe('Your receipt: Approve the budget');
      expect(text).toContain(
        'Your receipt for “Approve the budget” at Harbourview AGM:',
      );
      expect(text).not.toContain('Approuver');
    });
  });
});
