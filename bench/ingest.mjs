// Ballot ingest: V voter sockets on one gateway node, each casting its next ballot as soon as
// the last was acknowledged, for a fixed time; durable acks a second and ack latency, then a
// recount of the stored ballots against the acknowledgements. Baseline in the same run:
// single-row INSERT ... ON CONFLICT DO UPDATE straight to PostgreSQL over as many connections
// as the gateway's pool (DATABASE_POOL_SIZE) has, and the same V sockets on a bare socket.io
// server that acknowledges every ballot at once.
//
// Bursts (--bursts 10,2): every voter casts once on a matter of its own within B seconds
// (socket i at i x B / V: an offered rate of V / B), ack latency percentiles; then the same
// schedule against the bare server. Each burst's matter is recounted like the closed loop.
//
// Each burst starts once the meeting's events are sealed into its hash chain. Both closed
// loops and the gateway's bursts report what they cost (`cost`): CPU seconds of each process,
// PostgreSQL's backends and Redis, the machine's busy and idle cores, and CPU microseconds an
// ack.
//
//   node bench/ingest.mjs [--voters 200] [--matters 10] [--seconds 30] [--pg-connections 10]
//                         [--bursts 10,2] [--batches-in-flight N] [--cpu-prof DIR]
//                         [--checkpoint-before-bursts]
//
// --checkpoint-before-bursts: a CHECKPOINT just before each burst of the gateway. The first
// change of every page after a checkpoint writes the whole page to the WAL, so a burst that
// begins as a checkpoint begins is the worst case; without it, where PostgreSQL's own
// checkpoints fall decides (docs/benchmarks-history.md, "A burst after a checkpoint").
import { parseArgs } from 'node:util';
import { forkBareServer, forkGenerator } from './lib/children.mjs';
import { ADMIN_DATABASE_URL, log, withServices } from './lib/env.mjs';
import { connectAll, settleMs, sleep } from './lib/fanout.mjs';
import { managerToken, matterAction, seedMeeting } from './lib/fixtures.mjs';
import {
  batchesBetween,
  batchMetrics,
  recount,
  untilSealed,
  withClient,
} from './lib/ballots.mjs';
import { startGateway } from './lib/gateway.mjs';
import { ratio } from './lib/stats.mjs';
import { measureCost, microsecondsPer } from './lib/usage.mjs';

const { values } = parseArgs({
  options: {
    voters: { type: 'string', default: '200' },
    matters: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    'pg-connections': { type: 'string', default: '10' },
    bursts: { type: 'string', default: '10,2' },
    'batches-in-flight': { type: 'string' },
    'cpu-prof': { type: 'string' },
    'checkpoint-before-bursts': { type: 'boolean', default: false },
  },
});
const voters = Number(values.voters);
const matterCount = Number(values.matters);
const durationMs = Number(values.seconds) * 1000;
const pgConnections = Number(values['pg-connections']);
const bursts = values.bursts
  .split(',')
  .filter(Boolean)
  .map((seconds) => Number(seconds));

/** A CHECKPOINT of the whole server, done when it answers. */
const checkpoint = () =>
  withClient(ADMIN_DATABASE_URL, (client) => client.query('checkpoint'));

/** The burst targets: ack p99 under 50 ms up to 1,000 ballots/s offered, under 250 ms above. */
const burstLimitMs = (offeredPerSecond) => (offeredPerSecond > 1000 ? 250 : 50);

/**
 * What the closed loop cost each process on this machine, and a ballot: every process shares
 * the same cores, so the machine's busy cores over the CPU a ballot costs is the rate it can
 * reach at all (docs/benchmarks-history.md, "What a ballot costs the machine").
 */
const costLine = (cost, acks) => ({
  ...cost,
  cpuMicrosecondsPerAck: microsecondsPer(cost, acks),
});

const result = await withServices(async ({ database, redis }) => {
  const gateway = await startGateway({
    databaseUrl: database.url,
    redis,
    cpuProfDir: values['cpu-prof'],
    // the gateway's default (2) unless asked: BALLOT_BATCHES_IN_FLIGHT
    env: values['batches-in-flight']
      ? { BALLOT_BATCHES_IN_FLIGHT: values['batches-in-flight'] }
      : {},
  });
  const generator = await forkGenerator();
  try {
    const seed = await seedMeeting(database.url, {
      voters,
      matters: matterCount * 2 + bursts.length,
    });
    const token = managerToken(seed.userId);
    const matterIds = seed.matterIds.slice(0, matterCount);
    const baselineMatterIds = seed.matterIds.slice(
      matterCount,
      matterCount * 2,
    );
    const burstMatterIds = seed.matterIds.slice(matterCount * 2);
    for (const matterId of [...matterIds, ...burstMatterIds])
      await matterAction(gateway.baseUrl, token, seed.shortCode, matterId, {
        action: 'start',
        duration: 3600,
      });
    const members = seed.voters.slice(0, voters);
    await connectAll(generator, {
      url: `${gateway.baseUrl}/live`,
      tokens: members.map((voter) => voter.token),
      subscribe: seed.shortCode,
    });
    await sleep(settleMs(voters));
    log(
      `ingest: ${voters} voters casting on ${matterCount} matters for ${durationMs} ms`,
    );
    /** Runs fn and what it cost `server` (the gateway or the bare server) and the rest. */
    const costOf = (server, fn) =>
      measureCost(
        { processes: { ...server, generator: generator.pid }, database, redis },
        fn,
      );
    const { value: cast, cost } = await costOf({ gateway: gateway.pid }, () =>
      generator.call('cast', { matterIds, durationMs }),
    );
    const batches = await batchMetrics(gateway.baseUrl);
    const check = await recount(database.url, matterIds, cast, members);
    const acksPerSecond = Math.round(cast.acks / (cast.elapsedMs / 1000));
    log(
      `ingest: ${cast.acks} acks, ${acksPerSecond}/s, ${JSON.stringify(cast.latency)} ${JSON.stringify(batches)}; recount ${JSON.stringify(check)}`,
    );
    const burstRuns = [];
    for (const [index, seconds] of bursts.entries()) {
      // a burst starts once the node has sealed what came before (the closed loop's tens of
      // thousands of events): its figures are then its own (docs/benchmarks-history.md)
      const sealedAfterMs = await untilSealed(database.url, seed.meetingId);
      await sleep(2000);
      if (values['checkpoint-before-bursts']) await checkpoint();
      const matterId = burstMatterIds[index];
      log(`ingest: burst, ${voters} voters within ${seconds} s`);
      const batchesBefore = await batchMetrics(gateway.baseUrl);
      const { value: burst, cost: burstCost } = await costOf(
        { gateway: gateway.pid },
        () => generator.call('burst', { matterKey: matterId, seconds }),
      );
      const burstCheck = await recount(
        database.url,
        [matterId],
        burst,
        members,
      );
      log(
        `ingest: burst ${seconds} s: ${burst.acks} acks ${JSON.stringify(burst.latency)} slow ${JSON.stringify(burst.slow)}; recount ${JSON.stringify(burstCheck)}`,
      );
      const burstBatches = batchesBetween(
        batchesBefore,
        await batchMetrics(gateway.baseUrl),
      );
      burstRuns.push({
        seconds,
        sealedAfterMs,
        burst,
        burstCost,
        burstBatches,
        recount: burstCheck,
      });
    }
    await generator.call('disconnect');
    const baseline = await generator.call('pgInsert', {
      databaseUrl: database.url,
      connections: pgConnections,
      durationMs,
      matterIds: baselineMatterIds,
      members,
    });
    const baselinePerSecond = Math.round(
      baseline.rows / (baseline.elapsedMs / 1000),
    );
    log(
      `ingest baseline: ${baseline.rows} rows, ${baselinePerSecond}/s, ${JSON.stringify(baseline.latency)}`,
    );

    // the same sockets on a bare socket.io server that acknowledges at once
    const bare = await forkBareServer();
    let bareCast;
    let bareCost;
    const bareBursts = [];
    try {
      await connectAll(generator, {
        url: `${bare.url}/live`,
        count: voters,
      });
      await sleep(1000);
      ({ value: bareCast, cost: bareCost } = await costOf(
        { bare: bare.pid },
        () => generator.call('cast', { matterIds: ['bare'], durationMs }),
      ));
      for (const seconds of bursts) {
        await sleep(2000);
        bareBursts.push(
          await generator.call('burst', { matterKey: 'bare', seconds }),
        );
      }
      await generator.call('disconnect');
    } finally {
      await bare.stop();
    }
    const barePerSecond = Math.round(
      bareCast.acks / (bareCast.elapsedMs / 1000),
    );
    log(
      `ingest bare socket.io: ${barePerSecond} acks/s ${JSON.stringify(bareCast.latency)}`,
    );
    const burstLines = burstRuns.map(
      (
        { seconds, sealedAfterMs, burst, burstCost, burstBatches, recount },
        index,
      ) => ({
        seconds,
        sealedAfterMs,
        offeredPerSecond: Math.round(voters / seconds),
        gateway: {
          acks: burst.acks,
          ackLatency: burst.latency,
          slowAcks: burst.slow,
          sendLateness: burst.sendLateness,
          errors: burst.errors,
          batches: burstBatches,
          cost: costLine(burstCost, burst.acks),
        },
        bare: {
          acks: bareBursts[index].acks,
          ackLatency: bareBursts[index].latency,
          sendLateness: bareBursts[index].sendLateness,
        },
        p99Ratio: ratio(burst.latency.p99, bareBursts[index].latency.p99),
        recount,
      }),
    );
    return {
      bench: 'ingest',
      voters,
      matters: matterCount,
      seconds: durationMs / 1000,
      gateway: {
        sent: cast.sent,
        acks: cast.acks,
        acksPerSecond,
        ackLatency: cast.latency,
        errors: cast.errors,
        batches,
        cost: costLine(cost, cast.acks),
      },
      recount: check,
      baseline: {
        connections: pgConnections,
        rows: baseline.rows,
        rowsPerSecond: baselinePerSecond,
        latency: baseline.latency,
      },
      throughputRatio: ratio(acksPerSecond, baselinePerSecond),
      bare: {
        acks: bareCast.acks,
        acksPerSecond: barePerSecond,
        ackLatency: bareCast.latency,
        cost: costLine(bareCost, bareCast.acks),
      },
      bareRatio: ratio(acksPerSecond, barePerSecond),
      bursts: burstLines,
      checkpointBeforeBursts: values['checkpoint-before-bursts'],
      target: {
        rule: '>= 9000 durable acks/s and >= 0.5 x bare socket.io acks/s; burst ack p99 < 50 ms up to 1000/s offered, < 250 ms above',
        met:
          acksPerSecond >= 9000 &&
          acksPerSecond >= 0.5 * barePerSecond &&
          burstLines.every(
            (line) =>
              line.recount.equalsAcks &&
              (line.gateway.ackLatency.p99 ?? Infinity) <
                burstLimitMs(line.offeredPerSecond),
          ),
      },
    };
  } finally {
    await generator.stop();
    await gateway.stop();
  }
});
console.log(
  JSON.stringify({
    ...result,
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
