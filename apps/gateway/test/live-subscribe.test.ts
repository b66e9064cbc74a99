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
  LiveBroadcastService,
  type LiveNamespace,
} from '../src/broadcast/live-broadcast.service';
import { LiveGateway } from '../src/live/live.gateway';
import { LiveSnapshotsService } from '../src/live/live-snapshots.service';
import { PresenceStore } from '../src/presence/presence.store';
import { ProxiesRepository } from '../src/proxies/proxies.repository';
import { MattersRepository } from '../src/matters/matters.repository';
import { SequenceStore } from '../src/broadcast/sequence.store';
import { VoterSessionRegistry } from '../src/revocation/voter-session.registry';
import { VoterSessionsRepository } from '../src/revocation/voter-sessions.repository';
import type { LiveSnapshot } from '@livevote/contracts';
import { createTenant, type TenantFixture } from './support/factories';
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
import { calledTimes, holdFirstCall } from './support/held-calls';
import { http } from './support/http';
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
    (
      gateway.app.get(LiveBroadcastService) as unknown as {
        server: LiveNamespace;
      }
    ).server;
  const present = async () =>
    (await gateway.app.get(PresenceStore).count(tenant.meeting.id)).numVoters;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    tenant = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 7);
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
        .spyOn(gateway.app.get(ProxiesRepository), 'revokeOnAttendance')
        .mockImplementation(async () => {
          reached();
          await release;
          return [];
        }),
    );
  });

  it('does not join a socket that closed while its meeting was read', async () => {
    const snapshots = gateway.app.get(LiveSnapshotsService);
    const read = snapshots.meetingOf.bind(snapshots);
    await closedDuringSubscribe(voters[1], (reached, release) =>
      vi.spyOn(snapshots, 'meetingOf').mockImplementation(async (...args) => {
        reached();
        await release;
        return read(...args);
      }),
    );
  });

  it('leaves no room nor presence behind when the socket closed while its snapshot was read', async () => {
    const snapshots = gateway.app.get(LiveSnapshotsService);
    const read = snapshots.snapshotOf.bind(snapshots);
    await closedDuringSubscribe(voters[3], (reached, release) =>
      vi.spyOn(snapshots, 'snapshotOf').mockImplementation(async (...args) => {
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

  it('refuses a fifth subscribe waiting on one socket for changing short codes with a 429, and answers the four', async () => {
    const snapshots = gateway.app.get(LiveSnapshotsService);
    const read = snapshots.meetingOf.bind(snapshots);
    const release = deferred();
    vi.spyOn(snapshots, 'meetingOf').mockImplementationOnce(async (...args) => {
      await release.promise;
      return read(...args);
    });
    const socket = await live(tenant.token);
    const codes = [
      tenant.meeting.shortCode,
      'no-such-1',
      'no-such-2',
      'no-such-3',
      'no-such-4',
      'no-such-5',
    ];

    const acks = codes.map((shortCode) =>
      request(socket, 'subscribe', { shortCode }),
    );
    // the first is held: the fifth and sixth are refused without waiting for it
    for (const ack of await Promise.all(acks.slice(4)))
      expect(ack).toMatchObject({
        error: { status: 429, code: 'rate_limited' },
      });
    release.resolve();
    expect(await acks[0]).toMatchObject({ role: 'chair' });
    for (const ack of await Promise.all(acks.slice(1, 4)))
      expect(ack).toMatchObject({
        error: { status: 404, code: 'meeting_not_found' },
      });
    // answered: the socket subscribes again
    expect(
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).toMatchObject({ role: 'chair' });
  });

  it('reads twice for a flood of subscribes from one socket: the one under way and one after it for the rest', async () => {
    const read = vi.spyOn(gateway.app.get(LiveSnapshotsService), 'snapshotOf');
    const socket = await live(tenant.token);

    const acks = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode }),
      ),
    );

    expect(read).toHaveBeenCalledTimes(2);
    expect(acks).toHaveLength(20);
    for (const ack of acks)
      expect(ack).toMatchObject({
        role: 'chair',
        meeting: { shortCode: tenant.meeting.shortCode },
      });
    // once answered, the next subscribe reads afresh
    await request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode });
    expect(read).toHaveBeenCalledTimes(3);
  });

  /** Where in the snapshot's read the chair's start falls. */
  const moments: [string, () => [object, string]][] = [
    [
      'after the matter ids',
      () => [gateway.app.get(MattersRepository), 'idsForMeeting'],
    ],
    [
      'after their sequence numbers',
      () => [gateway.app.get(SequenceStore), 'current'],
    ],
    [
      'after the matter rows',
      () => [gateway.app.get(MattersRepository), 'listForMeeting'],
    ],
  ];

  it.each(moments.map(([moment, target], i) => ({ moment, target, i })))(
    'shows a voter a vote the chair started while its snapshot was read: $moment',
    async ({ target, i }) => {
      const matter = await createMatter(gateway, tenant, { order: 10 + i });
      const [service, method] = target();
      const read = (service as Record<string, (...args: unknown[]) => unknown>)[
        method
      ].bind(service);
      vi.spyOn(
        service as Record<string, () => unknown>,
        method,
      ).mockImplementationOnce(async (...args: unknown[]) => {
        const answer = await read(...args);
        expect(
          (
            await http(gateway.baseUrl).post(
              `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/action`,
              { action: 'start', duration: 600 },
              { token: tenant.token },
            )
          ).status,
        ).toBe(204);
        return answer;
      });
      const socket = await live(voters[4 + i].token);
      const started = nextEvent(
        socket,
        'matter.state',
        (event) => event.matterKey === matter.id && event.liveStatus === 'live',
      );

      const snapshot = (await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      })) as LiveSnapshot;

      // the event reaches the socket, and the client (which keeps an event whose seq is not
      // below the snapshot's) ends with the vote live whichever the snapshot showed
      const shown = snapshot.matters.find((m) => m.matterKey === matter.id)!;
      const event = await started;
      if (shown.liveStatus !== 'live')
        expect(event.seq).toBeGreaterThanOrEqual(shown.seq);
      // stopped again, so the next case's snapshot has one live vote only
      await http(gateway.baseUrl).post(
        `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/action`,
        { action: 'stop' },
        { token: tenant.token },
      );
    },
  );

  it('reads the matters twice for a crowd of voters subscribing at once, and answers each', async () => {
    await createMatter(gateway, tenant, { order: 20 });
    const crowd = [voters[0], voters[1], voters[2], voters[3]];
    const snapshots = gateway.app.get(LiveSnapshotsService);
    const repository = gateway.app.get(MattersRepository);
    // the first read waits until every voter of the crowd has asked for its snapshot
    const reads = holdFirstCall(
      repository,
      'listForMeeting',
      calledTimes(snapshots, 'snapshotOf', crowd.length),
    );
    const sockets = await Promise.all(crowd.map((voter) => live(voter.token)));

    const acks = (await Promise.all(
      sockets.map((socket) =>
        request(socket, 'subscribe', { shortCode: tenant.meeting.shortCode }),
      ),
    )) as LiveSnapshot[];

    expect(reads).toHaveBeenCalledTimes(2);
    for (const ack of acks)
      expect(ack.matters.map((m) => m.matterKey)).toEqual(
        acks[0].matters.map((m) => m.matterKey),
      );
    expect(acks[0].matters.length).toBeGreaterThan(0);
  });

  it('admits a crowd of voters connecting at once with their rows read a group a statement', async () => {
    const crowd = [voters[3], voters[4], voters[5], voters[6]];
    const sessions = gateway.app.get(VoterSessionRegistry);
    const repository = gateway.app.get(VoterSessionsRepository);
    // none of them is remembered: each handshake must read its voter
    sessions.resync();
    // the first statement waits until every voter of the crowd has asked to be admitted
    const statements = holdFirstCall(
      repository,
      'sessionsOf',
      calledTimes(sessions, 'isCurrent', crowd.length),
    );

    const connected = await Promise.all(
      crowd.map((voter) => live(voter.token)),
    );

    expect(connected.every((socket) => socket.connected)).toBe(true);
    // one statement, or two if the first took one voter before the others asked
    expect(statements.mock.calls.length).toBeLessThan(crowd.length - 1);
    expect(
      statements.mock.calls.flatMap(([voterIds]) => voterIds).sort(),
    ).toEqual(crowd.map((voter) => voter.voterId).sort());
  });
});
