import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PresenceStore,
  RedisPresenceStore,
} from '../src/presence/presence.store';
import { createTenant } from './support/factories';
import { connectLive, request, type LiveClient } from './support/live-client';
import { createVoters } from './support/live-fixtures';
import { startGateways, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

describe('RedisPresenceStore', () => {
  let redis: TestRedis;

  beforeAll(async () => {
    redis = createTestRedis();
    await redis.client.ping();
  });

  afterAll(async () => {
    await redis?.cleanup();
  });

  it('writes the joins of a crowd together, and counts every voter and unit', async () => {
    const tracker = new RedisPresenceStore(redis.client, redis.prefix);
    const pipelines = vi.spyOn(redis.client, 'pipeline');
    // 40 voters of 20 units, two voters a unit
    const voters = Array.from({ length: 40 }, (_, i) => ({
      voterId: `voter-${i}`,
      memberId: `unit-${i % 20}`,
    }));

    const joined = await Promise.all(
      voters.map(({ voterId, memberId }) =>
        tracker.join('crowd', voterId, memberId),
      ),
    );

    expect(joined.every(Boolean)).toBe(true);
    expect(pipelines).toHaveBeenCalledTimes(1);
    expect(await tracker.count('crowd')).toEqual({
      numUnits: 20,
      numVoters: 40,
    });
    const left = await Promise.all(
      voters
        .slice(0, 30)
        .map(({ voterId, memberId }) =>
          tracker.leave('crowd', voterId, memberId),
        ),
    );
    expect(left.every(Boolean)).toBe(true);
    expect(await tracker.count('crowd')).toEqual({
      numUnits: 10,
      numVoters: 10,
    });
    pipelines.mockRestore();
  });

  it('writes joins and leaves of one pipeline in the order they were made', async () => {
    const tracker = new RedisPresenceStore(redis.client, redis.prefix);
    const first = tracker.join('order', 'ann', 'unit-1');
    // Bob's unit leaves with him and comes back with Cyd: written out of order, the unit
    // would be left out, or Bob left in
    const join = tracker.join('order', 'bob', 'unit-2');
    const leave = tracker.leave('order', 'bob', 'unit-2');
    const rejoin = tracker.join('order', 'cyd', 'unit-2');

    expect(await Promise.all([first, join, leave, rejoin])).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect((await tracker.presentVoters('order')).sort()).toEqual([
      'ann',
      'cyd',
    ]);
    expect((await tracker.presentUnits('order')).sort()).toEqual([
      'unit-1',
      'unit-2',
    ]);
  });

  it('counts and lists the union of the nodes, each unit and voter once, and forgets a node gone', async () => {
    const one = new RedisPresenceStore(redis.client, redis.prefix);
    const two = new RedisPresenceStore(redis.client, redis.prefix);
    // unit-2 has a voter on each node; dan has a socket on each node
    await Promise.all([
      one.join('nodes', 'ann', 'unit-1'),
      one.join('nodes', 'bob', 'unit-2'),
      one.join('nodes', 'dan', 'unit-3'),
      two.join('nodes', 'cyd', 'unit-2'),
      two.join('nodes', 'dan', 'unit-3'),
      two.join('nodes', 'eve', 'unit-4'),
    ]);

    for (const node of [one, two]) {
      expect(await node.count('nodes')).toEqual({ numUnits: 4, numVoters: 5 });
      expect((await node.presentUnits('nodes')).sort()).toEqual([
        'unit-1',
        'unit-2',
        'unit-3',
        'unit-4',
      ]);
      expect((await node.presentVoters('nodes')).sort()).toEqual([
        'ann',
        'bob',
        'cyd',
        'dan',
        'eve',
      ]);
    }

    // the second node stops: what only it held is gone, what both held stays
    await two.stop();
    expect(await one.count('nodes')).toEqual({ numUnits: 3, numVoters: 3 });
    expect((await one.presentUnits('nodes')).sort()).toEqual([
      'unit-1',
      'unit-2',
      'unit-3',
    ]);
    // a node whose sets expired (killed) is dropped from the registry by the count
    await redis.client.del(
      ...(await redis.client.keys(`${redis.prefix}:presence:nodes:*:*`)),
    );
    expect(await one.count('nodes')).toEqual({ numUnits: 0, numVoters: 0 });
    expect(await one.presentUnits('nodes')).toEqual([]);
    expect(
      await redis.client.scard(`${redis.prefix}:presence:nodes:nodes`),
    ).toBe(0);
    await one.stop();
  });
});

describe('A node that stops', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodes: TestGateway[] = [];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    nodes = await startGateways(2, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
    });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all(nodes.map((node) => node.close().catch(() => undefined)));
    await redis?.cleanup();
    await database?.drop();
  });

  it('takes its voters out of the meeting as it stops, not when its sets expire', async () => {
    const tenant = await createTenant(nodes[0]);
    const voters = await createVoters(nodes[0], tenant, 3);
    // one voter on the node that stays, two on the node that stops
    for (const [i, voter] of voters.entries()) {
      const socket = await connectLive(nodes[i ? 1 : 0].baseUrl, voter.token);
      sockets.push(socket);
      expect(
        await request(socket, 'subscribe', {
          shortCode: tenant.meeting.shortCode,
        }),
      ).not.toHaveProperty('error');
    }
    // a subscribe is answered once its join is in Redis
    const tracker = nodes[0].app.get(PresenceStore);
    expect(await tracker.count(tenant.meeting.id)).toEqual({
      numUnits: 3,
      numVoters: 3,
    });

    await nodes[1].close();
    nodes = [nodes[0]];

    // the stopped node's sets would live on for 30 s (NODE_TTL_S) were they not taken out
    expect(await tracker.count(tenant.meeting.id)).toEqual({
      numUnits: 1,
      numVoters: 1,
    });
    expect(await tracker.presentUnits(tenant.meeting.id)).toEqual([
      voters[0].memberId,
    ]);
  });
});
