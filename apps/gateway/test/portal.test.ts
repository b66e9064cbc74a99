import {
  OwnBallots,
  PortalEntry,
  PortalMeeting,
  PortalSessionResponse,
} from '@livevote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import { voters as votersTable } from '../src/database/schema';
import { InviteTokensService } from '../src/members/invite-tokens.service';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Voter portal API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];

  const controlNumberOf = async (memberId: string) =>
    (await gateway.app.get(Database).db.query.members.findFirst({
      where: (m, { eq }) => eq(m.id, memberId),
    }))!.controlNumber;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { TRUST_PROXY: 'true' },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  describe('POST /portal/v1/Meetings/{shortCode}/session', () => {
    it('opens a voter session from the invitation token', async () => {
      const invite = gateway.app
        .get(InviteTokensService)
        .issue({ id: voters[0].voterId }, tenant.meeting);
      const result = await api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
        { inviteToken: invite },
      );
      expect(result.status).toBe(200);
      const session = PortalSessionResponse.parse(result.body);
      expect(session.voter.voterKey).toBe(voters[0].voterId);
      expect(session.member).toMatchObject({
        key: voters[0].memberId,
        unit: voters[0].unit,
        shares: voters[0].shares,
      });
      const meeting = await api.get(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}`,
        { token: session.voterToken },
      );
      expect(meeting.status).toBe(200);
      expect(PortalMeeting.parse(meeting.body).shortCode).toBe(
        tenant.meeting.shortCode,
      );
    });

    it('refuses a tampered, foreign or unknown invitation', async () => {
      const invite = gateway.app
        .get(InviteTokensService)
        .issue({ id: voters[0].voterId }, tenant.meeting);
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
          { inviteToken: `${invite}x` },
        ),
        401,
        'invalid_invite',
      );
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${other.meeting.shortCode}/session`,
          { inviteToken: invite },
        ),
        401,
        'invalid_invite',
      );
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
          { inviteToken: tenant.token },
        ),
        401,
        'invalid_invite',
      );
      expectProblem(
        await api.post('/portal/v1/Meetings/nosuchmeeting/session', {
          inviteToken: invite,
        }),
        404,
      );
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
          { token: invite },
        ),
        400,
      );
    });

    it('refuses the invitation of a deleted voter', async () => {
      const [gone] = await createVoters(gateway, tenant, 1, () => ({
        unit: 'GONE',
        controlNumber: 'gone-1',
      }));
      const invite = gateway.app
        .get(InviteTokensService)
        .issue({ id: gone.voterId }, tenant.meeting);
      await gateway.app
        .get(Database)
        .db.delete(votersTable)
        .where(eq(votersTable.id, gone.voterId));
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/session`,
          { inviteToken: invite },
        ),
        401,
        'invalid_invite',
      );
    });
  });

  describe('POST /portal/v1/Meetings/{shortCode}/register', () => {
    it('registers a new voter with the control number, and never opens that voter again for the same e-mail', async () => {
      const controlNumber = await controlNumberOf(voters[1].memberId);
      const body = {
        controlNumber,
        name: 'Second Owner',
        email: 'Second.Owner@Example.test',
      };
      const first = PortalSessionResponse.parse(
        (
          await api.post(
            `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
            body,
            { headers: { 'x-forwarded-for': '10.0.0.1' } },
          )
        ).body,
      );
      expect(first.member.key).toBe(voters[1].memberId);
      expect(first.voter).toMatchObject({
        name: 'Second Owner',
        email: 'Second.Owner@Example.test',
      });
      // whoever knows the control number is not the owner of the address (docs/security.md)
      const again = await api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
        { ...body, email: 'second.owner@example.test' },
        { headers: { 'x-forwarded-for': '10.0.0.1' } },
      );
      expectProblem(again, 409, 'voter_exists');
      expect(again.text).not.toContain(first.voter.voterKey);
    });

    it('refuses a wrong control number, and one of another meeting', async () => {
      const headers = { 'x-forwarded-for': '10.0.0.2' };
      const body = {
        controlNumber: 'no-such-number',
        name: 'X',
        email: 'x@example.test',
      };
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
          body,
          { headers },
        ),
        401,
        'invalid_control_number',
      );
      const [foreign] = await createVoters(gateway, other, 1);
      const foreignNumber = await controlNumberOf(foreign.memberId);
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
          { ...body, controlNumber: foreignNumber },
          { headers },
        ),
        401,
        'invalid_control_number',
      );
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
          { ...body, email: 'nope' },
          { headers },
        ),
        400,
        'validation_failed',
      );
    });

    it('limits guessing control numbers per client address (429 with Retry-After)', async () => {
      const headers = { 'x-forwarded-for': '10.0.0.99' };
      const body = {
        controlNumber: 'guess',
        name: 'G',
        email: 'g@example.test',
      };
      for (let i = 0; i < 20; i++) {
        expect(
          (
            await api.post(
              `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
              body,
              { headers },
            )
          ).status,
        ).toBe(401);
      }
      const limited = await api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
        body,
        { headers },
      );
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
    it('lets 300 owners on one address register while wrong control numbers from it are refused with 429', async () => {
      const room = { 'x-forwarded-for': '10.0.0.50' };
      const csv = [
        'unit,controlNumber',
        ...Array.from({ length: 300 }, (_, i) => `R${i},room-${i}`),
      ].join('\n');
      expect(
        (
          await api.post(
            `/v1/Meetings/${tenant.meeting.shortCode}/members/import`,
            undefined,
            {
              token: tenant.token,
              raw: csv,
              headers: { 'content-type': 'text/csv' },
            },
          )
        ).status,
      ).toBe(200);
      const register = (controlNumber: string, i: number) =>
        api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
          { controlNumber, name: `Owner ${i}`, email: `owner${i}@room.test` },
          { headers: room },
        );
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++)
        statuses.push((await register(`room-${i}`, i)).status);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      for (let i = 0; i < 20; i++)
        expect((await register(`wrong-${i}`, i)).status).toBe(401);
      expectProblem(await register('wrong-20', 20), 429, 'rate_limited');
      // guessing from this address now waits, even for a right number
      expectProblem(await register('room-0', 0), 429, 'rate_limited');
    });

    it('limits the same wrong control number tried from many addresses', async () => {
      const body = {
        controlNumber: 'shared-guess',
        name: 'G',
        email: 'g@example.test',
      };
      for (let i = 0; i < 20; i++)
        expect(
          (
            await api.post(
              `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
              body,
              { headers: { 'x-forwarded-for': `10.1.0.${i + 1}` } },
            )
          ).status,
        ).toBe(401);
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
          body,
          { headers: { 'x-forwarded-for': '10.1.0.200' } },
        ),
        429,
        'rate_limited',
      );
    });
  });

  describe('voter reads', () => {
    it('shows the matters with eligibility, and the own ballot only', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'Portal matter',
        eligibility: ['council'],
      });
      const meeting = PortalMeeting.parse(
        (
          await api.get(`/portal/v1/Meetings/${tenant.meeting.shortCode}`, {
            token: voters[2].token,
          })
        ).body,
      );
      const listed = meeting.matters.find((m) => m.matterKey === matter.id);
      expect(listed).toMatchObject({
        eligible: false,
        liveStatus: 'pending',
        allowProxyVote: true,
      });
      expectProblem(
        await api.get(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballot`,
          { token: voters[2].token },
        ),
        404,
        'ballot_not_found',
      );
      expectProblem(
        await api.get(`/portal/v1/Meetings/${other.meeting.shortCode}`, {
          token: voters[2].token,
        }),
        404,
      );
      expectProblem(
        await api.get(`/portal/v1/Meetings/${tenant.meeting.shortCode}`),
        401,
        'missing_token',
      );
      expectProblem(
        await api.get(`/portal/v1/Meetings/${tenant.meeting.shortCode}`, {
          token: tenant.token,
        }),
        401,
        'invalid_token',
      );
    });

    it('lists the member’s own ballots in one answer, an empty list when there is none', async () => {
      const base = `/portal/v1/Meetings/${tenant.meeting.shortCode}`;
      const before = await api.get(`${base}/ballots`, {
        token: voters[1].token,
      });
      expect(before.status).toBe(200);
      expect(OwnBallots.parse(before.body).ballots).toEqual([]);
      const matter = await createMatter(gateway, tenant, {
        name: 'Listed ballots',
        liveStatus: 'live',
        liveStartedAt: new Date(),
        liveEndsAt: new Date(Date.now() + 600_000),
      });
      const cast = await api.post(
        `${base}/matters/${matter.id}/ballots`,
        { choices: ['No'] },
        { token: voters[1].token },
      );
      expect(cast.status, cast.text).toBe(201);

      const after = OwnBallots.parse(
        (await api.get(`${base}/ballots`, { token: voters[1].token })).body,
      );
      expect(after.ballots).toEqual([
        expect.objectContaining({
          matterKey: matter.id,
          choices: ['No'],
          method: 'live',
          ballotId: cast.body.ballotId,
        }),
      ]);
      // another member of the same meeting sees none of them
      const others = OwnBallots.parse(
        (await api.get(`${base}/ballots`, { token: voters[0].token })).body,
      );
      expect(others.ballots.map((b) => b.matterKey)).not.toContain(matter.id);
      expectProblem(
        await api.get(
          `/portal/v1/Meetings/${other.meeting.shortCode}/ballots`,
          {
            token: voters[1].token,
          },
        ),
        404,
      );
      expectProblem(await api.get(`${base}/ballots`), 401, 'missing_token');
      expectProblem(
        await api.get(`${base}/ballots`, { token: tenant.token }),
        401,
        'invalid_token',
      );
    });

    it('names the meeting to anyone at its way in, and nothing more', async () => {
      const result = await api.get(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/entry`,
      );
      expect(result.status).toBe(200);
      expect(PortalEntry.parse(result.body)).toEqual({
        name: tenant.meeting.name,
        language: 'en',
        meetingDate: tenant.meeting.meetingDate.toISOString(),
        meetingTimezone: tenant.meeting.meetingTimezone,
      });
      expectProblem(
        await api.get('/portal/v1/Meetings/nosuchmeeting/entry'),
        404,
        'meeting_not_found',
      );
      expectProblem(
        await api.get(`/portal/v1/Meetings/${'x'.repeat(300)}/entry`),
        404,
      );
    });

    it('refuses a voter token on the management API', async () => {
      expectProblem(
        await api.get('/v1/Accounts', { token: voters[0].token }),
        403,
        'voter_token_forbidden',
      );
    });

    it('rejects a malformed Idempotency-Key', async () => {
      const matter = await createMatter(gateway, tenant, { name: 'Keys' });
      expectProblem(
        await api.post(
          `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
          { choices: ['Yes'] },
          {
            token: voters[0].token,
            headers: { 'idempotency-key': 'has spaces in it' },
          },
        ),
        400,
        'invalid_idempotency_key',
      );
    });
  });
});
