import {
  LiveSnapshot,
  Matter,
  MatterTallyEvent,
  MatterTallyRow,
  MatterVoterRecord,
  type BallotReceipt,
} from '@livevote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Database } from '../src/database/database';
import { ballots } from '../src/database/schema';
import { createTenant, type TenantFixture } from './support/factories';
import { http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

/** These tests keep several matters live at once (docs/verdicts.md, one live matter). */
const SEVERAL_LIVE = { oneLiveMatter: false };

const TURNOUT_EVENT_KEYS = [
  'eligibleMembers',
  'forecast',
  'matterKey',
  'rows',
  'rowsWithheld',
  'seq',
  'sharesCast',
  'shortCode',
  'votesCast',
];
// option names no other field of a payload could contain by chance
const OPTIONS = ['Oakwood plan', 'Elmstead plan', 'Abstention'];

/** Every `matter.tally` a socket receives for one matter, in arrival order. */
function recordTallies(socket: LiveClient, matterKey: string) {
  const seen: MatterTallyEvent[] = [];
  socket.on('matter.tally', (event) => {
    if (event.matterKey === matterKey) seen.push(MatterTallyEvent.parse(event));
  });
  return seen;
}

/**
 * The attack of docs/security.md ("The secret ballot"): a chair and a scrutineers' screen on
 * two gateway nodes watch every tally event and poll the stats and voters endpoints while
 * members vote one at a time. On a secret ballot they must learn turnout, never a row.
 */
describe('The secret ballot', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodes: TestGateway[];
  let apis: Http[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];

  const shortCode = () => tenant.meeting.shortCode;
  const live = async (node: number, token: string) => {
    const socket = await connectLive(nodes[node].baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  const subscribe = async (socket: LiveClient) =>
    LiveSnapshot.parse(
      await request(socket, 'subscribe', { shortCode: shortCode() }),
    );
  const createMatter = async (body: object = {}) => {
    const result = await apis[0].post(
      `/v1/Meetings/${shortCode()}/matters`,
      { name: 'Choose the garden plan', options: OPTIONS, ...body },
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const action = async (matterKey: string, body: object) => {
    const result = await apis[0].post(
      `/v1/Meetings/${shortCode()}/matters/${matterKey}/action`,
      body,
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(204);
  };
  /** Casts over REST on node 0 or over a voter socket on node 1, by turns. */
  const cast = async (
    voter: VoterFixture,
    matterKey: string,
    choices: string[],
    via: number,
  ) => {
    if (via === 0) {
      const result = await apis[0].post(
        `/portal/v1/Meetings/${shortCode()}/matters/${matterKey}/ballots`,
        { choices },
        { token: voter.token },
      );
      expect(result.status, result.text).toBe(201);
      return;
    }
    const socket = await live(1, voter.token);
    const ack = await request(socket, 'ballot.cast', { matterKey, choices });
    expect((ack as BallotReceipt).ballotId).toEqual(expect.any(String));
    socket.close();
  };
  /** What the chair's REST polling sees on both nodes. */
  const poll = async (matterKey: string) => {
    const base = `/v1/Meetings/${shortCode()}`;
    const [statsA, statsB, votersA, meetingStats] = await Promise.all([
      apis[0].get(`${base}/matters/${matterKey}/stats`, {
        token: tenant.token,
      }),
      apis[1].get(`${base}/matters/${matterKey}/stats`, {
        token: tenant.token,
      }),
      apis[0].get(`${base}/matters/${matterKey}/voters`, {
        token: tenant.token,
      }),
      apis[1].get(`${base}/stats`, { token: tenant.token }),
    ]);
    return {
      stats: [statsA, statsB].map((result) =>
        z.array(MatterTallyRow).parse(result.body),
      ),
      voters: z.array(MatterVoterRecord).parse(votersA.body),
      text: [statsA, statsB, votersA, meetingStats]
        .map((result) => result.text)
        .join('\n'),
    };
  };
  /** A recount from the ballots table, in the tally row shape. */
  const recount = async (matterKey: string) => {
    const rows = await nodes[0].app
      .get(Database)
      .db.select()
      .from(ballots)
      .where(eq(ballots.matterId, matterKey));
    const round = (n: number) => Math.round(n * 1e6) / 1e6;
    const sum = (list: typeof rows) =>
      round(list.reduce((total, row) => total + row.weight, 0));
    return {
      votesCast: rows.length,
      sharesCast: sum(rows),
      rows: OPTIONS.map((vote) => {
        const pick = (method: string) =>
          rows.filter((r) => r.method === method && r.choices.includes(vote));
        return {
          vote,
          numProxyVotes: pick('proxy').length,
          numLiveVotes: pick('live').length,
          numOtherVotes: pick('other').length,
          numProxyShares: sum(pick('proxy')),
          numLiveShares: sum(pick('live')),
          numOtherShares: sum(pick('other')),
        };
      }),
    };
  };
  /** Nothing in a payload that names an option, so nothing per option. */
  const expectNoOptionFigures = (payload: unknown) => {
    const text = JSON.stringify(payload);
    for (const option of OPTIONS) expect(text).not.toContain(option);
  };
  const expectTurnoutOnly = (event: MatterTallyEvent) => {
    expect(Object.keys(event).sort()).toEqual(TURNOUT_EVENT_KEYS);
    expect(event.rows).toEqual([]);
    expect(event.rowsWithheld).toBe(true);
    expect(event.forecast).toBeNull();
    expectNoOptionFigures(event);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    nodes = [];
    for (let i = 0; i < 2; i++)
      nodes.push(
        await startGateway({
          databaseUrl: database.url,
          redisUrl: redis.url,
          redisPrefix: redis.prefix,
          clock: new RunningClock(),
        }),
      );
    apis = nodes.map((node) => http(node.baseUrl));
    tenant = await createTenant(nodes[0], SEVERAL_LIVE);
    voters = await createVoters(nodes[0], tenant, 8);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    for (const node of nodes ?? []) await node.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('lets a chair and a screen watching every event and polling stats and voters learn turnout while a secret vote is live, and the recount at close', async () => {
    const matter = await createMatter();
    expect(matter.secretBallot).toBe(true);
    const chair = await live(0, tenant.token);
    const screenToken = (
      await apis[0].post(
        `/v1/Meetings/${shortCode()}/screen-tokens`,
        undefined,
        {
          token: tenant.token,
        },
      )
    ).body.token as string;
    const screen = await live(1, screenToken);
    for (const socket of [chair, screen]) {
      const snapshot = await subscribe(socket);
      expect(
        snapshot.matters.find((m) => m.matterKey === matter.key)?.secretBallot,
      ).toBe(true);
      expectTurnoutOnly(
        snapshot.tallies!.find((t) => t.matterKey === matter.key)!,
      );
    }
    const watched = [chair, screen].map((socket) =>
      recordTallies(socket, matter.key),
    );
    await action(matter.key, { action: 'start', duration: 300 });

    const ballotsCast = [
      [voters[0], ['Oakwood plan']],
      [voters[1], ['Elmstead plan']],
      [voters[2], ['Oakwood plan']],
      [voters[3], ['Abstention']],
      [voters[4], ['Elmstead plan']],
    ] as const;
    for (const [i, [voter, choices]] of ballotsCast.entries()) {
      const arrived = [chair, screen].map((socket) =>
        nextEvent(
          socket,
          'matter.tally',
          (e) => e.matterKey === matter.key && e.votesCast === i + 1,
        ),
      );
      await cast(voter, matter.key, [...choices], i % 2);
      // turnout moves live, on both nodes' sockets
      for (const event of await Promise.all(arrived)) {
        expectTurnoutOnly(event);
        expect(event.sharesCast).toBeGreaterThan(0);
      }
      const seen = await poll(matter.key);
      expect(seen.stats).toEqual([[], []]);
      expect(seen.voters).toHaveLength(i + 1);
      expectNoOptionFigures(seen.text);
      for (const record of seen.voters)
        expect(new Date(record.createdAt).getTime() % 60_000).toBe(0);
    }

    // a member changes their vote: turnout does not move, so nothing is sent for it
    await cast(voters[0], matter.key, ['Elmstead plan'], 0);
    const changed = await poll(matter.key);
    expect(changed.stats).toEqual([[], []]);
    const lateComer = [chair, screen].map((socket) =>
      nextEvent(
        socket,
        'matter.tally',
        (e) => e.matterKey === matter.key && e.votesCast === 6,
      ),
    );
    await cast(voters[5], matter.key, ['Abstention'], 1);
    await Promise.all(lateComer);

    // a chair that subscribes in the middle of the vote gets turnout only too
    const latecomerChair = await live(1, tenant.token);
    const midVote = await subscribe(latecomerChair);
    expectTurnoutOnly(
      midVote.tallies!.find((t) => t.matterKey === matter.key)!,
    );

    const closing = [chair, screen].map((socket) =>
      nextEvent(
        socket,
        'matter.tally',
        (e) => e.matterKey === matter.key && !e.rowsWithheld,
      ),
    );
    await action(matter.key, { action: 'stop' });
    const finals = await Promise.all(closing);
    const expected = await recount(matter.key);
    expect(expected.votesCast).toBe(6);

    for (const [i, events] of watched.entries()) {
      const closedAt = events.findIndex((e) => e.seq === finals[i].seq);
      expect(closedAt).toBeGreaterThan(0);
      const whileLive = events.slice(0, closedAt);
      // the start, then one event per new ballot: none stands for the changed vote
      expect(whileLive.map((e) => e.votesCast)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      whileLive.forEach(expectTurnoutOnly);
    }
    for (const final of finals) {
      expect(final.rows).toEqual(expected.rows);
      expect(final.votesCast).toBe(expected.votesCast);
      expect(final.sharesCast).toBe(expected.sharesCast);
    }
    const after = await poll(matter.key);
    expect(after.stats).toEqual([expected.rows, expected.rows]);
    const closedSnapshot = await subscribe(await live(1, screenToken));
    expect(
      closedSnapshot.tallies!.find((t) => t.matterKey === matter.key),
    ).toMatchObject({ rowsWithheld: false, rows: expected.rows });
  });

  it('withholds the rows again while a closed secret ballot is reopened, even on a node that saw it closed a moment ago', async () => {
    const matter = await createMatter();
    const chair = await live(0, tenant.token);
    await subscribe(chair);
    await action(matter.key, { action: 'start', duration: 300 });
    // the cast's own event first, so that none of the first round is still on its way
    const counted = nextEvent(
      chair,
      'matter.tally',
      (e) => e.matterKey === matter.key && e.votesCast === 1,
    );
    await cast(voters[0], matter.key, ['Oakwood plan'], 0);
    await counted;
    await action(matter.key, { action: 'stop' });
    const published = (await recount(matter.key)).rows;

    // node 1 reads the closed matter (and caches it) just before the reopen
    const screenToken = (
      await apis[0].post(
        `/v1/Meetings/${shortCode()}/screen-tokens`,
        undefined,
        {
          token: tenant.token,
        },
      )
    ).body.token as string;
    const screen = await live(1, screenToken);
    const closed = await subscribe(screen);
    expect(
      closed.tallies!.find((t) => t.matterKey === matter.key),
    ).toMatchObject({ rowsWithheld: false, rows: published });
    const watched = recordTallies(screen, matter.key);

    const reopened = nextEvent(
      screen,
      'matter.tally',
      (e) => e.matterKey === matter.key && e.votesCast === 2,
    );
    await action(matter.key, { action: 'start', duration: 300 });
    await cast(voters[1], matter.key, ['Elmstead plan'], 1);
    expectTurnoutOnly(await reopened);
    expect((await poll(matter.key)).stats).toEqual([[], []]);
    expectTurnoutOnly(
      (await subscribe(await live(0, tenant.token))).tallies!.find(
        (t) => t.matterKey === matter.key,
      )!,
    );

    const closing = nextEvent(
      screen,
      'matter.tally',
      (e) => e.matterKey === matter.key && !e.rowsWithheld,
    );
    await action(matter.key, { action: 'stop' });
    const expected = await recount(matter.key);
    const final = await closing;
    expect(final.rows).toEqual(expected.rows);
    expect(expected.rows).not.toEqual(published);
    const whileLive = watched.slice(
      0,
      watched.findIndex((e) => e.seq === final.seq),
    );
    expect(whileLive.map((e) => e.votesCast)).toEqual([1, 2]);
    whileLive.forEach(expectTurnoutOnly);
  });

  it('shows no rows of the early (proxy) ballots of a pending secret matter', async () => {
    const matter = await createMatter();
    const chair = await live(0, tenant.token);
    await subscribe(chair);
    const arrived = nextEvent(
      chair,
      'matter.tally',
      (e) => e.matterKey === matter.key && e.votesCast === 1,
    );
    await cast(voters[6], matter.key, ['Abstention'], 1);
    expectTurnoutOnly(await arrived);
    const seen = await poll(matter.key);
    expect(seen.stats).toEqual([[], []]);
    expect(seen.voters.map((v) => v.method)).toEqual(['proxy']);
  });

  it('keeps live rows on an open ballot', async () => {
    const matter = await createMatter({ secretBallot: false });
    const chair = await live(0, tenant.token);
    const snapshot = await subscribe(chair);
    expect(
      snapshot.tallies!.find((t) => t.matterKey === matter.key),
    ).toMatchObject({ rowsWithheld: false });
    await action(matter.key, { action: 'start', duration: 300 });
    const arrived = nextEvent(
      chair,
      'matter.tally',
      (e) => e.matterKey === matter.key && e.votesCast === 1,
    );
    await cast(voters[7], matter.key, ['Elmstead plan'], 1);
    const event = await arrived;
    expect(event.rowsWithheld).toBe(false);
    const expected = await recount(matter.key);
    expect(event.rows).toEqual(expected.rows);
    expect(event.rows[1]).toMatchObject({ numLiveVotes: 1 });
    const seen = await poll(matter.key);
    expect(seen.stats).toEqual([expected.rows, expected.rows]);
    await action(matter.key, { action: 'stop' });
  });
});
