// The load generator: its own process (child_process.fork), driven over IPC by a harness.
// Holds the client sockets, fires requests and timestamps what arrives.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { need } from './deps.mjs';
import { summarize } from './stats.mjs';

const { io } = need('socket.io-client');

/** Every socket of this generator, in connect order; `listener` sees every matter.state. */
let sockets = [];
let listener = null;
let watched = null;
/** What `arm` waits for: per-socket wall-clock arrivals of one matching matter.state. */
let armed = null;
/** Sees every matter.result (`measure` with `then`). */
let resultListener = null;
/** Disconnects by reason, since the start. */
const disconnects = {};

const wallNow = () => performance.timeOrigin + performance.now();
/** A burst's ack over this is counted as slow (the 10 s burst's target p99). */
const SLOW_ACK_MS = 50;
/** Sockets no longer connected (a missed event is then no latency but a lost socket). */
const disconnected = () => sockets.filter((socket) => !socket.connected).length;

function openSocket(url, token, subscribe) {
  const index = sockets.length;
  const socket = io(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  sockets.push(socket);
  socket.on('matter.state', (payload) => listener?.(index, payload));
  socket.on('matter.result', (payload) => resultListener?.(index, payload));
  socket.on('disconnect', (reason) => {
    disconnects[reason] = (disconnects[reason] ?? 0) + 1;
    // the first of each reason on stderr: a crowd dropped by the server is seen when it happens
    if (disconnects[reason] === 1 && reason !== 'io client disconnect')
      process.stderr.write(
        `[generator ${process.pid} ${new Date().toISOString().slice(11, 23)}] socket ${index} disconnected: ${reason}\n`,
      );
  });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (error) => reject(error));
    socket.once('connect', () => {
      if (!subscribe) return resolve();
      socket.emit('subscribe', { shortCode: subscribe }, (reply) =>
        reply && reply.error
          ? reject(new Error(JSON.stringify(reply.error)))
          : resolve(),
      );
    });
  });
}

const commands = {
  /** Opens one socket per token (or `count` without tokens), at most `concurrency` at a time. */
  async connect({ url, tokens, count, subscribe = null, concurrency = 100 }) {
    const started = performance.now();
    const list = tokens ?? Array.from({ length: count }, () => null);
    let next = 0;
    let failures = 0;
    let firstError = null;
    const worker = async () => {
      while (next < list.length) {
        const token = list[next++];
        await openSocket(url, token, subscribe).catch((error) => {
          failures += 1;
          firstError ??= String(error?.message ?? error);
        });
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(concurrency, list.length) }, worker),
    );
    return {
      connected: list.length - failures,
      failures,
      firstError,
      ms: Math.round(performance.now() - started),
      total: sockets.length,
    };
  },

  async disconnect() {
    const count = sockets.length;
    for (const socket of sockets) socket.close();
    sockets = [];
    listener = null;
    return { closed: count };
  },

  /**
   * Sends the request and times, per socket, the first matter.state that matches `match`
   * (same matterKey and liveStatus), from just before the request left. With `then` (a
   * matterKey), also waits until every socket has that matter's matter.result, the verdict
   * that follows a close, and times it too (`thenLatencies`).
   */
  async measure({ request, match, then = null, timeoutMs = 30_000 }) {
    const results = new Float64Array(then ? sockets.length : 0).fill(-1);
    let resultCount = 0;
    let resultsDone;
    const allResults = new Promise((resolve) => (resultsDone = resolve));
    if (!then) resultsDone();
    resultListener = then
      ? (index, payload) => {
          if (payload.matterKey !== then.matterKey || results[index] >= 0)
            return;
          results[index] = performance.now();
          if (++resultCount === sockets.length) resultsDone();
        }
      : null;
    const arrived = new Float64Array(sockets.length).fill(-1);
    let count = 0;
    let bytes = null;
    let sample = null;
    let done;
    const all = new Promise((resolve) => (done = resolve));
    listener = (index, payload) => {
      if (
        payload.matterKey !== match.matterKey ||
        payload.liveStatus !== match.liveStatus
      )
        return;
      if (arrived[index] >= 0) return;
      arrived[index] = performance.now();
      sample ??= payload;
      bytes ??= Buffer.byteLength(JSON.stringify(payload));
      if (++count === sockets.length) done();
    };
    const t0 = performance.now();
    const response = await fetch(request.url, {
      method: request.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        ...(request.headers ?? {}),
      },
      body: JSON.stringify(request.body ?? {}),
    });
    const requestMs = performance.now() - t0;
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`request answered ${response.status}`);
    const timer = sleep(timeoutMs).then(() => 'timeout');
    await Promise.race([all, timer]);
    listener = null;
    await Promise.race([allResults, timer]);
    resultListener = null;
    // aligned with the sockets (connect order); null where nothing arrived
    const latencies = Array.from(arrived, (at) => (at >= 0 ? at - t0 : null));
    return {
      latencies,
      thenLatencies: Array.from(results, (at) => (at >= 0 ? at - t0 : null)),
      thenMissing: then ? sockets.length - resultCount : 0,
      missing: sockets.length - count,
      disconnected: disconnected(),
      disconnects,
      bytes,
      sample,
      requestMs,
      // for another generator's sockets (`harvest`): the same instant on the shared clock
      t0Wall: performance.timeOrigin + t0,
    };
  },

  /**
   * Starts waiting for the first matter.state matching `match` on every socket, for a request
   * another generator sends (multi-node: one generator a node); `harvest` gives the latencies.
   */
  async arm({ match }) {
    const arrived = new Float64Array(sockets.length).fill(-1);
    let count = 0;
    let done;
    const all = new Promise((resolve) => (done = resolve));
    if (!sockets.length) done();
    armed = { arrived, all, count: () => count };
    listener = (index, payload) => {
      if (
        payload.matterKey !== match.matterKey ||
        payload.liveStatus !== match.liveStatus ||
        arrived[index] >= 0
      )
        return;
      arrived[index] = wallNow();
      if (++count === sockets.length) done();
    };
    return { armed: sockets.length };
  },

  /** The armed wait's latencies from `t0Wall` (the requesting generator's `measure`). */
  async harvest({ t0Wall, timeoutMs = 30_000 }) {
    if (!armed) throw new Error('harvest without arm');
    const { arrived, all, count } = armed;
    await Promise.race([all, sleep(timeoutMs)]);
    armed = null;
    listener = null;
    return {
      latencies: Array.from(arrived, (at) => (at >= 0 ? at - t0Wall : null)),
      missing: sockets.length - count(),
      disconnected: disconnected(),
      disconnects,
    };
  },

  /** Records every matter.state with this liveStatus (wall-clock arrival) until collect. */
  async watch({ liveStatus }) {
    watched = [];
    listener = (index, payload) => {
      if (payload.liveStatus !== liveStatus) return;
      watched?.push({
        socket: index,
        at: wallNow(),
        matterKey: payload.matterKey,
        liveEndsAt: payload.liveEndsAt,
        liveClosedAt: payload.liveClosedAt,
        seq: payload.seq,
      });
    };
    return { watching: sockets.length };
  },

  /** What arrived since the last drain; keeps watching. */
  async drain() {
    const events = watched ?? [];
    watched = [];
    return { events };
  },

  /**
   * A full garbage collection now (the generator runs with --expose-gc): the harness asks
   * for one in the pause after each measured action, so that the generator's own collection
   * of a large heap does not fall inside the next round (docs/benchmarks-history.md, "Who had the
   * cores in a slow round").
   */
  async gc() {
    const started = performance.now();
    globalThis.gc();
    return { ms: performance.now() - started };
  },

  async collect() {
    const events = watched ?? [];
    watched = null;
    listener = null;
    return { events };
  },

  /**
   * Every socket casts on its own, the next ballot as soon as the last was acknowledged,
   * cycling through `matterIds`, for `durationMs`; then waits for the acks in flight.
   */
  async cast({ matterIds, durationMs, choices = ['Yes', 'No', 'Abstain'] }) {
    const latencies = [];
    const ackedIds = [];
    const errors = {};
    const last = sockets.map(() => ({}));
    const stopAt = performance.now() + durationMs;
    let sent = 0;
    const loop = (socket, index) =>
      new Promise((resolve) => {
        let round = index;
        const next = () => {
          if (performance.now() >= stopAt) return resolve();
          const matterKey = matterIds[round % matterIds.length];
          const choice = choices[round % choices.length];
          round += 1;
          sent += 1;
          const started = performance.now();
          socket.emit(
            'ballot.cast',
            { matterKey, choices: [choice], idempotencyKey: randomUUID() },
            (reply) => {
              if (reply && reply.error) {
                errors[reply.error.code] = (errors[reply.error.code] ?? 0) + 1;
              } else {
                latencies.push(performance.now() - started);
                ackedIds.push(reply.ballotId);
                last[index][matterKey] = reply.ballotId;
              }
              next();
            },
          );
        };
        next();
      });
    const started = performance.now();
    await Promise.all(sockets.map(loop));
    const elapsedMs = performance.now() - started;
    return {
      sent,
      acks: ackedIds.length,
      elapsedMs,
      latency: summarize(latencies),
      errors,
      ackedIds,
      last,
    };
  },

  /**
   * One socket floods: the first socket emits `ballot.cast` on `matterKey` as fast as this
   * process can, `chunk` emits a turn of the event loop, each with its ack, until the server
   * drops it or `durationMs` passes. Says what the server answered and why it closed the
   * socket (`socket.closing`, docs/live-protocol.md).
   */
  async flood({ matterKey, durationMs, chunk = 200 }) {
    const socket = sockets[0];
    const errors = {};
    let emitted = 0;
    let acks = 0;
    let closing = null;
    let disconnect = null;
    let disconnectedAfterMs = null;
    socket.on('socket.closing', (event) => (closing = event));
    const answered = (reply) => {
      if (reply && reply.error)
        errors[reply.error.code] = (errors[reply.error.code] ?? 0) + 1;
      else acks += 1;
    };
    const started = performance.now();
    await new Promise((resolve) => {
      socket.once('disconnect', (reason) => {
        disconnect = reason;
        disconnectedAfterMs = performance.now() - started;
        resolve();
      });
      const next = () => {
        if (!socket.connected) return;
        if (performance.now() - started >= durationMs) return resolve();
        for (let i = 0; i < chunk; i++) {
          emitted += 1;
          socket.emit(
            'ballot.cast',
            { matterKey, choices: ['Yes'], idempotencyKey: randomUUID() },
            answered,
          );
        }
        setImmediate(next);
      };
      next();
    });
    return {
      emitted,
      acks,
      errors,
      unanswered:
        emitted - acks - Object.values(errors).reduce((a, b) => a + b, 0),
      elapsedMs: Math.round(performance.now() - started),
      disconnect,
      disconnectedAfterMs:
        disconnectedAfterMs === null ? null : Math.round(disconnectedAfterMs),
      closing,
    };
  },

  /**
   * A burst: every socket casts one ballot on `matterKey`, socket i at i x (seconds / N) after
   * the start, so the offered rate is N / seconds; latency from each emit to its ack.
   * `lateMs` is how far behind its schedule the generator itself sent (its own load).
   */
  async burst({
    matterKey,
    seconds,
    choices = ['Yes', 'No', 'Abstain'],
    raw = false,
  }) {
    const n = sockets.length;
    const spacingMs = (seconds * 1000) / n;
    const latencies = [];
    const lateness = [];
    const ackedIds = [];
    const errors = {};
    const last = sockets.map(() => ({}));
    /** When (ms after the start) each ack slower than SLOW_ACK_MS was sent. */
    const slow = [];
    let acked = 0;
    let done;
    const all = new Promise((resolve) => (done = resolve));
    const settle = () => {
      if (++acked === n) done();
    };
    const started = performance.now();
    let next = 0;
    await new Promise((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (next < n && started + next * spacingMs <= now) {
          const index = next++;
          const sentAt = performance.now();
          lateness.push(sentAt - (started + index * spacingMs));
          sockets[index].emit(
            'ballot.cast',
            {
              matterKey,
              choices: [choices[index % choices.length]],
              idempotencyKey: randomUUID(),
            },
            (reply) => {
              if (reply && reply.error) {
                errors[reply.error.code] = (errors[reply.error.code] ?? 0) + 1;
              } else {
                const latency = performance.now() - sentAt;
                latencies.push(latency);
                if (latency > SLOW_ACK_MS) slow.push(sentAt - started);
                ackedIds.push(reply.ballotId);
                last[index][matterKey] = reply.ballotId;
              }
              settle();
            },
          );
        }
        if (next < n) setTimeout(tick, 1);
        else resolve();
      };
      tick();
    });
    await Promise.race([all, sleep(120_000)]);
    return {
      sent: n,
      acks: ackedIds.length,
      elapsedMs: performance.now() - started,
      latency: summarize(latencies),
      sendLateness: summarize(lateness),
      // the acks over 50 ms: how many, and when they were sent (one stall sends them together)
      slow: slow.length
        ? {
            count: slow.length,
            sentFromMs: Math.round(Math.min(...slow)),
            sentToMs: Math.round(Math.max(...slow)),
            startedAt: new Date(performance.timeOrigin + started).toISOString(),
          }
        : { count: 0 },
      errors,
      ackedIds,
      last,
      // every ack latency, for percentiles over several generators (multi-node)
      ...(raw ? { latencies } : {}),
    };
  },

  /**
   * The ingest baseline: `connections` clients straight to PostgreSQL, each running
   * single-row INSERT ... ON CONFLICT DO UPDATE into ballots, one autocommit at a time.
   */
  async pgInsert({ databaseUrl, connections, durationMs, matterIds, members }) {
    const { Client } = need('pg');
    const clients = await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = new Client({ connectionString: databaseUrl });
        await client.connect();
        return client;
      }),
    );
    const latencies = [];
    let rows = 0;
    const stopAt = performance.now() + durationMs;
    const started = performance.now();
    try {
      await Promise.all(
        clients.map(async (client, c) => {
          let round = c;
          while (performance.now() < stopAt) {
            const member = members[round % members.length];
            const matterId =
              matterIds[Math.floor(round / members.length) % matterIds.length];
            round += connections;
            const t = performance.now();
            await client.query({
              name: 'bench-insert',
              text: `insert into ballots as b (matter_id, member_id, voter_id, method, choices, weight,
                       idempotency_key, cast_at, receipt_id, created_at, updated_at)
                     values ($1, $2, $3, 'live', $4::jsonb, 1, $5, now(), $6, now(), now())
                     on conflict (matter_id, member_id) do update set
                       voter_id = excluded.voter_id, choices = excluded.choices,
                       idempotency_key = excluded.idempotency_key, cast_at = excluded.cast_at,
                       receipt_id = excluded.receipt_id, updated_at = excluded.updated_at,
                       prev_method = b.method, prev_choices = b.choices, prev_weight = b.weight`,
              values: [
                matterId,
                member.memberId,
                member.voterId,
                JSON.stringify([round % 2 ? 'Yes' : 'No']),
                randomUUID(),
                randomUUID(),
              ],
            });
            latencies.push(performance.now() - t);
            rows += 1;
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    return {
      rows,
      elapsedMs: performance.now() - started,
      latency: summarize(latencies),
    };
  },

  /**
   * The deadline baseline: bare BullMQ delayed jobs spread over `spreadMs`, two workers
   * (as two nodes would have); lateness = when a worker starts the job - when it was due.
   */
  async bullDelayed({ redisUrl, prefix, jobs, spreadMs, leadMs }) {
    const { Queue, Worker } = need('bullmq');
    const url = new URL(redisUrl);
    const connection = {
      host: url.hostname,
      port: Number(url.port || 6379),
      maxRetriesPerRequest: null,
    };
    const name = 'bench-delayed';
    const lateness = [];
    const seen = new Map();
    let done;
    const all = new Promise((resolve) => (done = resolve));
    const onJob = async (job) => {
      const now = wallNow();
      lateness.push(now - job.data.dueAt);
      seen.set(job.id, (seen.get(job.id) ?? 0) + 1);
      if (lateness.length === jobs) done();
    };
    const workers = [0, 1].map(
      () => new Worker(name, onJob, { connection, prefix, concurrency: 64 }),
    );
    const queue = new Queue(name, { connection, prefix });
    await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    const base = wallNow() + leadMs;
    for (let i = 0; i < jobs; i++) {
      const dueAt = base + (i * spreadMs) / jobs;
      await queue.add(
        'due',
        { dueAt },
        {
          jobId: `j${i}`,
          delay: Math.max(0, dueAt - wallNow()),
          removeOnComplete: true,
        },
      );
    }
    await Promise.race([all, sleep(leadMs + spreadMs + 30_000)]);
    await Promise.all(workers.map((worker) => worker.close()));
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    return {
      lateness: summarize(lateness),
      fired: lateness.length,
      doubles: [...seen.values()].filter((n) => n > 1).length,
    };
  },
};

process.on('message', async ({ id, cmd, args }) => {
  try {
    const result = await commands[cmd](args ?? {});
    process.send({ id, ok: true, result });
  } catch (error) {
    process.send({ id, ok: false, error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
// a graceful exit on SIGTERM, so that --cpu-prof writes its profile
process.on('SIGTERM', () => process.exit(0));
