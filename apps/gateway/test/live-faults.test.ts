import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BallotReceipt,
  MatterStateEvent,
  type Ack,
  type MatterTallyEvent,
} from '@livevote/contracts';
import { Logger } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { Database } from '../src/database/database';
import { ballotEvents, ballots, matters } from '../src/database/schema';
import { RedisConnection } from '../src/redis/redis.module';
import {
  BullmqDeadlineScheduler,
  DeadlineProcessor,
} from '../src/voting/deadlines/bullmq-deadline.scheduler';
import {
  DEADLINE_QUEUE,
  deadlineJobId,
} from '../src/voting/deadlines/deadline.scheduler';
import { BallotIngestService } from '../src/ballots/ballot-ingest.service';
import { LiveVotingRepository } from '../src/voting/live-voting.repository';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http } from './support/http';
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
import { freePort } from './support/gateway-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** These tests keep several matters live at once (docs/verdicts.md, one live matter). */
const SEVERAL_LIVE = { oneLiveMatter: false };

/** A redis-server of the test's own, without persistence: a restart loses everything. */
class RedisServer {
  private child?: ChildProcess;
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  constructor(readonly port: number) {
    process.once('exit', this.killOnExit);
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--hz',
        '100',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (output.length < 10_000) output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`redis-server exited (${code}): ${output}`)),
      );
    });
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
    process.off('exit', this.killOnExit);
  }
}

/**
 * A TCP proxy in front of PostgreSQL that the test can cut and reopen on the same port, or
 * freeze: what is already connected then hears nothing more from PostgreSQL (as behind a
 * firewall that dropped the connection) and is reset on its next write.
 */
class TcpProxy {
  private server?: Server;
  private readonly links = new Set<{
    client: Socket;
    upstream: Socket;
    frozen: boolean;
  }>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      const link = { client, upstream, frozen: false };
      this.links.add(link);
      const drop = () => {
        this.links.delete(link);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', () => {
        if (!link.frozen) drop();
      });
      client.on('data', (chunk: Buffer) => {
        if (link.frozen) drop();
        else upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (!link.frozen) client.write(chunk);
      });
    });
    this.server = server;
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as { port: number }).port;
  }

  /** Drops every connection and stops accepting new ones (they are refused). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server
      ? new Promise((resolve) => server.close(resolve))
      : undefined;
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream.destroy();
    }
    this.links.clear();
    await closed;
  }

  /** Connections made so far go silent; new ones work. */
  freeze(): void {
    for (const link of this.links) link.frozen = true;
  }
}

interface Cast {
  round: number;
  key: string;
  memberId: string;
  choices: string[];
  ack: Ack<BallotReceipt>;
}

const isError = (ack: Ack<unknown>): ack is { error: { status: number } } =>
  typeof ack === 'object' && ack !== null && 'error' in ack;

/** Recount from the ballots table, in the tally rows' shape. */
async function recount(
  db: Database['db'],
  matterId: string,
  options: string[],
) {
  const rows = await db
    .select()
    .from(ballots)
    .where(eq(ballots.matterId, matterId));
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const sum = (list: typeof rows) =>
    round(list.reduce((total, row) => total + row.weight, 0));
  return {
    votesCast: rows.length,
    sharesCast: sum(rows),
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
        numProxyShares: sum(pick('proxy')),
        numLiveShares: sum(pick('live')),
        numOtherShares: sum(pick('other')),
      };
    }),
  };
}

/** Resolves once the client is connected and ready again (at once if it already is). */
function redisReady(gateway: TestGateway): Promise<void> {
  const client = gateway.app.get(RedisConnection).client!;
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => client.once('ready', () => resolve()));
}

describe('live voting across two nodes when Redis restarts', () => {
  let redisServer: RedisServer;
  let database: TestDatabase;
  let nodes: TestGateway[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let voterSockets: LiveClient[];
  let chairs: LiveClient[];
  const sockets: LiveClient[] = [];

  const action = (node: TestGateway, matterId: string, body: object) =>
    http(node.baseUrl).post(
      `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/action`,
      body,
      { token: tenant.token },
    );
  const db = () => nodes[0].app.get(Database).db;
  const matterRow = async (id: string) =>
    (await db().select().from(matters).where(eq(matters.id, id)))[0];
  const everySocket = () => [...voterSockets, ...chairs];
  const stateOnAll = (
    matterId: string,
    predicate: (event: MatterStateEvent) => boolean,
    timeoutMs?: number,
  ) =>
    Promise.all(
      everySocket().map((socket) =>
        nextEvent(
          socket,
          'matter.state',
          (event) => event.matterKey === matterId && predicate(event),
          timeoutMs,
        ),
      ),
    );
  /** State events of one matter on every socket, in arrival order. */
  const recordStates = (matterId: string) =>
    everySocket().map((socket) => {
      const seen: MatterStateEvent[] = [];
      socket.on('matter.state', (event) => {
        if (event.matterKey === matterId) seen.push(event);
      });
      return seen;
    });
  /** State and tally events of one matter on every socket, in arrival order. */
  const recordEvents = (matterId: string) =>
    everySocket().map((socket) => {
      const seen: (MatterStateEvent | MatterTallyEvent)[] = [];
      socket.on('matter.state', (event) => {
        if (event.matterKey === matterId) seen.push(event);
      });
      socket.on('matter.tally', (event) => {
        if (event.matterKey === matterId) seen.push(event);
      });
      return seen;
    });
  /**
   * Every event emitted before this call has reached every socket when it resolves: the
   * barrier goes through the same stream as they did.
   */
  const barrier = async () => {
    const marker = await createMatter(nodes[0], tenant, { name: 'Barrier' });
    const seen = stateOnAll(marker.id, (event) => event.liveStatus === 'live');
    expect(
      (await action(nodes[1], marker.id, { action: 'start' })).status,
    ).toBe(204);
    await seen;
    await action(nodes[1], marker.id, { action: 'stop' });
  };

  beforeAll(async () => {
    redisServer = new RedisServer(await freePort());
    await redisServer.start();
    database = await createTestDatabase();
    const redisPrefix = `lvfaults:${randomBytes(4).toString('hex')}`;
    nodes = [];
    for (let i = 0; i < 2; i++) {
      nodes.push(
        await startGateway({
          databaseUrl: database.url,
          redisUrl: redisServer.url,
          redisPrefix,
          clock: new RunningClock(),
        }),
      );
    }
    tenant = await createTenant(nodes[0], SEVERAL_LIVE);
    voters = await createVoters(nodes[0], tenant, 20);
    const subscribe = async (node: TestGateway, token: string) => {
      const socket = await connectLive(node.baseUrl, token);
      sockets.push(socket);
      const snapshot = await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      });
      expect(snapshot).not.toHaveProperty('error');
      return socket;
    };
    voterSockets = await Promise.all(
      voters.map((voter, i) => subscribe(nodes[i % 2], voter.token)),
    );
    chairs = await Promise.all(
      nodes.map((node) => subscribe(node, tenant.token)),
    );
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    // a node closed right after a Redis restart may hang in BullMQ's reconnect: bounded
    await Promise.all(
      (nodes ?? []).map((node) =>
        Promise.race([node.close().catch(() => undefined), sleep(10_000)]),
      ),
    );
    await redisServer?.stop();
    await database?.drop();
  });

  it('moves the deadline on both nodes on extend, ignores the stale job, and closes once when both nodes race', async () => {
    const matter = await createMatter(nodes[0], tenant, { name: 'Race' });
    const states = recordStates(matter.id);
    const closeAttempts = nodes.map((node) =>
      vi.spyOn(node.app.get(LiveVotingRepository), 'closeAtDeadline'),
    );

    const started = stateOnAll(matter.id, (e) => e.liveStatus === 'live');
    expect(
      (await action(nodes[0], matter.id, { action: 'start', duration: 10 }))
        .status,
    ).toBe(204);
    const firstEndsAt = (await started)[0].liveEndsAt!;
    const startedRow = await matterRow(matter.id);

    const extendedAt = new Date(new Date(firstEndsAt).getTime() + 10_000);
    const extended = stateOnAll(
      matter.id,
      (e) =>
        e.liveStatus === 'live' && e.liveEndsAt === extendedAt.toISOString(),
    );
    expect(
      (await action(nodes[1], matter.id, { action: 'extend', duration: 10 }))
        .status,
    ).toBe(204);
    await extended;
    const extendedRow = await matterRow(matter.id);
    expect(extendedRow.liveEndsAt).toEqual(extendedAt);
    // the job carries its due time: its handler's timer starts at pickup, before any read
    const queue = nodes[0].app.get<Queue>(getQueueToken(DEADLINE_QUEUE));
    expect(
      (await queue.getJob(deadlineJobId(matter.id, extendedRow.liveGeneration)))
        ?.data,
    ).toEqual({
      matterId: matter.id,
      generation: extendedRow.liveGeneration,
      at: extendedAt.getTime(),
    });

    // The start's job, had it survived the extend, fires and changes nothing.
    const staleId = deadlineJobId(matter.id, startedRow.liveGeneration);
    const staleDone = Promise.race(
      nodes.map(
        (node) =>
          new Promise<void>((resolve) =>
            node.app.get(DeadlineProcessor).worker.on('completed', (job) => {
              if (job.id === staleId) resolve();
            }),
          ),
      ),
    );
    await nodes[0].app.get(BullmqDeadlineScheduler).schedule({
      matterId: matter.id,
      generation: startedRow.liveGeneration,
      at: new Date(),
    });
    await staleDone;
    expect(await matterRow(matter.id)).toMatchObject({
      liveStatus: 'live',
      liveEndsAt: extendedAt,
    });

    // Both nodes race the real job at the deadline.
    const closedOnAll = stateOnAll(
      matter.id,
      (e) => e.liveStatus === 'closed',
      20_000,
    );
    const racers = nodes.map((node) =>
      node.app.get(BullmqDeadlineScheduler).fire({
        matterId: matter.id,
        generation: extendedRow.liveGeneration,
      }),
    );
    const closed = await closedOnAll;
    const lateness = Date.now() - extendedAt.getTime();
    await Promise.all(racers);
    await barrier();

    expect(lateness).toBeLessThan(1000);
    for (const seen of states)
      expect(seen.map((e) => e.liveStatus)).toEqual(['live', 'live', 'closed']);
    expect(closed[0].liveClosedAt).toBe(extendedAt.toISOString());
    // however many attempts raced, exactly one closed the matter (and wrote its snapshot)
    const attempts = closeAttempts.flatMap((spy) =>
      spy.mock.calls.flatMap(([id], i) =>
        id === matter.id ? [spy.mock.results[i].value] : [],
      ),
    );
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect((await Promise.all(attempts)).filter(Boolean)).toHaveLength(1);
    expect((await matterRow(matter.id)).closeSnapshot).toMatchObject({
      reason: 'deadline',
    });
  }, 40_000);

  it('keeps taking ballots through a Redis restart, loses none, and closes once on time', async () => {
    const options = ['Yes', 'No', 'Abstain'];
    const matter = await createMatter(nodes[0], tenant, {
      name: 'Through a restart',
      options,
      // an event per round of changed votes: only an open ballot sends those
      secretBallot: false,
    });
    const states = recordStates(matter.id);
    const events = recordEvents(matter.id);
    const tallies: MatterTallyEvent[] = [];
    chairs[0].on('matter.tally', (event) => {
      if (event.matterKey === matter.id) tallies.push(event);
    });
    const started = stateOnAll(matter.id, (e) => e.liveStatus === 'live');
    expect(
      (await action(nodes[0], matter.id, { action: 'start', duration: 10 }))
        .status,
    ).toBe(204);
    const endsAt = new Date((await started)[0].liveEndsAt!);
    const closedOnAll = stateOnAll(
      matter.id,
      (e) => e.liveStatus === 'closed',
      20_000,
    );

    const casts: Cast[] = [];
    /** Every voter casts once, half over their socket and half over REST to their node. */
    const round = (n: number) =>
      Promise.all(
        voterSockets.map(async (socket, i) => {
          const cast = {
            round: n,
            key: `restart-${n}-${i}`,
            memberId: voters[i].memberId,
            choices: [options[(i + n) % 3]],
          };
          let ack: Ack<BallotReceipt>;
          if ((i + n) % 2) {
            ack = await request(socket, 'ballot.cast', {
              matterKey: matter.id,
              choices: cast.choices,
              idempotencyKey: cast.key,
            });
          } else {
            const response = await http(nodes[i % 2].baseUrl).post(
              `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
              { choices: cast.choices },
              {
                token: voters[i].token,
                headers: { 'idempotency-key': cast.key },
              },
            );
            ack =
              response.status === 201
                ? BallotReceipt.parse(response.body)
                : { error: { ...response.body, status: response.status } };
          }
          casts.push({ ...cast, ack });
        }),
      );

    // enough tallies before the restart that a sequence starting over would fall behind them
    for (let n = 1; n <= 6; n++) {
      const tallied = nextEvent(
        chairs[0],
        'matter.tally',
        (e) => e.matterKey === matter.id,
      );
      await round(n);
      await tallied;
    }
    await redisServer.kill();
    // ballots need only PostgreSQL: the whole round is acknowledged while Redis is down
    await round(7);
    await redisServer.start();
    await Promise.all(nodes.map(redisReady));
    await round(8);
    const stats = await http(nodes[0].baseUrl).get(
      `/v1/Meetings/${tenant.meeting.shortCode}/stats`,
      { token: tenant.token },
    );
    expect(stats.body.rtvPresence).toEqual({
      numUnits: voters.length,
      numVoters: voters.length,
    });

    const closed = await closedOnAll;
    const lateness = Date.now() - endsAt.getTime();
    await barrier();

    expect(casts.filter((cast) => isError(cast.ack))).toEqual([]);
    expect(lateness).toBeLessThan(1000);
    expect(MatterStateEvent.parse(closed[0]).liveClosedAt).toBe(
      endsAt.toISOString(),
    );
    // a changed forecast repeats the live state (docs/verdicts.md)
    for (const seen of states)
      expect(
        seen
          .map((e) => e.liveStatus)
          .filter((status, i, all) => status !== all[i - 1]),
      ).toEqual(['live', 'closed']);
    // a client drops every event whose seq is not above the last one it took
    for (const seen of events) {
      let last = 0;
      const taken = seen.filter((event) => {
        if (event.seq <= last) return false;
        last = event.seq;
        return true;
      });
      expect(
        taken.filter((event) => 'liveStatus' in event).at(-1),
      ).toMatchObject({ liveStatus: 'closed' });
    }

    const acknowledged = casts.filter((cast) => !isError(cast.ack));
    const refused = casts.filter((cast) => isError(cast.ack));
    const stored = await db()
      .select()
      .from(ballotEvents)
      .where(eq(ballotEvents.matterId, matter.id));
    expect(stored.map((e) => e.id).sort()).toEqual(
      acknowledged.map((cast) => (cast.ack as BallotReceipt).ballotId).sort(),
    );
    expect(
      stored.filter((e) =>
        refused.some((cast) => cast.key === e.idempotencyKey),
      ),
    ).toEqual([]);
    const current = await db()
      .select()
      .from(ballots)
      .where(eq(ballots.matterId, matter.id));
    for (const voter of voters) {
      const last = acknowledged
        .filter((cast) => cast.memberId === voter.memberId)
        .sort((a, b) => a.round - b.round)
        .at(-1)!;
      expect(current.find((b) => b.memberId === voter.memberId)).toMatchObject({
        choices: last.choices,
        receiptId: (last.ack as BallotReceipt).ballotId,
      });
    }

    const expected = await recount(db(), matter.id, options);
    expect(expected.votesCast).toBe(voters.length);
    const final = tallies.at(-1)!;
    expect({
      votesCast: final.votesCast,
      sharesCast: final.sharesCast,
      rows: final.rows,
    }).toEqual(expected);
    expect((await matterRow(matter.id)).closeSnapshot).toMatchObject({
      reason: 'deadline',
      votesCast: voters.length,
      presentMembers: voters.length,
    });
  }, 40_000);
});

describe('ballots while PostgreSQL is unreachable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let socket: LiveClient | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    gateway = await startGateway({
      databaseUrl: viaProxy.toString(),
      clock: new RunningClock(),
    });
    tenant = await createTenant(gateway, SEVERAL_LIVE);
    voters = await createVoters(gateway, tenant, 3);
  });

  afterAll(async () => {
    socket?.close();
    await proxy?.open().catch(() => undefined);
    await gateway?.close();
    await proxy?.cut();
    await database?.drop();
  });

  it('refuses ballots with 503 while the database is cut off, and takes the same ballot once it is back', async () => {
    const api = http(gateway.baseUrl);
    const matter = await createMatter(gateway, tenant, {
      name: 'Outage',
      options: ['Yes', 'No'],
    });
    const cast = (voter: VoterFixture, choices: string[], key: string) =>
      api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/ballots`,
        { choices },
        { token: voter.token, headers: { 'idempotency-key': key } },
      );
    expect(
      (
        await api.post(
          `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matter.id}/action`,
          { action: 'start', duration: 600 },
          { token: tenant.token },
        )
      ).status,
    ).toBe(204);
    socket = await connectLive(gateway.baseUrl, voters[2].token);
    expect(
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).not.toHaveProperty('error');
    expect((await cast(voters[0], ['Yes'], 'before')).status).toBe(201);

    await proxy.cut();
    const refused = await cast(voters[1], ['No'], 'during');
    expectProblem(refused, 503, 'store_unavailable');
    expect(refused.headers.get('retry-after')).toBe('1');
    const socketAck = await request(socket, 'ballot.cast', {
      matterKey: matter.id,
      choices: ['Yes'],
      idempotencyKey: 'socket-during',
    });
    expect(socketAck).toMatchObject({
      error: { status: 503, code: 'store_unavailable' },
    });
    expectProblem(
      await cast(voters[1], ['No'], 'during'),
      503,
      'store_unavailable',
    );

    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const keys = async () =>
        (
          await direct.query<{ idempotency_key: string }>(
            'select idempotency_key from ballot_events where matter_id = $1 order by idempotency_key',
            [matter.id],
          )
        ).rows.map((row) => row.idempotency_key);
      expect(await keys()).toEqual(['before']);

      await proxy.open();
      expect((await api.get('/readyz')).status).toBe(200);
      const retried = await cast(voters[1], ['No'], 'during');
      expect(retried.status).toBe(201);
      const again = await cast(voters[1], ['No'], 'during');
      expect(again.status).toBe(201);
      expect(again.body).toEqual(retried.body);
      expect(
        await request(socket, 'ballot.cast', {
          matterKey: matter.id,
          choices: ['Yes'],
          idempotencyKey: 'socket-during',
        }),
      ).toMatchObject({ matterKey: matter.id, ballotId: expect.any(String) });
      expect(await keys()).toEqual(['before', 'during', 'socket-during']);
      const stored = await direct.query<{ member_id: string }>(
        'select member_id from ballots where matter_id = $1',
        [matter.id],
      );
      expect(stored.rows.map((row) => row.member_id).sort()).toEqual(
        voters.map((voter) => voter.memberId).sort(),
      );
    } finally {
      await direct.end();
    }
  });
});

describe('statements when PostgreSQL connections die', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voters: VoterFixture[];
  let direct: pg.Client;
  const sockets: LiveClient[] = [];

  const api = () => http(gateway.baseUrl);
  const portal = (path: string) =>
    `/portal/v1/Meetings/${tenant.meeting.shortCode}${path}`;
  const castRest = (voter: VoterFixture, matterId: string, key: string) =>
    api().post(
      portal(`/matters/${matterId}/ballots`),
      { choices: ['Yes'] },
      { token: voter.token, headers: { 'idempotency-key': key } },
    );
  const action = (matterId: string, body: object) =>
    api().post(
      `/v1/Meetings/${tenant.meeting.shortCode}/matters/${matterId}/action`,
      body,
      { token: tenant.token },
    );
  /** Ends every session of the test database but this one, as a DBA would. */
  const terminateBackends = () =>
    direct.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  /** Fills the gateway's pool (4 connections in tests) with idle connections. */
  const warmPool = () =>
    Promise.all(
      [0, 1, 2, 3].map(() =>
        gateway.app.get(Database).db.execute(sql`select pg_sleep(0.05)`),
      ),
    );
  /** Every pooled connection dies without the gateway hearing of it. */
  const killPoolSilently = async () => {
    await warmPool();
    proxy.freeze();
    await terminateBackends();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    gateway = await startGateway({
      databaseUrl: viaProxy.toString(),
      clock: new RunningClock(),
    });
    tenant = await createTenant(gateway, SEVERAL_LIVE);
    voters = await createVoters(gateway, tenant, 20);
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await direct?.end();
    await gateway?.close();
    await proxy?.cut();
    await database?.drop();
  });

  it('answers a read, a transaction and a ballot from a fresh connection when every pooled one died unnoticed', async () => {
    const matter = await createMatter(gateway, tenant, { name: 'Dead pool' });
    expect((await action(matter.id, { action: 'start' })).status).toBe(204);
    expect((await castRest(voters[0], matter.id, 'dead-pool-0')).status).toBe(
      201,
    );

    // a read outside a transaction first (the portal's meeting lookup)
    await killPoolSilently();
    expect(
      (await api().get(portal(''), { token: voters[0].token })).status,
    ).toBe(200);
    expect(
      (
        await api().get(portal(`/matters/${matter.id}/ballot`), {
          token: voters[0].token,
        })
      ).status,
    ).toBe(200);

    // a transaction first: BEGIN meets a dead connection
    await killPoolSilently();
    expect((await action(matter.id, { action: 'extend' })).status).toBe(204);

    // a ballot batch first
    await killPoolSilently();
    const ingest = gateway.app.get(BallotIngestService);
    const { receipt: ballot } = await ingest.submit({
      matterId: matter.id,
      memberId: voters[1].memberId,
      voterId: voters[1].voterId,
      recordedBy: null,
      kind: 'voter',
      choices: ['No'],
      votes: null,
      idempotencyKey: 'dead-pool-1',
    });
    expect(ballot.matterKey).toBe(matter.id);
    for (let i = 2; i < 6; i++) {
      expect(
        (await castRest(voters[i], matter.id, `dead-pool-${i}`)).status,
      ).toBe(201);
    }
    const stored = await direct.query<{ idempotency_key: string }>(
      'select idempotency_key from ballot_events where matter_id = $1 order by idempotency_key',
      [matter.id],
    );
    expect(stored.rows.map((row) => row.idempotency_key)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `dead-pool-${i}`),
    );
  });

  it('answers every path with 503 store_unavailable, logged as a warning, while PostgreSQL is cut off', async () => {
    const unhandled = vi.spyOn(Logger.prototype, 'error');
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    const matter = await createMatter(gateway, tenant, { name: 'Cut off' });
    expect((await action(matter.id, { action: 'start' })).status).toBe(204);
    const socket = await connectLive(gateway.baseUrl, voters[0].token);
    sockets.push(socket);
    await warmPool();

    await proxy.cut();
    // the first statement after the cut is a read outside a transaction
    const answers = [
      await api().get(portal(''), { token: voters[0].token }),
      await api().get(portal(`/matters/${matter.id}/ballot`), {
        token: voters[0].token,
      }),
      await castRest(voters[1], matter.id, 'cut-off-1'),
      await action(matter.id, { action: 'extend' }),
    ];
    for (const answer of answers)
      expectProblem(answer, 503, 'store_unavailable');
    expect(
      await request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: ['No'],
        idempotencyKey: 'cut-off-0',
      }),
    ).toMatchObject({ error: { status: 503, code: 'store_unavailable' } });
    expect(
      unhandled.mock.calls.filter((call) =>
        String(call[1] ?? call[0]).includes('unhandled error'),
      ),
    ).toEqual([]);
    expect(
      warnings.mock.calls.filter((call) =>
        String(call[1] ?? call[0]).includes('503 store_unavailable'),
      ).length,
    ).toBeGreaterThanOrEqual(4);

    await proxy.open();
    expect((await api().get('/readyz')).status).toBe(200);
    expect(
      (await api().get(portal(''), { token: voters[0].token })).status,
    ).toBe(200);
    expect((await castRest(voters[1], matter.id, 'cut-off-1')).status).toBe(
      201,
    );
    expect(
      await request(socket, 'ballot.cast', {
        matterKey: matter.id,
        choices: ['No'],
        idempotencyKey: 'cut-off-0',
      }),
    ).toMatchObject({ matterKey: matter.id });
    expect((await action(matter.id, { action: 'extend' })).status).toBe(204);
  });

  it('never answers 500 while backends are terminated mid-vote, and every retry succeeds at once afterwards', async () => {
    const unhandled = vi.spyOn(Logger.prototype, 'error');
    const matter = await createMatter(gateway, tenant, {
      name: 'Terminated mid-vote',
      options: ['Yes', 'No'],
    });
    expect((await action(matter.id, { action: 'start' })).status).toBe(204);
    const live = await Promise.all(
      voters.map(async (voter) => {
        const socket = await connectLive(gateway.baseUrl, voter.token);
        sockets.push(socket);
        return socket;
      }),
    );
    interface Attempt {
      voter: number;
      key: string;
      via: 'socket' | 'rest';
      status: number;
      code?: string;
      ballotId?: string;
    }
    const attempts: Attempt[] = [];
    const reads: { status: number; code?: string }[] = [];
    const castOnce = async (
      voter: number,
      key: string,
      via: 'socket' | 'rest',
    ): Promise<Attempt> => {
      if (via === 'socket') {
        const ack = await request(live[voter], 'ballot.cast', {
          matterKey: matter.id,
          choices: [voter % 2 ? 'Yes' : 'No'],
          idempotencyKey: key,
        });
        return isError(ack)
          ? {
              voter,
              key,
              via,
              status: ack.error.status,
              code: (ack.error as { code?: string }).code,
            }
          : { voter, key, via, status: 201, ballotId: ack.ballotId };
      }
      const response = await castRest(voters[voter], matter.id, key);
      return {
        voter,
        key,
        via,
        status: response.status,
        code: response.body?.code,
        ballotId: response.body?.ballotId,
      };
    };
    const read = async (voter: number) => {
      const response = await api().get(portal(''), {
        token: voters[voter].token,
      });
      return { status: response.status, code: response.body?.code };
    };

    for (let round = 0; round < 8; round++) {
      const votes = voters.map(async (_, i) => {
        const attempt = await castOnce(
          i,
          `mid-vote-${round}-${i}`,
          (i + round) % 2 ? 'socket' : 'rest',
        );
        attempts.push(attempt);
        reads.push(await read(i));
      });
      await Promise.all([...votes, terminateBackends()]);
    }

    // never a 500: each answer is the work done or a 503 to retry
    for (const answer of [...attempts, ...reads]) {
      if (answer.status >= 300)
        expect(answer).toMatchObject({
          status: 503,
          code: 'store_unavailable',
        });
      else expect([200, 201]).toContain(answer.status);
    }
    expect(
      unhandled.mock.calls.filter((call) =>
        String(call[1] ?? call[0]).includes('unhandled error'),
      ),
    ).toEqual([]);

    // PostgreSQL answers again: every refused ballot, retried once with its key, is taken
    expect((await api().get('/readyz')).status).toBe(200);
    const refused = attempts.filter((attempt) => attempt.status !== 201);
    const retried = await Promise.all(
      refused.map((attempt) =>
        castOnce(attempt.voter, attempt.key, attempt.via),
      ),
    );
    expect(retried.filter((attempt) => attempt.status !== 201)).toEqual([]);
    const afterwards = await Promise.all(voters.map((_, i) => read(i)));
    expect(afterwards.filter((answer) => answer.status !== 200)).toEqual([]);

    const stored = await direct.query<{ id: string; idempotency_key: string }>(
      'select id, idempotency_key from ballot_events where matter_id = $1',
      [matter.id],
    );
    const byKey = new Map(
      stored.rows.map((row) => [row.idempotency_key, row.id]),
    );
    for (const attempt of [
      ...attempts.filter((a) => a.status === 201),
      ...retried,
    ])
      expect(byKey.get(attempt.key)).toBe(attempt.ballotId);
    expect(byKey.size).toBe(voters.length * 8);
  });
});
