import { LANGUAGES } from '@livevote/i18n';
import {
  LANGUAGE_CODES,
  Meeting,
  PortalMeeting,
  PortalVoter,
  Voter,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Database } from '../src/database/database';
import { RevocationSignalsService } from '../src/revocation/revocation-signals.service';
import { meetings } from '../src/database/schema';
import { eq } from 'drizzle-orm';
import { createTenant, type TenantFixture } from './support/factories';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { expectProblem, http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Languages', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  let strangers: VoterFixture[];
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { SMTP_URL: sink.url, PORTAL_HOST: 'vote.example.test' },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 2);
    strangers = await createVoters(gateway, other, 1);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await database?.drop();
  });

  it('speaks the languages the catalogs hold', () => {
    expect([...LANGUAGE_CODES]).toEqual([...LANGUAGES]);
  });

  describe('the meeting default', () => {
    it('is English unless the manager says French, and a PATCH changes it', async () => {
      const created = await api.post(
        `/v1/Accounts/${tenant.account.key}/meetings`,
        { name: 'AGM', type: 'agm', meetingDate: '2027-03-01T18:30:00-05:00' },
        { token: tenant.token },
      );
      expect(created.status).toBe(201);
      const meeting = Meeting.parse(created.body);
      expect(meeting.language).toBe('en');
      const french = await api.post(
        `/v1/Accounts/${tenant.account.key}/meetings`,
        {
          name: 'AGA',
          type: 'agm',
          meetingDate: '2027-03-01T18:30:00-05:00',
          language: 'fr',
        },
        { token: tenant.token },
      );
      expect(Meeting.parse(french.body).language).toBe('fr');
      const patched = await api.patch(
        `/v1/Meetings/${meeting.shortCode}`,
        { language: 'fr' },
        { token: tenant.token },
      );
      expect(patched.status).toBe(200);
      expect(Meeting.parse(patched.body).language).toBe('fr');
    });

    it.each([['de'], ['FR'], [null], [1], ['fr\u0000']])(
      'refuses %j as a language',
      async (language) => {
        expectProblem(
          await api.patch(
            `/v1/Meetings/${tenant.meeting.shortCode}`,
            { language },
            { token: tenant.token },
          ),
          400,
        );
      },
    );

    it('reaches the voter portal', async () => {
      const meeting = await api.get(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}`,
        { token: voters[0].token },
      );
      expect(PortalMeeting.parse(meeting.body).language).toBe('en');
    });

    it("is not another account's to change", async () => {
      expectProblem(
        await api.patch(
          `/v1/Meetings/${tenant.meeting.shortCode}`,
          { language: 'fr' },
          { token: other.token },
        ),
        404,
      );
    });
  });

  describe("a voter's own language", () => {
    const voterPath = (v: VoterFixture) =>
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${v.memberId}/voters/${encodeURIComponent(v.email)}`;

    // none chosen: the meeting's primary, `languageChosen` false (docs/i18n.md)
    it('is the meeting’s primary until set, then managers set and clear it', async () => {
      const before = await api.get(voterPath(voters[0]), {
        token: tenant.token,
      });
      expect(Voter.parse(before.body)).toMatchObject({
        language: 'en',
        languageChosen: false,
      });
      const set = await api.patch(
        voterPath(voters[0]),
        { language: 'fr' },
        { token: tenant.token },
      );
      expect(set.status).toBe(200);
      expect(Voter.parse(set.body)).toMatchObject({
        language: 'fr',
        languageChosen: true,
      });
      const cleared = await api.patch(
        voterPath(voters[0]),
        { language: null },
        { token: tenant.token },
      );
      expect(Voter.parse(cleared.body)).toMatchObject({
        language: 'en',
        languageChosen: false,
      });
      expectProblem(
        await api.patch(
          voterPath(voters[0]),
          { language: 'es' },
          { token: tenant.token },
        ),
        400,
      );
    });

    it('is the voter’s to change in the portal, and only their own', async () => {
      const path = `/portal/v1/Meetings/${tenant.meeting.shortCode}/voter`;
      const result = await api.patch(
        path,
        { language: 'fr' },
        { token: voters[1].token },
      );
      expect(result.status).toBe(200);
      expect(PortalVoter.parse(result.body)).toMatchObject({
        voterKey: voters[1].voterId,
        language: 'fr',
      });
      const seen = await api.get(
        `/v1/Meetings/${tenant.meeting.shortCode}/members/${voters[1].memberId}/voters/${encodeURIComponent(voters[1].email)}`,
        { token: tenant.token },
      );
      expect(Voter.parse(seen.body).language).toBe('fr');
      // the first voter's language is untouched
      const first = await api.get(voterPath(voters[0]), {
        token: tenant.token,
      });
      expect(Voter.parse(first.body).languageChosen).toBe(false);
    });

    it('tells the other nodes only when the language changes', async () => {
      const signals = gateway.app.get(RevocationSignalsService);
      const publish = vi.spyOn(signals, 'publish');
      try {
        const path = `/portal/v1/Meetings/${tenant.meeting.shortCode}/voter`;
        const set = (language: string | null) =>
          api.patch(path, { language }, { token: voters[1].token });
        const manager = (language: string | null) =>
          api.patch(
            voterPath(voters[1]),
            { language },
            { token: tenant.token },
          );
        expect((await set('en')).status).toBe(200);
        expect(publish).toHaveBeenCalledTimes(1);
        // the same language again: answered, nothing told
        const again = await set('en');
        expect(again.status).toBe(200);
        expect(PortalVoter.parse(again.body).language).toBe('en');
        expect((await manager('en')).status).toBe(200);
        expect(publish).toHaveBeenCalledTimes(1);
        expect((await manager('fr')).status).toBe(200);
        expect(publish).toHaveBeenCalledTimes(2);
        expect(publish).toHaveBeenLastCalledWith({
          kind: 'voter-language',
          voterId: voters[1].voterId,
          language: 'fr',
        });
        // back to the automatic choice: told as none, not as the primary answered
        expect((await manager(null)).status).toBe(200);
        expect(publish).toHaveBeenLastCalledWith({
          kind: 'voter-language',
          voterId: voters[1].voterId,
          language: null,
        });
      } finally {
        publish.mockRestore();
      }
    });

    it.each([
      ['an unknown language', { language: 'xx' }],
      ['a missing language', {}],
      ['an unknown field', { language: 'fr', name: 'Mallory' }],
      ['a wrong type', { language: ['fr'] }],
    ])('refuses %s', async (_name, body) => {
      expectProblem(
        await api.patch(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/voter`,
          body,
          { token: voters[1].token },
        ),
        400,
      );
    });

    it("refuses no token, a manager's token and another meeting's voter", async () => {
      const path = `/portal/v1/Meetings/${tenant.meeting.shortCode}/voter`;
      expectProblem(await api.patch(path, { language: 'fr' }), 401);
      expectProblem(
        await api.patch(path, { language: 'fr' }, { token: tenant.token }),
        401,
      );
      expectProblem(
        await api.patch(
          path,
          { language: 'fr' },
          { token: strangers[0].token },
        ),
        404,
      );
    });
  });

  describe('the invite', () => {
    /** 6:00 PM in Toronto (EST), the meeting's clock. */
    const meetingDate = new Date('2026-12-01T23:00:00.000Z');

    beforeAll(async () => {
      await gateway.app
        .get(Database)
        .db.update(meetings)
        .set({
          name: 'Harbourview AGM',
          meetingDate,
          expiryDate: null,
          meetingTimezone: 'America/Toronto',
          location: 'Party room',
        })
        .where(eq(meetings.id, tenant.meeting.id));
    });

    const invite = async (voter: VoterFixture) => {
      const before = sink.messages.length;
      const result = await api.post(
        `/v1/Meetings/${tenant.meeting.shortCode}/members/${voter.memberId}/voters/${encodeURIComponent(voter.email)}/invite`,
        undefined,
        { token: tenant.token },
      );
      expect(result.status).toBe(200);
      expect(sink.messages).toHaveLength(before + 1);
      const { parsed } = sink.messages[before];
      const ics = parsed.attachments.find(
        (attachment) => attachment.mimeType === 'text/calendar',
      )!;
      return {
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html ?? '',
        // unfold RFC 5545 continuation lines
        calendar: String(ics.content).replace(/\r?\n[ \t]/g, ''),
      };
    };
    const setLanguage = (voter: VoterFixture, language: string | null) =>
      api.patch(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/voter`,
        { language },
        { token: voter.token },
      );
    const setMeetingLanguage = async (language: string) =>
      expect(
        (
          await api.patch(
            `/v1/Meetings/${tenant.meeting.shortCode}`,
            { language },
            { token: tenant.token },
          )
        ).status,
      ).toBe(200);

    it("goes out in the voter's French, times in the meeting's zone, labelled", async () => {
      await setMeetingLanguage('en');
      expect((await setLanguage(voters[0], 'fr')).status).toBe(200);
      const mail = await invite(voters[0]);
      expect(mail.subject).toBe('Convocation : Harbourview AGM');
      expect(mail.text).toContain(`Bonjour Owner ${voters[0].unit},`);
      // French typography: a space before the colon
      expect(mail.text).toContain(
        'Quand : mardi 1 décembre 2026 à 18 h 00 HNE (60 minutes)',
      );
      expect(mail.text).toContain('Fuseau horaire : America/Toronto');
      expect(mail.text).toContain('Où : Party room');
      expect(mail.text).not.toContain('23 h 00');
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain('Rejoindre l’assemblée et voter');
      expect(mail.calendar).toContain('DTSTART:20261201T230000Z');
      expect(mail.calendar).toContain('X-WR-TIMEZONE:America/Toronto');
      expect(mail.calendar).toContain('//FR');
      expect(mail.calendar).toContain(
        `DESCRIPTION:Page de l’assemblée : https://${tenant.meeting.shortCode}.vote.example.test`,
      );
    });

    it('goes out in English to a voter who asks for it, and in the meeting’s language otherwise', async () => {
      await setMeetingLanguage('fr');
      expect((await setLanguage(voters[0], 'en')).status).toBe(200);
      const english = await invite(voters[0]);
      expect(english.subject).toBe('Invitation: Harbourview AGM');
      expect(english.text).toContain(
        'When: Tuesday, December 1, 2026 at 6:00 PM EST (60 minutes)',
      );
      expect(english.calendar).toContain(
        `DESCRIPTION:Meeting page: https://${tenant.meeting.shortCode}.vote.example.test`,
      );
      expect((await setLanguage(voters[0], null)).status).toBe(200);
      const french = await invite(voters[0]);
      expect(french.subject).toBe('Convocation : Harbourview AGM');
      await setMeetingLanguage('en');
    });
  });
});
