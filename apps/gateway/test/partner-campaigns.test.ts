import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Campaign, CampaignWithStats } from '@livevote/contracts';
import { AccountsService } from '../src/accounts/accounts.service';
import { Database } from '../src/database/database';
import { members, voters } from '../src/database/schema';
import { UsersService } from '../src/identity/users.service';
import {
  createAccount,
  createMeeting,
  createTenant,
  createUser,
  signIn,
  type MeetingFixtureRow,
  type TenantFixture,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { insertBallot } from './support/members-factories';
import {
  grantAccess,
  registerPartner,
  type PartnerClientFixture,
} from './support/partner-oauth';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const DAY = 86_400_000;

describe('Partner campaigns API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let partner: PartnerClientFixture;
  let customer: UserFixture;
  let harbour: { key: string };
  let lakeside: { key: string };
  let other: TenantFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: {
        AUTH_RATE_LIMIT_PER_USER: '1000',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        PUBLIC_URL: 'https://console.example.org',
      },
    });
    api = http(gateway.baseUrl);
    partner = await registerPartner(gateway);
    customer = await createUser(gateway);
    harbour = await createAccount(gateway, [customer]);
    lakeside = await createAccount(gateway, [customer]);
    other = await createTenant(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  const db = () => gateway.app.get(Database).db;
  const at = (offsetMs: number) => new Date(gateway.clock.nowMs() + offsetMs);

  /** A fresh grant each time: tests move the clock past access-token lifetimes. */
  async function accessToken(user: UserFixture = customer): Promise<string> {
    return (await grantAccess(gateway, partner, user)).access_token;
  }

  async function campaign(key: string, token?: string) {
    const result = await api.get(`/papi/v1/campaigns/${key}`, {
      token: token ?? (await accessToken()),
    });
    expect(result.status).toBe(200);
    return CampaignWithStats.parse(result.body);
  }

  const status = async (meeting: MeetingFixtureRow) =>
    (await campaign(meeting.id)).status;

  async function patchExpiry(meeting: MeetingFixtureRow, expiryDate: Date) {
    const result = await api.patch(
      `/v1/Meetings/${meeting.shortCode}`,
      { expiryDate: expiryDate.toISOString() },
      { token: await signIn(gateway, customer) },
    );
    expect(result.status).toBe(200);
  }

  async function inviteSomeone(meeting: MeetingFixtureRow) {
    const [member] = await db()
      .insert(members)
      .values({ meetingId: meeting.id, unit: 'A-1', controlNumber: 'CN-A-1' })
      .returning();
    await db().insert(voters).values({
      meetingId: meeting.id,
      memberId: member.id,
      name: 'Ann',
      email: 'ann@owners.test',
      lastInviteDate: gateway.clock.now(),
    });
  }

  describe('GET /papi/v1/campaigns', () => {
    it("lists the meetings of every account of the granting customer, with spec 2.1's fields and no stats", async () => {
      const spring = await createMeeting(gateway, harbour.key, {
        name: 'Spring AGM',
        description: 'Budget & board',
        location: 'Party room',
        meetingDate: at(20 * DAY),
        expiryDate: at(19 * DAY),
      });
      const board = await createMeeting(gateway, lakeside.key, {
        name: 'Board meeting',
        meetingDate: at(10 * DAY),
        expiryDate: null,
      });
      const result = await api.get('/papi/v1/campaigns', {
        token: await accessToken(),
      });
      expect(result.status).toBe(200);
      const list = Campaign.array().parse(result.body);
      expect(list.map((c) => c.key)).toEqual([board.id, spring.id]);
      expect(list[1]).toEqual({
        key: spring.id,
        name: 'Spring AGM',
        description: 'Budget & board',
        meetingDate: spring.meetingDate.toISOString(),
        location: 'Party room',
        status: 'active',
        dashboardUrl: `https://console.example.org/meetings/${spring.shortCode}`,
      });
      expect(result.text).not.toContain(other.meeting.id);
      expect(result.text).not.toContain('stats');
    });

    it('follows account membership: a removed customer no longer shares that account', async () => {
      const leaver = await createUser(gateway);
      const shared = await createAccount(gateway, [leaver, other.user]);
      const meeting = await createMeeting(gateway, shared.key);
      const token = await accessToken(leaver);
      const before = await api.get('/papi/v1/campaigns', { token });
      expect(before.body.map((c: { key: string }) => c.key)).toEqual([
        meeting.id,
      ]);
      await gateway.app
        .get(AccountsService)
        .adminSetMembership(shared.key, leaver.email, false);
      const after = await api.get('/papi/v1/campaigns', { token });
      expect(after.status).toBe(200);
      expect(after.body).toEqual([]);
      expectProblem(
        await api.get(`/papi/v1/campaigns/${meeting.id}`, { token }),
        404,
        'campaign_not_found',
      );
    });

    it("ends the grant when the customer's password changes", async () => {
      const user = await createUser(gateway);
      await createAccount(gateway, [user]);
      const token = await accessToken(user);
      expect((await api.get('/papi/v1/campaigns', { token })).status).toBe(200);
      gateway.clock.advance(1000);
      await gateway.app
        .get(UsersService)
        .changePassword(user.email, 'a-brand-new-password');
      expectProblem(
        await api.get('/papi/v1/campaigns', { token }),
        401,
        'invalid_token',
      );
    });
  });

  describe('GET /papi/v1/campaigns/:key', () => {
    it('answers the campaign with stats as strings, counted from members, voters and ballots', async () => {
      const meeting = await createMeeting(gateway, harbour.key, {
        name: 'Stats AGM',
      });
      const rows = await db()
        .insert(members)
        .values(
          ['101', '102', '103', '104'].map((unit, i) => ({
            meetingId: meeting.id,
            unit,
            controlNumber: `CN-${unit}`,
            eligible: i < 3,
          })),
        )
        .returning();
      const voterRows = await db()
        .insert(voters)
        .values(
          rows.map((member, i) => ({
            meetingId: meeting.id,
            memberId: member.id,
            name: `Owner ${member.unit}`,
            email: `${member.unit}@owners.test`,
            attending: i % 2 === 0,
          })),
        )
        .returning();
      await insertBallot(gateway, {
        meetingId: meeting.id,
        memberId: rows[0].id,
        voterId: voterRows[0].id,
      });
      await insertBallot(gateway, {
        meetingId: meeting.id,
        memberId: rows[0].id,
        method: 'proxy',
      });
      await insertBallot(gateway, {
        meetingId: meeting.id,
        memberId: rows[1].id,
        method: 'other',
      });

      const result = await campaign(meeting.id);
      expect(result).toEqual({
        key: meeting.id,
        name: 'Stats AGM',
        description: '',
        meetingDate: meeting.meetingDate.toISOString(),
        location: '',
        status: 'active',
        dashboardUrl: `https://console.example.org/meetings/${meeting.shortCode}`,
        stats: {
          votesSubmitted: '2',
          maxVoters: '3',
          attendingCount: '2',
          cachedAt: gateway.clock.now().toISOString(),
        },
        results: [],
      });
    });

    it("answers 404 for another customer's campaign, an unknown key and a key that is not a UUID, all alike", async () => {
      const token = await accessToken();
      const answers = await Promise.all(
        [
          other.meeting.id,
          '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69',
          'not-a-uuid',
          other.meeting.shortCode,
        ].map((key) => api.get(`/papi/v1/campaigns/${key}`, { token })),
      );
      const bodies = answers.map((answer) => {
        const problem = expectProblem(answer, 404, 'campaign_not_found');
        expect(answer.text).not.toContain(other.meeting.name);
        return problem.detail;
      });
      expect(new Set(bodies).size).toBe(1);
    });
  });

  describe('status', () => {
    it('is active, then closed once early voting ends, then completed once the meeting is over', async () => {
      const meeting = await createMeeting(gateway, harbour.key, {
        meetingDate: at(3 * DAY),
        expiryDate: at(2 * DAY),
        duration: 90,
      });
      expect(await status(meeting)).toBe('active');
      gateway.clock.set(meeting.expiryDate!);
      expect(await status(meeting)).toBe('closed');
      gateway.clock.set(new Date(meeting.meetingDate.getTime() + 89 * 60_000));
      expect(await status(meeting)).toBe('closed');
      gateway.clock.set(new Date(meeting.meetingDate.getTime() + 90 * 60_000));
      expect(await status(meeting)).toBe('completed');
    });

    it('is active until the meeting is over when there is no early voting deadline', async () => {
      const meeting = await createMeeting(gateway, harbour.key, {
        meetingDate: at(DAY),
        expiryDate: null,
        duration: 60,
      });
      expect(await status(meeting)).toBe('active');
      gateway.clock.set(new Date(meeting.meetingDate.getTime() + 30 * 60_000));
      expect(await status(meeting)).toBe('active');
      gateway.clock.set(new Date(meeting.meetingDate.getTime() + 60 * 60_000));
      expect(await status(meeting)).toBe('completed');
    });

    it('is extended when expiryDate moves later after invites went out, and closed once the new one passes', async () => {
      const meeting = await createMeeting(gateway, harbour.key, {
        meetingDate: at(10 * DAY),
        expiryDate: at(5 * DAY),
      });
      await inviteSomeone(meeting);
      await patchExpiry(meeting, at(7 * DAY));
      expect(await status(meeting)).toBe('extended');
      gateway.clock.advance(6 * DAY);
      expect(await status(meeting)).toBe('extended');
      gateway.clock.advance(DAY);
      expect(await status(meeting)).toBe('closed');
    });

    it('is extended when a closed early vote is reopened, and after a ballot was recorded', async () => {
      const reopened = await createMeeting(gateway, harbour.key, {
        meetingDate: at(4 * DAY),
        expiryDate: at(DAY),
      });
      gateway.clock.advance(2 * DAY);
      expect(await status(reopened)).toBe('closed');
      await patchExpiry(reopened, at(DAY));
      expect(await status(reopened)).toBe('extended');

      const voted = await createMeeting(gateway, harbour.key, {
        meetingDate: at(10 * DAY),
        expiryDate: at(5 * DAY),
      });
      const [member] = await db()
        .insert(members)
        .values({ meetingId: voted.id, unit: 'B-1', controlNumber: 'CN-B-1' })
        .returning();
      await insertBallot(gateway, {
        meetingId: voted.id,
        memberId: member.id,
        method: 'proxy',
      });
      await patchExpiry(voted, at(6 * DAY));
      expect(await status(voted)).toBe('extended');
    });

    it('stays active when expiryDate moves before early voting opened, or moves earlier', async () => {
      const draft = await createMeeting(gateway, harbour.key, {
        meetingDate: at(10 * DAY),
        expiryDate: at(5 * DAY),
      });
      await patchExpiry(draft, at(8 * DAY));
      expect(await status(draft)).toBe('active');

      const invited = await createMeeting(gateway, harbour.key, {
        meetingDate: at(10 * DAY),
        expiryDate: at(5 * DAY),
      });
      await inviteSomeone(invited);
      await patchExpiry(invited, at(4 * DAY));
      expect(await status(invited)).toBe('active');
    });

    it('is active again when an extension is taken back to the original deadline', async () => {
      const meeting = await createMeeting(gateway, harbour.key, {
        meetingDate: at(10 * DAY),
        expiryDate: at(5 * DAY),
      });
      await inviteSomeone(meeting);
      await patchExpiry(meeting, at(7 * DAY));
      expect(await status(meeting)).toBe('extended');
      await patchExpiry(meeting, meeting.expiryDate!);
      expect(await status(meeting)).toBe('active');
    });
  });
});
