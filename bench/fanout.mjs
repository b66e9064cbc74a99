// Fan-out: N voter sockets subscribed through the real gateway (PostgreSQL + Redis); the chair
// starts and stops a matter; latency from the action request to each socket's matter.state.
// Baseline in the same run: a bare socket.io server broadcasting an event of the same size.
// Each side's first round is left out of the figures and reported as `warmup`.
//
//   node bench/fanout.mjs [--sockets 1000,5000,10000] [--rounds 5] [--cpu-prof DIR]
import { parseArgs } from 'node:util';
import { forkBareServer, forkGenerator } from './lib/children.mjs';
import { log, withServices } from './lib/env.mjs';
import {
  bareRounds,
  connectAll,
  gatewayRounds,
  SETTLE_MS,
  settleMs,
  firstArrivals,
  perRound,
  sleep,
  summarizeRounds,
  WARMUP_ROUNDS,
} from './lib/fanout.mjs';
import { managerToken, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { ratio } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000,5000,10000' },
    rounds: { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
  },
});
const sizes = values.sockets.split(',').map(Number);
const rounds = Number(values.rounds);

const result = await withServices(async ({ database, redis }) => {
  const gateway = await startGateway({
    databaseUrl: database.url,
    redis,
    cpuProfDir: values['cpu-prof'],
  });
  const generator = await forkGenerator();
  const bare = await forkBareServer();
  try {
    const seed = await seedMeeting(database.url, {
      voters: Math.max(...sizes),
      matters: 1,
    });
    const token = managerToken(seed.userId);
    const [matterId] = seed.matterIds;
    // sizes ascending, sockets added to the crowd already there: 10,000 connects, not 16,000
    const ascending = [...sizes].sort((a, b) => a - b);
    const viaGateway = new Map();
    const warmups = new Map();
    for (const [i, n] of ascending.entries()) {
      const from = i ? ascending[i - 1] : 0;
      const connect = await connectAll(generator, {
        url: `${gateway.baseUrl}/live`,
        tokens: seed.voters.slice(from, n).map((voter) => voter.token),
        subscribe: seed.shortCode,
      });
      log(
        `fanout: ${n} gateway sockets subscribed (${n - from} more in ${connect.ms} ms)`,
      );
      await sleep(settleMs(n));
      const gatewayArgs = {
        baseUrl: gateway.baseUrl,
        shortCode: seed.shortCode,
        matterId,
        token,
        pids: { node: gateway.pid, generator: generator.pid },
      };
      // one start and stop left out of the figures: see WARMUP_ROUNDS
      warmups.set(n, {
        gateway: await gatewayRounds(generator, {
          ...gatewayArgs,
          rounds: WARMUP_ROUNDS,
        }),
      });
      viaGateway.set(
        n,
        await gatewayRounds(generator, { ...gatewayArgs, rounds }),
      );
    }
    await generator.call('disconnect');
    const viaBare = new Map();
    for (const [i, n] of ascending.entries()) {
      const from = i ? ascending[i - 1] : 0;
      await connectAll(generator, { url: `${bare.url}/live`, count: n - from });
      await sleep(SETTLE_MS);
      const bareArgs = {
        url: bare.url,
        events: viaGateway.get(n).events,
        pids: { node: bare.pid, generator: generator.pid },
      };
      warmups.get(n).bare = await bareRounds(generator, {
        ...bareArgs,
        rounds: WARMUP_ROUNDS,
      });
      viaBare.set(n, await bareRounds(generator, { ...bareArgs, rounds }));
    }
    await generator.call('disconnect');
    const runs = ascending.map((n) => {
      const gatewayStats = summarizeRounds(viaGateway.get(n).samples);
      const bareStats = summarizeRounds(viaBare.get(n).samples);
      log(
        `fanout: ${n} sockets gateway ${JSON.stringify(gatewayStats)} bare ${JSON.stringify(bareStats)}`,
      );
      return {
        sockets: n,
        bytes: { gateway: viaGateway.get(n).bytes, bare: viaBare.get(n).bytes },
        gateway: gatewayStats,
        bare: bareStats,
        firstArrival: {
          gateway: firstArrivals(viaGateway.get(n).samples),
          bare: firstArrivals(viaBare.get(n).samples),
        },
        p50Ratio: ratio(gatewayStats.p50, bareStats.p50),
        p99Ratio: ratio(gatewayStats.p99, bareStats.p99),
        // starts and stops apart: a stop's matter.state is followed by matter.result
        byAction: Object.fromEntries(
          ['start', 'stop'].map((action, parity) => {
            const of = (samples) =>
              summarizeRounds(samples.filter((_, i) => i % 2 === parity));
            const [gateway, bare] = [
              of(viaGateway.get(n).samples),
              of(viaBare.get(n).samples),
            ];
            return [
              action,
              { gateway, bare, p99Ratio: ratio(gateway.p99, bare.p99) },
            ];
          }),
        ),
        // the verdict after each stop, from the stop request (the bare server sends none)
        verdict: summarizeRounds(viaGateway.get(n).verdicts),
        warmup: {
          gateway: summarizeRounds(warmups.get(n).gateway.samples),
          bare: summarizeRounds(warmups.get(n).bare.samples),
        },
        perRound: {
          gateway: perRound(viaGateway.get(n)),
          bare: perRound(viaBare.get(n)),
        },
      };
    });
    const largest = runs[runs.length - 1];
    return {
      bench: 'fanout',
      rounds,
      actionsPerSize: rounds * 2,
      runs,
      warmupRounds: WARMUP_ROUNDS,
      target: {
        rule: `p99 at ${largest.sockets} sockets <= 1.05 x bare`,
        met: largest.p99Ratio !== null && largest.p99Ratio <= 1.05,
      },
    };
  } finally {
    await generator.stop();
    await bare.stop();
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
