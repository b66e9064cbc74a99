import { LANGUAGES } from '@livevote/i18n';
import {
  LANGUAGE_CODES,
  Meeting,
  PortalMeeting,
  PortalVoter,
  Voter,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TenantFixture } from './support/factories';
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

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 2);
    strangers = await createVoters(gateway, other, 1);
  });

  afterAll(async () => {
    await gateway?.close();
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

    it('is null until set, then managers set and clear it', async () => {
      const before = await api.get(voterPath(voters[0]), {
        token: tenant.token,
      });
      expect(Voter.parse(before.body).language).toBeNull();
      const set = await api.patch(
        voterPath(voters[0]),
        { language: 'fr' },
        { token: tenant.token },
      );
      expect(set.status).toBe(200);
      expect(Voter.parse(set.body).language).toBe('fr');
      const cleared = await api.patch(
        voterPath(voters[0]),
        { language: null },
        { token: tenant.token },
      );
      expect(Voter.parse(cleared.body).language).toBeNull();
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
      expect(Voter.parse(first.body).language).toBeNull();
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
});
