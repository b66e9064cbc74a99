import { once } from 'node:events';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import {
  LiveBroadcaster,
  type LiveNamespace,
} from '../src/broadcast/live-broadcaster';
import { LiveGateway } from '../src/live/live.gateway';
import { LiveSnapshots } from '../src/live/live-snapshots';
import { PresenceTracker } from '../src/presence/presence-tracker';
import { ProxyBallots } from '../src/proxies/proxy-ballots.service';
import { createTenant, type TenantFixture } from './support/factories';
import { connectLive, request, type LiveClient } from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** A promise the test settles itself. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Subscribing on the live channel', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];

  const live = async (token: string) => {
    const socket = await connectLive(gateway.baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  const server = () =>
    (gateway.app.get(LiveBroadcaster) as unknown as { server: LiveNamespace })
      .server;
  const present = async () =>
    (await gateway.app.get(PresenceTracker).count(tenant.meeting.id)).numVoters;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    tenant = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await database?.drop();
  });

  /**
   * Holds the subscribe of a voter's socket at one await, closes the socket there, then lets
   * the subscribe go on: the voter must not be left counted present, nor in a room.
   */
  const closedDuringSubscribe = async (
    voter: VoterFixture,
    hold: (reached: () => void, release: Promise<void>) => void,
  ) => {
    const reached = deferred();
    const release = deferred();
    hold(reached.resolve, release.promise);
    const subscribe = vi.spyOn(gateway.app.get(LiveGateway), 'subscribe');
    const socket = await live(voter.token);
    const id = socket.id!;
    const serverSocket = server().sockets.get(id)!;
    void request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode });
    await reached.promise;

    const closed = once(serverSocket, 'disconnect');
    socket.close();
    await closed;
    release.resolve();
    await Promise.allSettled(subscribe.mock.results.map((r) => r.value));

    expect(await present()).toBe(0);
    expect(server().adapter.sids.get(id)).toBeUndefined();
  };

  it('does not count a voter whose socket closed while its attendance was recorded', async () => {
    await closedDuringSubscribe(voters[0], (reached, release) =>
      vi
        .spyOn(
          gateway.app.get(ProxyBallots) as unknown as {
            onMemberAttended: () => Promise<number>;
          },
          'onMemberAttended',
        )
        .mockImplementation(async () => {
          reached();
          await release;
          return 0;
        }),
    );
  });

  it('does not join a socket that closed while its snapshot was read', async () => {
    const snapshots = gateway.app.get(LiveSnapshots);
    const read = snapshots.forPrincipal.bind(snapshots);
    await closedDuringSubscribe(voters[1], (reached, release) =>
      vi
        .spyOn(snapshots, 'forPrincipal')
        .mockImplementation(async (...args) => {
          reached();
          await release;
          return read(...args);
        }),
    );
  });

  it('still counts a voter that stays connected', async () => {
    const socket = await live(voters[2].token);
    await request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode });
    expect(await present()).toBe(1);
    const closed = once(server().sockets.get(socket.id!)!, 'disconnect');
    socket.close();
    await closed;
    expect(await present()).toBe(0);
  });

  it('reads one snapshot for a flood of subscribes from one socket, and acks each', async () => {
    const read = vi.spyOn(gateway.app.get(LiveSnapshots), 'forPrincipal');
    const socket = await live(tenant.token);

    const acks = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode }),
      ),
    );

    expect(read).toHaveBeenCalledTimes(1);
    expect(acks).toHaveLength(20);
    for (const ack of acks)
      expect(ack).toMatchObject({
        role: 'chair',
        meeting: { shortCode: tenant.meeting.shortCode },
      });
    // once answered, the next subscribe reads afresh
    await request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode });
    expect(read).toHaveBeenCalledTimes(2);
  });
});
