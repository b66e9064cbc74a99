import {
  HolderView,
  MemberProxy,
  type PresenceEvent,
  type QuorumEvent,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HolderTokensService } from '../src/proxies/holder-tokens.service';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateways, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const PRESENCE_CHANGES_PER_MINUTE = 5;

/** Every event of one name a socket receives from now on, in order. */
function record<E extends 'meeting.quorum' | 'meeting.presence'>(
  socket: LiveClient,
  event: E,
): (E extends 'meeting.quorum' ? QuorumEvent : PresenceEvent)[] {
  const seen: never[] = [];
  socket.on(event, ((payload: never) => seen.push(payload)) as never);
  return seen;
}

/**
 * Issue 31, item 6: a holder toggling its presence flooded every voter with `meeting.quorum`.
 * Quorum and presence go out coalesced a meeting, only when their figure changed; a holder's
 * toggles are throttled; only a verified proxy's holder moves the quorum. Two nodes share
 * PostgreSQL and Redis; voters watch on both.
 */
describe('Quorum broadcasts', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodes: TestGateway[];
  let apis: Http[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];
  /** Voters 0 and 1 watching, on node 0 and node 1. */
  let watchers: LiveClient[];
  /** Members present by a voter connected now. */
  let present = 0;

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asManager = () => ({ token: tenant.token });

  const attend = async (
    i: number,
    node: number,
    /** Told of the socket before it subscribes, to listen from its first event. */
    connected: (socket: LiveClient) => void = () => undefined,
  ) => {
    const socket = await connectLive(nodes[node].baseUrl, voters[i].token);
    sockets.push(socket);
    connected(socket);
    expect(
      await request(socket, 'subscribe', { shortCode: shortCode() }),
    ).not.toHaveProperty('error');
    present += 1;
    return socket;
  };
  /** Voter i names a holder of its own; answers the holder's session token and the proxy. */
  const appointSelf = async (i: number, email: string) => {
    const submitted = await apis[i % 2].post(
      `${portal()}/proxy`,
      {
        signedName: `Owner ${voters[i].unit}`,
        agree: true,
        holder: { isDefault: false, name: 'Self Appointed', email },
        directions: [],
      },
      { token: voters[i].token },
    );
    expect(submitted.status, submitted.text).toBe(201);
    const proxy = MemberProxy.parse(submitted.body);
    const session = nodes[0].app
      .get(HolderTokensService)
      .issueSession(proxy.holder.key, tenant.meeting);
    return { proxy, token: session.token };
  };
  const toggle = (token: string, present: boolean, node = 0) =>
    apis[node].put(`${portal()}/holder/presence`, { present }, { token });
  const quorumOn = (socket: LiveClient, present: number, proxies: number) =>
    nextEvent(
      socket,
      'meeting.quorum',
      (q) => q.present === present && q.proxies === proxies,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    nodes = await startGateways(2, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: {
        HOLDER_PRESENCE_RATE_LIMIT: String(PRESENCE_CHANGES_PER_MINUTE),
      },
    });
    apis = nodes.map((node) => http(node.baseUrl));
    tenant = await createTenant(nodes[0]);
    voters = await createVoters(nodes[0], tenant, 12);
    // a proxy counts only while its holder is present: the holder's toggles move the quorum
    const settings = await apis[0].patch(
      `${base()}/settings`,
      { proxyHolderMustAttend: true },
      asManager(),
    );
    expect(settings.status, settings.text).toBe(200);
    // both watchers in, and the broadcast of the second join received: nothing left in flight
    const first = await attend(0, 0);
    let settled: Promise<unknown>[] = [];
    const second = await attend(1, 1, (socket) => {
      settled = [first, socket].map((s) => quorumOn(s, 2, 0));
    });
    await Promise.all(settled);
    watchers = [first, second];
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    for (const node of nodes ?? []) await node.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('ignores an unverified proxy’s holder: its toggles move no figure and send no event', async () => {
    const { token } = await appointSelf(2, 'eve@holders.test');
    const quorums = watchers.map((socket) => record(socket, 'meeting.quorum'));
    const presences = watchers.map((socket) =>
      record(socket, 'meeting.presence'),
    );
    for (let i = 0; i < 40; i++) {
      const result = await toggle(token, i % 2 === 0, i % 2);
      expect([200, 429]).toContain(result.status);
    }
    // something the server must tell everyone: the next events are this join's, nothing before
    const joined = watchers.map((socket) => quorumOn(socket, present + 1, 0));
    await attend(3, 0);
    await Promise.all(joined);
    for (const seen of quorums)
      expect(seen).toEqual([expect.objectContaining({ present, proxies: 0 })]);
    for (const seen of presences)
      expect(seen.map((p) => p.numUnits)).toEqual([present]);
  });

  it('throttles a holder’s toggles and sends a few quorum events ending on the true figure', async () => {
    const { proxy, token } = await appointSelf(4, 'mallory@holders.test');
    const verified = await apis[1].post(
      `${base()}/proxies/${proxy.key}/verify`,
      undefined,
      asManager(),
    );
    expect(verified.status, verified.text).toBe(200);
    const quorums = watchers.map((socket) => record(socket, 'meeting.quorum'));
    const holderCounts = watchers.map((socket) => quorumOn(socket, present, 1));
    const statuses: number[] = [];
    let holderPresent = false;
    for (let i = 0; i < 40; i++) {
      const result = await toggle(token, i % 2 === 0, i % 2);
      statuses.push(result.status);
      if (result.status === 200)
        holderPresent = HolderView.parse(result.body).holder.present;
      else {
        expectProblem(result, 429, 'rate_limited');
        expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(
      PRESENCE_CHANGES_PER_MINUTE,
    );
    expect(statuses.slice(PRESENCE_CHANGES_PER_MINUTE)).toEqual(
      Array.from({ length: 40 - PRESENCE_CHANGES_PER_MINUTE }, () => 429),
    );
    // five toggles starting with "present": the holder ends present, its unit counts
    expect(holderPresent).toBe(true);
    await Promise.all(holderCounts);
    // then a real change, which must come next and last
    const joined = watchers.map((socket) => quorumOn(socket, present + 1, 1));
    await attend(5, 1);
    await Promise.all(joined);
    for (const seen of quorums) {
      expect(seen.length).toBeLessThanOrEqual(3);
      expect(seen.at(-1)).toMatchObject({ present, proxies: 1 });
      expect(seen.at(-2)).toMatchObject({ present: present - 1, proxies: 1 });
    }
  });

  it('refuses a malformed presence with 400, not a change', async () => {
    const { token } = await appointSelf(6, 'trent@holders.test');
    for (const body of [
      { present: 'yes' },
      { present: true, extra: 1 },
      {},
      { present: null },
    ])
      expectProblem(
        await apis[0].put(`${portal()}/holder/presence`, body, { token }),
        400,
      );
  });

  it('brings every client on both nodes to the true quorum after changes on both nodes at once', async () => {
    const chair = await connectLive(nodes[1].baseUrl, tenant.token);
    sockets.push(chair);
    const snapshot = await request(chair, 'subscribe', {
      shortCode: shortCode(),
    });
    if ('error' in snapshot) throw new Error(snapshot.error.code);
    const before = snapshot.quorum;
    const quorums = watchers.map((socket) => record(socket, 'meeting.quorum'));
    const arrived = [...watchers, chair].map((socket) =>
      quorumOn(socket, before.present + 4, before.proxies),
    );
    await Promise.all([
      attend(7, 0),
      attend(8, 1),
      attend(9, 0),
      attend(10, 1),
    ]);
    await Promise.all(arrived);
    for (const seen of quorums) {
      expect(seen.at(-1)).toMatchObject({
        present: before.present + 4,
        proxies: before.proxies,
      });
      // coalesced: never one event a join
      expect(seen.length).toBeLessThan(4);
    }
  });
});
