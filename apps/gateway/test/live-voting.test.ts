import {
  ConnectedVoters,
  Matter,
  MatterStateEvent,
  MatterTallyEvent,
  type LiveSnapshot,
} from '@livevote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Database } from '../src/database/database';
import { ballotEvents, ballots, matters } from '../src/database/schema';
import { LiveTokensService } from '../src/identity/live-tokens.service';
import { TallyStore } from '../src/voting/tally.store';
import { holdFirstCall } from './support/held-calls';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

/** The ballots stored on a matter. */
const storedBallots = (gateway: TestGateway, matterId: string) =>
  gateway.app
    .get(Database)
    .db.select()
    .from(ballots)
    .where(eq(ballots.matterId, matterId));

/** Recount from the ballots table, in the tally row shape. */
async function recount(
  gateway: TestGateway,
  matterId: string,
  options: string[],
) {
  const rows = await storedBallots(gateway, matterId);
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    votesCast: rows.length,
    sharesCast: round(rows.reduce((sum, row) => sum + row.weight, 0)),
    rows: options.map((vote) => {
      const pick = (method: string) =>
        rows.filter(
          (row) => row.method === method && row.choices.includes(vote),
        );
      return {
        vote,
        numProxyVotes: pick('proxy').length,
        numLiveVotes: pick('live').length,
        numOtherVotes: pick('other').length,
        numProxyShares: round(pick('proxy').reduce((s, r) => s + r.weight, 0)),
        numLiveShares: round(pick('live').reduce((s, r) => s + r.weight, 0)),
        numOtherShares: round(pick('other').reduce((s, r) => s + r.weight, 0)),
      };
    }),
  };
}

for (const mode of ['redis', 'in-process'] as const) {
  describe(`live voting on one node (${mode})`, () => {
    let database: TestDatabase;
    let redis: TestRedis | undefined;
    let gateway: TestGateway;
    let api: Http;
    let tenant: TenantFixture;
    let voters: VoterFixture[];
    const sockets: LiveClient[] = [];

    const live = async (token: string) => {
      const socket = await connectLive(gateway.baseUrl, token);
      sockets.push(socket);
      return socket;
    };
    const action = (matterId: string, body: object) =>
      api.post(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/action`,
        body,
        { token: tenant.token },
      );
    const castRest = (
      voter: VoterFixture,
      matterId: string,
      choices: string[],
      key?: string,
    ) =>
      api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/ballots`,
        { choices },
        {
          token: voter.token,
          headers: key ? { 'idempotency-key': key } : {},
        },
      );
    const matterRow = async (id: string) =>
      (
        await gateway.app
          .get(Database)
          .db.select()
          .from(matters)
          .where(eq(matters.id, id))
      )[0];

    beforeAll(async () => {
      database = await createTestDatabase();
      redis = mode === 'redis' ? createTestRedis() : undefined;
      gateway = await startGateway({
        databaseUrl: database.url,
        redisUrl: redis?.url,
        redisPrefix: redis?.prefix,
        clock: new RunningClock(),
        // the crowd test has each socket's five rounds in flight at once
        env: { BALLOT_LIMIT_PER_SOCKET: '5', BALLOT_LIMIT_PER_MEMBER: '5' },
      });
      api = http(gateway.baseUrl);
      tenant = await createTenant(gateway);
      voters = await createVoters(gateway, tenant, 12, (i) =>
        i === 11 ? { eligible: false } : {},
      );
    });

    afterAll(async () => {
      sockets.forEach((socket) => socket.close());
      await gateway?.close();
      await redis?.cleanup();
      await database?.drop();
    });

    it('walks the state machine: start, extend, stop, reopen; illegal moves are 409', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'State machine',
      });
      expectProblem(
        await action(matter.id, { action: 'extend' }),
        409,
        'not_live',
      );
      expectProblem(
        await action(matter.id, { action: 'stop' }),
        409,
        'not_live',
      );
      const started = await action(matter.id, {
        action: 'start',
        duration: 60,
      });
      expect(started.status).toBe(204);
      const live = await matterRow(matter.id);
      expect(live.liveStatus).toBe('live');
      expect(live.liveEndsAt!.getTime() - live.liveStartedAt!.getTime()).toBe(
        60_000,
      );
      const meeting = await api.get(
        `/v1/Meetings/${tenant.meeting.shortCode}`,
        { token: tenant.token },
      );
      expect(meeting.body.liveVotingStatus).toBe('live');
      expectProblem(
        await action(matter.id, { action: 'start' }),
        409,
        'not_startable',
      );
      expect(
        (await action(matter.id, { action: 'extend', duration: 30 })).status,
      ).toBe(204);
      expect((await matterRow(matter.id)).liveEndsAt!.getTime()).toBe(
        live.liveEndsAt!.getTime() + 30_000,
      );
      expect((await action(matter.id, { action: 'stop' })).status).toBe(204);
      const stopped = await matterRow(matter.id);
      expect(stopped.liveStatus).toBe('closed');
      expect(stopped.liveClosedAt).not.toBeNull();
      expect(stopped.closeSnapshot).toMatchObject({
        reason: 'stop',
        eligibleMembers: 11,
        votesCast: 0,
      });
      expectProblem(
        await action(matter.id, { action: 'extend' }),
        409,
        'not_live',
      );
      expect((await action(matter.id, { action: 'start' })).status).toBe(204);
      const reopened = await matterRow(matter.id);
      expect(reopened.liveStatus).toBe('live');
      expect(reopened.liveClosedAt).toBeNull();
      expect(
        reopened.liveEndsAt!.getTime() - reopened.liveStartedAt!.getTime(),
      ).toBe(360_000);
      const view = Matter.parse(
        (
          await api.get(
            `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}`,
            { token: tenant.token },
          )
        ).body,
      );
      expect(view.liveStatus).toBe('live');
      await action(matter.id, { action: 'stop' });
    });

    it.each([
      [{ action: 'pause' }],
      [{ action: 'start', duration: 9 }],
      [{ action: 'start', duration: 86_401 }],
      [{ action: 'start', duration: '60' }],
      [{ action: 'start', duration: 1.5 }],
      [{ action: 'start', reason: 'x' }],
      [{}],
    ])('refuses the action body %j with 400', async (body) => {
      const matter = await createMatter(gateway, tenant, {
        name: 'Bad actions',
      });
      expectProblem(await action(matter.id, body), 400, 'validation_failed');
      expect((await matterRow(matter.id)).liveStatus).toBe('pending');
    });

    it("answers 404 for another account's meeting and unknown matters", async () => {
      const other = await createTenant(gateway);
      const matter = await createMatter(gateway, other);
      expectProblem(
        await api.post(
          `/v1/Meetings/${other.meeting.shortCode}/matters/${matter.id}/action`,
          { action: 'start' },
          { token: tenant.token },
        ),
        404,
      );
      expectProblem(
        await action(matter.id, { action: 'start' }),
        404,
        'matter_not_found',
      );
      expectProblem(
        await action('not-a-uuid', { action: 'start' }),
        404,
        'matter_not_found',
      );
      expect((await matterRow(matter.id)).liveStatus).toBe('pending');
    });

    it('shows a started matter to voters at once, tallies only to chairs and screens, and closes on time', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'Deadline',
        options: ['Yes', 'No'],
        secretBallot: false,
      });
      const chair = await live(tenant.token);
      const screenToken = (
        await api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/screen-tokens`,
          undefined,
          { token: tenant.token },
        )
      ).body.token;
      const screen = await live(screenToken);
      const voterSocket = await live(voters[0].token);
      const voterSnapshot = (await request(voterSocket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      })) as LiveSnapshot;
      expect(voterSnapshot.role).toBe('voter');
      expect(voterSnapshot.tallies).toBeUndefined();
      const chairSnapshot = (await request(chair, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      })) as LiveSnapshot;
      expect(chairSnapshot.tallies?.length).toBe(chairSnapshot.matters.length);
      await request(screen, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      const tallies: unknown[] = [];
      voterSocket.on('matter.tally', (event) => tallies.push(event));

      const seen = nextEvent(
        voterSocket,
        'matter.state',
        (e) => e.matterKey === matter.id && e.liveStatus === 'live',
      );
      expect(
        (await action(matter.id, { action: 'start', duration: 10 })).status,
      ).toBe(204);
      const state = MatterStateEvent.parse(await seen);
      expect(state.seq).toBeGreaterThan(0);

      const screenTally = nextEvent(
        screen,
        'matter.tally',
        (e) => e.matterKey === matter.id && e.votesCast === 2,
      );
      const receipt = await request(voterSocket, 'ballot.cast', {
        matterKey: matter.id,
        choices: ['Yes'],
        idempotencyKey: 'k-1',
      });
      expect(receipt).toMatchObject({
        matterKey: matter.id,
        ballotId: expect.any(String),
      });
      expect((await castRest(voters[1], matter.id, ['No'])).status).toBe(201);
      const tally = MatterTallyEvent.parse(await screenTally);
      expect(tally.rows.find((row) => row.vote === 'Yes')).toMatchObject({
        numLiveVotes: 1,
        numLiveShares: voters[0].shares,
      });
      expect(tally.eligibleMembers).toBe(11);

      const closed = await nextEvent(
        voterSocket,
        'matter.state',
        (e) => e.matterKey === matter.id && e.liveStatus === 'closed',
      );
      const lateness = Date.now() - new Date(closed.liveEndsAt!).getTime();
      expect(lateness).toBeLessThan(1500);
      expect(closed.liveClosedAt).toBe(closed.liveEndsAt);
      expectProblem(
        await castRest(voters[2], matter.id, ['Yes']),
        409,
        'matter_not_live',
      );
      const row = await matterRow(matter.id);
      expect(row.closeSnapshot).toMatchObject({
        reason: 'deadline',
        votesCast: 2,
        eligibleMembers: 11,
        // the socket's voter, and the one who voted over HTTP (docs/presence.md)
        presentMembers: 2,
      });
      expect(tallies).toEqual([]);
    });

    it('refuses a ballot received 1 ms after the deadline, whatever the timer has done', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'One millisecond',
      });
      await action(matter.id, { action: 'start', duration: 60 });
      const endsAt = (await matterRow(matter.id)).liveEndsAt!;
      gateway.clock.set(new Date(endsAt.getTime() + 1));
      try {
        expectProblem(
          await castRest(voters[3], matter.id, ['Yes']),
          409,
          'matter_not_live',
        );
      } finally {
        gateway.clock.set(new Date());
      }
      expect((await castRest(voters[3], matter.id, ['Yes'])).status).toBe(201);
      await action(matter.id, { action: 'stop' });
    });

    it('refuses a ballot received at the deadline itself: the vote closes at liveEndsAt, as the deadline close reads it', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'At the deadline',
      });
      await action(matter.id, { action: 'start', duration: 60 });
      const endsAt = (await matterRow(matter.id)).liveEndsAt!;
      // the clock stands still at the deadline while the ballot is stamped
      const frozen = vi.spyOn(gateway.clock, 'now').mockReturnValue(endsAt);
      try {
        expectProblem(
          await castRest(voters[3], matter.id, ['Yes']),
          409,
          'matter_not_live',
        );
      } finally {
        frozen.mockRestore();
      }
      expect((await castRest(voters[3], matter.id, ['Yes'])).status).toBe(201);
      await action(matter.id, { action: 'stop' });
    });

    it('answers a retry with the same Idempotency-Key with the first ballot', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'Idempotent',
      });
      await action(matter.id, { action: 'start', duration: 60 });
      const first = await castRest(voters[4], matter.id, ['Yes'], 'retry-me');
      expect(first.status).toBe(201);
      const again = await castRest(voters[4], matter.id, ['No'], 'retry-me');
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      /** The choices of each ballot stored on a matter. */
      const storedChoices = async (matterId: string) =>
        (await storedBallots(gateway, matterId)).map((b) => b.choices);
      expect(await storedChoices(matter.id)).toEqual([['Yes']]);
      const events = await gateway.app
        .get(Database)
        .db.select()
        .from(ballotEvents)
        .where(eq(ballotEvents.matterId, matter.id));
      expect(events).toHaveLength(1);
      // the same key on another matter is another ballot, not a replay of this one
      const other = await createMatter(gateway, tenant, {
        name: 'Idempotent, another matter',
      });
      await action(other.id, { action: 'start', duration: 60 });
      const elsewhere = await castRest(voters[4], other.id, ['No'], 'retry-me');
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.body).not.toEqual(first.body);
      expect(await storedChoices(other.id)).toEqual([['No']]);
      await action(other.id, { action: 'stop' });
      await action(matter.id, { action: 'stop' });
      // after the close, the same retry still gets its receipt rather than an error
      expect(
        (await castRest(voters[4], matter.id, ['Yes'], 'retry-me')).body,
      ).toEqual(first.body);
    });

    it('checks choices and eligibility', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'Checks',
        options: ['A', 'B', 'C'],
        choices: 2,
      });
      const tagged = await createMatter(gateway, tenant, {
        name: 'Tagged',
        eligibility: ['council'],
      });
      await action(matter.id, { action: 'start', duration: 60 });
      await action(tagged.id, { action: 'start', duration: 60 });
      expectProblem(
        await castRest(voters[5], matter.id, ['A', 'B', 'C']),
        400,
        'too_many_choices',
      );
      expectProblem(
        await castRest(voters[5], matter.id, ['A', 'A']),
        400,
        'duplicate_choice',
      );
      expectProblem(
        await castRest(voters[5], matter.id, ['Z']),
        400,
        'invalid_choice',
      );
      expectProblem(
        await castRest(voters[5], matter.id, []),
        400,
        'validation_failed',
      );
      expectProblem(
        await castRest(voters[11], matter.id, ['A']),
        403,
        'not_eligible',
      );
      expectProblem(
        await castRest(voters[5], tagged.id, ['Yes']),
        403,
        'not_eligible',
      );
      expect((await castRest(voters[5], matter.id, ['A', 'C'])).status).toBe(
        201,
      );
      const socket = await live(voters[6].token);
      const ack = await request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: ['A', 'B', 'C'],
      });
      expect(ack).toEqual({
        error: {
          status: 400,
          code: 'too_many_choices',
          message: expect.any(String),
        },
      });
      const bad = await request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: 'A',
      } as never);
      expect(bad).toMatchObject({
        error: { status: 400, code: 'validation_failed' },
      });
      await action(matter.id, { action: 'stop' });
      await action(tagged.id, { action: 'stop' });
    });

    it('takes early (proxy) ballots before expiryDate, lets a live ballot supersede them, and manager ballots', async () => {
      const matter = await createMatter(gateway, tenant, {
        name: 'Early',
        secretBallot: false,
      });
      const early = await castRest(voters[7], matter.id, ['No']);
      expect(early.status).toBe(201);
      const own = await api.get(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballot`,
        { token: voters[7].token },
      );
      expect(own.body).toMatchObject({
        method: 'proxy',
        choices: ['No'],
        ballotId: early.body.ballotId,
      });
      const paper = await api.post(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
        { memberKey: voters[8].memberId, choices: ['Yes'], method: 'proxy' },
        { token: tenant.token },
      );
      expect(paper.status).toBe(201);
      await action(matter.id, { action: 'start', duration: 60 });
      expect((await castRest(voters[7], matter.id, ['Yes'])).status).toBe(201);
      // a manager's `other` ballot is a vote in the room: for members present only
      // (docs/hybrid-meetings.md)
      for (const voter of [voters[7], voters[9]]) {
        const checkedIn = await api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/check-ins`,
          { voterKey: voter.voterId },
          { token: tenant.token },
        );
        expect(checkedIn.status, checkedIn.text).toBe(201);
      }
      const floor = await api.post(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
        { memberKey: voters[7].memberId, choices: ['No'], method: 'other' },
        { token: tenant.token },
      );
      expectProblem(floor, 409, 'ballot_locked');
      const stats = await api.get(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/stats`,
        { token: tenant.token },
      );
      expect(
        stats.body.find((row: { vote: string }) => row.vote === 'Yes'),
      ).toMatchObject({ numLiveVotes: 1, numProxyVotes: 1 });
      expect(
        stats.body.find((row: { vote: string }) => row.vote === 'No'),
      ).toMatchObject({ numLiveVotes: 0, numProxyVotes: 0 });
      const who = await api.get(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/voters`,
        { token: tenant.token },
      );
      expect(
        who.body
          .map((row: { unit: string; method: string }) => [
            row.unit,
            row.method,
          ])
          .sort(),
      ).toEqual(
        [
          [voters[7].unit, 'live'],
          [voters[8].unit, 'proxy'],
        ].sort(),
      );
      expect(JSON.stringify(who.body)).not.toContain('choices');
      await action(matter.id, { action: 'stop' });
      expectProblem(
        await api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
          { memberKey: voters[9].memberId, choices: ['Yes'], method: 'other' },
          { token: tenant.token },
        ),
        409,
        'matter_closed',
      );
    });

    it('keeps the tally equal to a recount under 1,000 ballots from 200 sockets with replacements', async () => {
      const crowd = await createVoters(gateway, tenant, 200, (i) => ({
        unit: `C${i}`,
        controlNumber: `crowd-${mode}-${i}`,
      }));
      const options = ['Yes', 'No', 'Abstain'];
      const matter = await createMatter(gateway, tenant, {
        name: 'Crowd',
        options,
        choices: 2,
        secretBallot: false,
      });
      const chair = await live(tenant.token);
      await request(chair, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      const clients = await Promise.all(
        crowd.map((voter) => live(voter.token)),
      );
      await Promise.all(
        clients.map((socket) =>
          request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode }),
        ),
      );
      let latest: MatterTallyEvent | undefined;
      chair.on('matter.tally', (event) => {
        if (event.matterKey === matter.id) latest = event;
      });
      await action(matter.id, { action: 'start', duration: 120 });
      const acks = await Promise.all(
        Array.from({ length: 5 }, (_, round) =>
          Promise.all(
            clients.map((socket, i) =>
              request(socket, 'ballot.cast', {
                matterKey: matter.id,
                choices:
                  round % 2
                    ? [options[(i + round) % 3]]
                    : [options[i % 3], options[(i + 1) % 3]],
                idempotencyKey: `${i}-${round}`,
              }),
            ),
          ),
        ).flat(),
      ).then((rounds) => rounds.flat());
      expect(acks).toHaveLength(1000);
      expect(acks.filter((ack) => 'error' in ack)).toEqual([]);
      const expected = await recount(gateway, matter.id, options);
      expect(expected.votesCast).toBe(200);
      const matches = (e: MatterTallyEvent) =>
        e.matterKey === matter.id &&
        e.sharesCast === expected.sharesCast &&
        JSON.stringify(e.rows) === JSON.stringify(expected.rows);
      // the last coalesced tally may already have arrived while the recount ran
      const settled =
        latest && matches(latest)
          ? latest
          : await nextEvent(chair, 'matter.tally', matches, 10_000);
      expect(settled.votesCast).toBe(200);
      const stats = await api.get(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/stats`,
        { token: tenant.token },
      );
      expect(stats.body).toEqual(expected.rows);
      const events = await gateway.app
        .get(Database)
        .db.select()
        .from(ballotEvents)
        .where(eq(ballotEvents.matterId, matter.id));
      expect(events).toHaveLength(1000);
      await action(matter.id, { action: 'stop' });
      clients.forEach((socket) => socket.close());
    });

    it('puts right a running tally that the start’s recount overwrote with an older count', async () => {
      const [voter] = await createVoters(gateway, tenant, 1, () => ({
        unit: 'S1',
        controlNumber: `stale-${mode}`,
      }));
      const options = ['Yes', 'No'];
      const matter = await createMatter(gateway, tenant, {
        name: 'Raced recount',
        options,
        secretBallot: false,
      });
      const chair = await live(tenant.token);
      await request(chair, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      const phone = await live(voter.token);
      await request(phone, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      const events: MatterTallyEvent[] = [];
      const tallies: number[] = [];
      chair.on('matter.tally', (event) => {
        if (event.matterKey !== matter.id) return;
        events.push(event);
        tallies.push(event.votesCast);
      });
      // the start's recount has read no ballot; it writes only after one was counted
      let release!: () => void;
      const store = gateway.app.get(TallyStore);
      const held = holdFirstCall(
        store,
        'replace',
        new Promise<void>((resolve) => (release = resolve)),
      );
      try {
        const started = action(matter.id, { action: 'start', duration: 120 });
        await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(1));
        const ack = await request(phone, 'ballot.cast', {
          matterKey: matter.id,
          choices: ['Yes'],
          idempotencyKey: 'raced',
        });
        expect(ack).not.toHaveProperty('error');
        await vi.waitFor(() => expect(tallies).toContain(1), {
          timeout: 5_000,
        });
        release();
        await started;
      } finally {
        release();
        held.mockRestore();
      }
      // the older count went out after the right one, then the check against a recount
      // put it right
      await vi.waitFor(() =>
        expect(tallies.slice(tallies.indexOf(1))).toContain(0),
      );
      const expected = await recount(gateway, matter.id, options);
      // every event was kept since before the start, so the correction cannot slip past
      await vi.waitFor(
        () => {
          expect(events.at(-1)!.rows).toEqual(expected.rows);
          expect(events.at(-1)!.votesCast).toBe(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      await action(matter.id, { action: 'stop' });
    });

    it('refuses manager ballots for a member of another meeting, an unknown one and bad bodies', async () => {
      const other = await createTenant(gateway);
      const [foreign] = await createVoters(gateway, other, 1);
      const matter = await createMatter(gateway, tenant, { name: 'Paper' });
      const record = (body: object) =>
        api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
          body,
          {
            token: tenant.token,
          },
        );
      for (const memberKey of [
        foreign.memberId,
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
      ]) {
        expectProblem(
          await record({ memberKey, choices: ['Yes'], method: 'proxy' }),
          404,
          'member_not_found',
        );
      }
      const valid = {
        memberKey: voters[9].memberId,
        choices: ['Yes'],
        method: 'proxy',
      };
      for (const body of [
        { ...valid, method: 'live' },
        { ...valid, choices: [] },
        { choices: ['Yes'], method: 'proxy' },
        { ...valid, weight: 10 },
      ]) {
        expectProblem(await record(body), 400, 'validation_failed');
      }
      expectProblem(
        await record({ ...valid, choices: ['Z'] }),
        400,
        'invalid_choice',
      );
      const stored = await gateway.app
        .get(Database)
        .db.select()
        .from(ballotEvents)
        .where(eq(ballotEvents.matterId, matter.id));
      expect(stored).toEqual([]);
    });

    it('refuses proxy ballots where the matter takes none, and early ballots after expiryDate', async () => {
      const noProxies = await createMatter(gateway, tenant, {
        name: 'No proxies',
        allowProxyVote: false,
      });
      expectProblem(
        await castRest(voters[9], noProxies.id, ['Yes']),
        409,
        'matter_not_live',
      );
      expectProblem(
        await api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/matters/${noProxies.id}/ballots`,
          { memberKey: voters[9].memberId, choices: ['Yes'], method: 'proxy' },
          { token: tenant.token },
        ),
        409,
        'proxy_not_allowed',
      );
      const early = await createMatter(gateway, tenant, {
        name: 'Too late to vote early',
      });
      const expiry = tenant.meeting.expiryDate!.getTime();
      const lateVoter = {
        ...voters[9],
        token: gateway.app
          .get(LiveTokensService)
          .issueVoter(
            { ...voters[9], meetingId: tenant.meeting.id },
            voters[9].email,
            new Date(expiry + 86_400_000),
          ),
      };
      gateway.clock.set(new Date(expiry + 1));
      try {
        expectProblem(
          await castRest(lateVoter, early.id, ['Yes']),
          409,
          'early_voting_closed',
        );
      } finally {
        gateway.clock.set(new Date());
      }
      expect((await castRest(voters[9], early.id, ['Yes'])).status).toBe(201);
    });

    it('keeps voters to their own meeting and refuses bad tokens', async () => {
      const other = await createTenant(gateway);
      const socket = await live(voters[0].token);
      const refused = await request(socket, 'subscribe', {
        shortCode: other.meeting.shortCode,
      });
      expect(refused).toMatchObject({
        error: { status: 404, code: 'meeting_not_found' },
      });
      await expect(connectLive(gateway.baseUrl, 'garbage')).rejects.toThrow(
        'unauthorized',
      );
      const otherChair = await live(other.token);
      expect(
        await request(otherChair, 'subscribe', {
          shortCode: tenant.meeting.shortCode,
        }),
      ).toMatchObject({ error: { status: 404 } });
      const castByChair = await request(otherChair, 'ballot.cast', {
        matterKey: voters[0].memberId,
        choices: ['Yes'],
      });
      expect(castByChair).toMatchObject({ error: { status: 403 } });
      const matter = await createMatter(gateway, other);
      expectProblem(
        await castRest(voters[0], matter.id, ['Yes']),
        404,
        'matter_not_found',
      );
    });

    it('closes by itself when every eligible member has voted, if the matter asks for it', async () => {
      const small = await createTenant(gateway);
      const pair = await createVoters(gateway, small, 3, (i) =>
        i === 2 ? { eligible: false } : {},
      );
      const matter = await createMatter(gateway, small, {
        name: 'Auto',
        autoCloseWhenAllVoted: true,
      });
      const chair = await live(small.token);
      await request(chair, 'subscribe', { shortCode: small.meeting.shortCode });
      const url = `/v1/Meetings/${small.meeting.shortCode}/matters/${matter.id}`;
      expect(
        (
          await api.post(
            `${url}/action`,
            { action: 'start', duration: 600 },
            { token: small.token },
          )
        ).status,
      ).toBe(204);
      const closed = nextEvent(
        chair,
        'matter.state',
        (e) => e.matterKey === matter.id && e.liveStatus === 'closed',
      );
      const cast = (voter: VoterFixture) =>
        api.post(
          `/portal/v1/Meetings/${small.meeting.shortCode}/matters/${matter.id}/ballots`,
          { choices: ['Yes'] },
          { token: voter.token },
        );
      expect((await cast(pair[0])).status).toBe(201);
      expect((await matterRow(matter.id)).liveStatus).toBe('live');
      expect((await cast(pair[1])).status).toBe(201);
      const event = await closed;
      expect(new Date(event.liveClosedAt!).getTime()).toBeLessThan(
        new Date(event.liveEndsAt!).getTime(),
      );
      expect((await matterRow(matter.id)).closeSnapshot).toMatchObject({
        reason: 'all_voted',
        votesCast: 2,
        eligibleMembers: 2,
      });
    });

    it('reports presence of distinct voters and units', async () => {
      const fresh = await createTenant(gateway);
      const people = await createVoters(gateway, fresh, 3);
      const chair = await live(fresh.token);
      await request(chair, 'subscribe', { shortCode: fresh.meeting.shortCode });
      const presence = nextEvent(
        chair,
        'meeting.presence',
        (e) => e.numVoters === 3,
      );
      const quorum = nextEvent(chair, 'meeting.quorum', (e) => e.present === 3);
      for (const person of people) {
        const a = await live(person.token);
        const b = await live(person.token);
        await request(a, 'subscribe', { shortCode: fresh.meeting.shortCode });
        await request(b, 'subscribe', { shortCode: fresh.meeting.shortCode });
      }
      expect(await presence).toEqual({
        shortCode: fresh.meeting.shortCode,
        numUnits: 3,
        numVoters: 3,
      });
      expect(await quorum).toMatchObject({
        present: 3,
        required: 0,
        met: true,
      });
      const stats = await api.get(
        `/v1/Meetings/${fresh.meeting.shortCode}/stats`,
        { token: fresh.token },
      );
      expect(stats.body.rtvPresence).toEqual({ numUnits: 3, numVoters: 3 });

      // who they are, by unit, and nothing about ballots
      const connected = await api.get(
        `/v1/Meetings/${fresh.meeting.shortCode}/connected`,
        { token: fresh.token },
      );
      expect(connected.status).toBe(200);
      const byUnit = [...people].sort((x, y) => x.unit.localeCompare(y.unit));
      expect(ConnectedVoters.parse(connected.body).voters).toEqual(
        byUnit.map((person) => ({
          memberKey: person.memberId,
          unit: person.unit,
          voterKey: person.voterId,
          name: expect.any(String),
        })),
      );
      expectProblem(
        await api.get(`/v1/Meetings/${fresh.meeting.shortCode}/connected`, {
          token: tenant.token,
        }),
        404,
      );
      expectProblem(
        await api.get(`/v1/Meetings/${fresh.meeting.shortCode}/connected`, {
          token: people[0].token,
        }),
        403,
        'voter_token_forbidden',
      );
    });
  });
}
