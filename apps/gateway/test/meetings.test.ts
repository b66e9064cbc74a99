import { Meeting, MeetingSettings, MeetingStats } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import {
  ballots,
  matters,
  members,
  proxies,
  proxyHolders,
  voters,
} from '../src/database/schema';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Meetings API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;

  const agm = {
    name: 'AGM 2027',
    type: 'agm',
    meetingDate: '2027-03-01T18:30:00-05:00',
    meetingTimezone: 'America/Toronto',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { PORTAL_HOST: 'vote.example.org' },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  describe('POST /v1/Accounts/{key}/meetings', () => {
    it('creates a meeting with defaults, a short code and the portal url', async () => {
      const result = await api.post(
        `/v1/Accounts/${tenant.account.key}/meetings`,
        agm,
        { token: tenant.token },
      );
      expect(result.status).toBe(201);
      const meeting = Meeting.parse(result.body);
      expect(meeting).toMatchObject({
        name: 'AGM 2027',
        accountKey: tenant.account.key,
        type: 'agm',
        meetingDate: '2027-03-01T23:30:00.000Z',
        meetingTimezone: 'America/Toronto',
        duration: 60,
        description: '',
        expiryDate: null,
        liveVotingStatus: 'disabled',
        quorumMinimum: 0,
      });
      expect(meeting.shortCode).toMatch(/^[a-z0-9]{6,}$/);
      expect(meeting.url).toBe(`https://${meeting.shortCode}.vote.example.org`);
      const fetched = await api.get(`/v1/Meetings/${meeting.shortCode}`, {
        token: tenant.token,
      });
      expect(Meeting.parse(fetched.body)).toEqual(meeting);
    });

    it('takes every optional field', async () => {
      const body = {
        ...agm,
        type: 'town',
        description: 'Budget',
        corporation: {
          legalName: 'Lakeside Condo Corp No. 9',
          legalNameShort: 'LCC 9',
        },
        quorumMinimum: 25.5,
        expiryDate: '2027-03-01T12:00:00Z',
        location: 'Party room',
        addresses: ['1 Lake St'],
        contact: {
          email: 'board@example.test',
          name: 'Board',
          preferredName: 'The Board',
        },
        duration: 120,
        options: { signature: '<b>The Board</b>', meetingSubtype: 'In Person' },
        portalRevocationsClosedAt: '2027-03-01T23:00:00Z',
        nominationExpiryDate: '2027-02-01T00:00:00Z',
      };
      const result = await api.post(
        `/v1/Accounts/${tenant.account.key}/meetings`,
        body,
        { token: tenant.token },
      );
      expect(result.status).toBe(201);
      const meeting = Meeting.parse(result.body);
      expect(meeting.corporation).toEqual(body.corporation);
      expect(meeting.options).toEqual({
        signature: '<b>The Board</b>',
        meetingSubtype: 'In Person',
        notificationFrequency: '',
        virtualMeetingType: '',
      });
      expect(meeting.expiryDate).toBe('2027-03-01T12:00:00.000Z');
      expect(meeting.quorumMinimum).toBe(25.5);
    });

    it.each([
      ['a missing name', { ...agm, name: undefined }, 'name'],
      ['a blank name', { ...agm, name: '   ' }, 'name'],
      ['a missing type', { ...agm, type: undefined }, 'type'],
      ['an unknown type', { ...agm, type: 'party' }, 'type'],
      [
        'a missing meetingDate',
        { ...agm, meetingDate: undefined },
        'meetingDate',
      ],
      [
        'a date without offset',
        { ...agm, meetingDate: '2027-03-01T18:30:00' },
        'meetingDate',
      ],
      ['a non-date', { ...agm, meetingDate: 'next tuesday' }, 'meetingDate'],
      [
        'an unknown time zone',
        { ...agm, meetingTimezone: 'Mars/Olympus' },
        'meetingTimezone',
      ],
      [
        'an offset instead of a zone',
        { ...agm, meetingTimezone: '+05:00' },
        'meetingTimezone',
      ],
      ['a negative quorum', { ...agm, quorumMinimum: -1 }, 'quorumMinimum'],
      ['a string duration', { ...agm, duration: '60' }, 'duration'],
      ['a zero duration', { ...agm, duration: 0 }, 'duration'],
      ['an unknown field', { ...agm, venue: 'x' }, 'venue'],
      [
        'an unknown option',
        { ...agm, options: { colour: 'red' } },
        'options.colour',
      ],
    ])('rejects %s', async (_label, body, path) => {
      const problem = expectProblem(
        await api.post(`/v1/Accounts/${tenant.account.key}/meetings`, body, {
          token: tenant.token,
        }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toContain(path);
    });

    it('rejects early voting that closes after the meeting', async () => {
      const body = { ...agm, expiryDate: '2027-03-03T00:00:00Z' };
      expectProblem(
        await api.post(`/v1/Accounts/${tenant.account.key}/meetings`, body, {
          token: tenant.token,
        }),
        400,
        'invalid_dates',
      );
    });

    it("refuses another account's key with 404", async () => {
      expectProblem(
        await api.post(`/v1/Accounts/${other.account.key}/meetings`, agm, {
          token: tenant.token,
        }),
        404,
        'account_not_found',
      );
    });
  });

  describe('GET /v1/Accounts/{key}/meetings', () => {
    it('lists the account meetings, filtered by name and limited', async () => {
      const url = `/v1/Accounts/${tenant.account.key}/meetings`;
      await api.post(
        url,
        { ...agm, name: 'Special Meeting on Roof' },
        { token: tenant.token },
      );
      const all = await api.get(url, { token: tenant.token });
      expect(all.status).toBe(200);
      all.body.forEach((meeting: unknown) => Meeting.parse(meeting));
      expect(all.body.length).toBeGreaterThanOrEqual(3);
      const roof = await api.get(`${url}?searchText=ROOF`, {
        token: tenant.token,
      });
      expect(roof.body.map((m: Meeting) => m.name)).toEqual([
        'Special Meeting on Roof',
      ]);
      expect(
        (await api.get(`${url}?limit=1`, { token: tenant.token })).body,
      ).toHaveLength(1);
      for (const limit of ['0', '101', 'ten']) {
        expectProblem(
          await api.get(`${url}?limit=${limit}`, { token: tenant.token }),
          400,
          'validation_failed',
        );
      }
      expectProblem(
        await api.get(`/v1/Accounts/${other.account.key}/meetings`, {
          token: tenant.token,
        }),
        404,
      );
    });
  });

  describe('GET and PATCH /v1/Meetings/{shortCode}', () => {
    it("answers 404 for another account's meeting and for an unknown one", async () => {
      expectProblem(
        await api.get(`/v1/Meetings/${other.meeting.shortCode}`, {
          token: tenant.token,
        }),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.get('/v1/Meetings/zzzzzzzz', { token: tenant.token }),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.get('/v1/Meetings/NOT%20A%20CODE', { token: tenant.token }),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.patch(
          `/v1/Meetings/${other.meeting.shortCode}`,
          { name: 'Mine now' },
          { token: tenant.token },
        ),
        404,
      );
    });

    it('merges: omitted fields stay, null clears optional fields', async () => {
      const created = await api.post(
        `/v1/Accounts/${tenant.account.key}/meetings`,
        {
          ...agm,
          description: 'Old',
          location: 'Lobby',
          expiryDate: '2027-03-01T00:00:00Z',
        },
        { token: tenant.token },
      );
      const shortCode = created.body.shortCode;
      const patched = await api.patch(
        `/v1/Meetings/${shortCode}`,
        { description: 'New', expiryDate: null, location: null },
        { token: tenant.token },
      );
      expect(patched.status).toBe(200);
      const meeting = Meeting.parse(patched.body);
      expect(meeting).toMatchObject({
        description: 'New',
        expiryDate: null,
        location: '',
        name: 'AGM 2027',
      });
      expect(meeting.meetingDate).toBe(created.body.meetingDate);
      expect(new Date(meeting.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(created.body.updatedAt).getTime(),
      );
    });

    it('refuses to change the type, a null name and bad values', async () => {
      const url = `/v1/Meetings/${tenant.meeting.shortCode}`;
      const typeProblem = expectProblem(
        await api.patch(url, { type: 'vbm' }, { token: tenant.token }),
        400,
      );
      expect(typeProblem.errors?.[0]).toMatchObject({
        path: 'type',
        message: 'The meeting type cannot be changed.',
      });
      expectProblem(
        await api.patch(url, { name: null }, { token: tenant.token }),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.patch(
          url,
          { meetingTimezone: 'Europe/Atlantis' },
          { token: tenant.token },
        ),
        400,
      );
      expectProblem(
        await api.patch(url, { duration: 99999999 }, { token: tenant.token }),
        400,
      );
      expectProblem(
        await api.patch(
          url,
          { expiryDate: '2099-01-01T00:00:00Z' },
          { token: tenant.token },
        ),
        400,
        'invalid_dates',
      );
      expect((await api.get(url, { token: tenant.token })).body.type).toBe(
        'agm',
      );
    });

    it('reports liveVotingStatus live while a matter is live', async () => {
      const db = gateway.app.get(Database).db;
      const url = `/v1/Meetings/${tenant.meeting.shortCode}`;
      expect(
        (await api.get(url, { token: tenant.token })).body.liveVotingStatus,
      ).toBe('disabled');
      const [matter] = await db
        .insert(matters)
        .values({
          meetingId: tenant.meeting.id,
          name: 'Budget',
          options: ['Yes', 'No'],
          order: 1,
          liveStatus: 'live',
        })
        .returning();
      expect(
        (await api.get(url, { token: tenant.token })).body.liveVotingStatus,
      ).toBe('live');
      await db
        .delete(matters)
        .where((await import('drizzle-orm')).eq(matters.id, matter.id));
    });
  });

  describe('settings', () => {
    it('reads the defaults and patches with the request names, answering the response names', async () => {
      const url = `/v1/Meetings/${tenant.meeting.shortCode}/settings`;
      const initial = MeetingSettings.parse(
        (await api.get(url, { token: tenant.token })).body,
      );
      expect(initial).toEqual({
        meetingReminders: 'disabled',
        meetingReminderFrequency: 0,
        meetingStartingReminder: 0,
        managerSummaryReportFreqency: 'daily',
        alternateManagerContactEmails: [],
        defaultProxyHolders: [],
        autoVerifyElectronicProxies: false,
        proxyHolderMustAttend: false,
        quorumBasis: 'units',
        quorumPercent: null,
        quorumIncludesProxies: true,
        requireQuorumToStart: false,
        requireSignOff: false,
        oneLiveMatter: true,
        questionCategories: [],
        floorDoubleEntry: false,
        translations: {},
        displayLanguages: 'primary',
      });
      const patched = await api.patch(
        url,
        {
          meetingReminderFrequency: 7,
          alternateManagerEmails: ['deputy@example.test'],
          managerSummaryReportFreqency: 'none',
        },
        { token: tenant.token },
      );
      expect(MeetingSettings.parse(patched.body)).toMatchObject({
        meetingReminders: 'enabled',
        meetingReminderFrequency: 7,
        managerSummaryReportFreqency: 'none',
        alternateManagerContactEmails: ['deputy@example.test'],
      });
      expect(
        (await api.get(url, { token: tenant.token })).body
          .alternateManagerContactEmails,
      ).toEqual(['deputy@example.test']);
    });

    it.each([
      [{ managerSummaryReportFreqency: 'weekly' }],
      [{ meetingReminderFrequency: -1 }],
      [{ meetingReminderFrequency: 1.5 }],
      [{ alternateManagerEmails: ['not-an-email'] }],
      [{ alternateManagerContactEmails: ['a@b.co'] }],
    ])('rejects %j', async (body) => {
      expectProblem(
        await api.patch(
          `/v1/Meetings/${tenant.meeting.shortCode}/settings`,
          body,
          { token: tenant.token },
        ),
        400,
      );
    });

    it("hides another account's settings", async () => {
      expectProblem(
        await api.get(`/v1/Meetings/${other.meeting.shortCode}/settings`, {
          token: tenant.token,
        }),
        404,
      );
    });
  });

  describe('stats', () => {
    it('computes the figures from members, voters and ballots', async () => {
      const fresh = await createTenant(gateway);
      const db = gateway.app.get(Database).db;
      const meetingId = fresh.meeting.id;
      const unit = (
        n: number,
        shares: number,
        extra: Partial<typeof members.$inferInsert> = {},
      ) => ({
        meetingId,
        unit: `U${n}`,
        controlNumber: `C${n}`,
        shares,
        ...extra,
      });
      const [m1, m2, m3, m4, m5] = await db
        .insert(members)
        .values([
          unit(1, 1.5, { customData: { inArrears: true } }),
          unit(2, 2),
          unit(3, 0.25, { eligible: false }),
          unit(4, 10),
          // present and expected, with no ballot: the "not voted" figures count it
          unit(5, 4),
        ])
        .returning();
      const voter = (
        memberId: string,
        email: string,
        extra: Partial<typeof voters.$inferInsert> = {},
      ) => ({
        memberId,
        meetingId,
        name: email,
        email,
        ...extra,
      });
      const [v1, v2] = await db
        .insert(voters)
        .values([
          voter(m1.id, 'a@x.test', { inAttendance: true, attending: true }),
          voter(m2.id, 'b@x.test', { inAttendance: true }),
          voter(m2.id, 'c@x.test', {
            attending: true,
            communicationPreferences: { disableAllEmails: true },
          }),
          voter(m3.id, 'd@x.test', { lastInviteDate: new Date(), rsvp: 'no' }),
          voter(m5.id, 'e@x.test', {
            inAttendance: true,
            attending: true,
            rsvp: 'online',
            checkedInAt: new Date(),
          }),
          voter(m5.id, 'f@x.test', {
            inAttendance: true,
            checkedInAt: new Date(),
          }),
        ])
        .returning();
      const [matter] = await db
        .insert(matters)
        .values([
          { meetingId, name: 'Q', options: ['Yes', 'No'], order: 1 },
          // a by-law: decided on every eligible member
          {
            meetingId,
            name: 'By-law 12',
            options: ['Yes', 'No'],
            order: 2,
            thresholdBase: 'eligible',
          },
        ])
        .returning();
      await db.insert(ballots).values([
        {
          matterId: matter.id,
          memberId: m2.id,
          voterId: v2.id,
          method: 'live',
          choices: ['Yes'],
          weight: 2,
          castAt: new Date(),
        },
        {
          matterId: matter.id,
          memberId: m1.id,
          voterId: v1.id,
          method: 'proxy',
          choices: ['No'],
          weight: 1.5,
          castAt: new Date(),
        },
        {
          matterId: matter.id,
          memberId: m4.id,
          voterId: null,
          method: 'proxy',
          choices: ['No'],
          weight: 10,
          castAt: new Date(),
        },
      ]);
      // proxies count from the proxies themselves: standing ones, by source and status
      const [holder] = await db
        .insert(proxyHolders)
        .values({ meetingId, name: 'Secretary', isDefault: true })
        .returning();
      const proxy = (
        memberId: string,
        source: 'electronic' | 'paper',
        status: 'submitted' | 'verified' | 'rejected' | 'withdrawn',
      ) => ({
        meetingId,
        memberId,
        holderId: holder.id,
        holderName: 'Secretary',
        directions: [],
        source,
        status,
        signedName: 'Owner',
        submittedAt: new Date(),
      });
      await db
        .insert(proxies)
        .values([
          proxy(m1.id, 'electronic', 'verified'),
          proxy(m4.id, 'paper', 'submitted'),
          proxy(m2.id, 'electronic', 'rejected'),
          proxy(m3.id, 'paper', 'withdrawn'),
        ]);
      const result = await api.get(
        `/v1/Meetings/${fresh.meeting.shortCode}/stats`,
        { token: fresh.token },
      );
      expect(result.status).toBe(200);
      const stats = MeetingStats.parse(result.body);
      // every figure, each from a fixture that makes it differ from its neighbours
      expect(stats).toMatchObject({
        totalUnits: 5,
        totalUnitsShares: 17.75,
        totalValidUnits: 4,
        totalVoters: 6,
        totalConsents: 5,
        bylawCount: 1,
        // voters a, b, e, f; units 1, 2, 5
        attendanceCount: 4,
        attendanceCountGroups: 3,
        attendanceSharesCount: 7.5,
        // units 1 and 2 voted; unit 5's two voters did not
        attendedNotVotedCount: 2,
        attendedNotVotedCountGroups: 1,
        attendedNotVotedSharesCount: 4,
        // voters a, c, e; units 1, 2, 5
        attendingCount: 3,
        attendingCountGroups: 3,
        attendingSharesCount: 7.5,
        attendingNotVotedCount: 1,
        attendingNotVotedCountGroups: 1,
        attendingNotVotedSharesCount: 4,
        rsvpOnlineCount: 1,
        rsvpNoCount: 1,
        checkedInCount: 2,
        checkedInCountGroups: 1,
        totalElectronicProxies: 1,
        totalPaperProxies: 1,
        totalProxies: 2,
        totalProxiesShares: 11.5,
        verifiedProxyCount: 1,
        unverifiedProxyCount: 1,
        totalArrearsUnitAttendance: 1,
        totalArrearsShareAttendance: 1.5,
        noticeStatusSummary: '1 of 6 voters invited',
        rtvPresence: { numUnits: 0, numVoters: 0 },
      });
      expectProblem(
        await api.get(`/v1/Meetings/${fresh.meeting.shortCode}/stats`, {
          token: tenant.token,
        }),
        404,
      );
    });
  });
});
