// One socket floods a node: V voter sockets on one gateway node each cast one ballot within
// B seconds (socket i at i x B / V), first on a quiet node, then while one more voter socket,
// from a generator of its own, emits `ballot.cast` as fast as it can. Ack latency of the V
// others, quiet and flooded (p50, p99, how many over 2 s, how many never answered), what the
// flooder sent and was answered, when and why the node closed it, and the gateway's CPU in
// each phase. The others' ballots are recounted against their acknowledgements.
//
//   node bench/socket-flood.mjs [--voters 90] [--burst-seconds 1] [--flood-seconds 10]
//                               [--lead-ms 1000] [--packets-per-second N] [--packet-burst N]
//
// The flood starts --lead-ms before the others' burst, so the burst falls inside it, and
// lasts --flood-seconds unless the node closes the socket first. The node runs with its own
// packet budget (LIVE_PACKETS_PER_SECOND, LIVE_PACKET_BURST) unless given here; the other
// harnesses raise it for their closed loops (bench/lib/gateway.mjs). Needs the built gateway
// (npx tsc -b apps/gateway) and PostgreSQL and Redis as for every harness.
import { parseArgs } from 'node:util';
import { recount } from './lib/ballots.mjs';
import { forkGenerator } from './lib/children.mjs';
import { log, withServices } from './lib/env.mjs';
import { connectAll, settleMs, sleep } from './lib/fanout.mjs';
import { managerToken, matterAction, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { summarize } from './lib/stats.mjs';
import { measureCost } from './lib/usage.mjs';

const { values } = parseArgs({
  options: {
    voters: { type: 'string', default: '90' },
    'burst-seconds': { type: 'string', default: '1' },
    'flood-seconds': { type: 'string', default: '10' },
    'lead-ms': { type: 'string', default: '1000' },
    'packets-per-second': { type: 'string', default: '' },
    'packet-burst': { type: 'string', default: '' },
  },
});
const voters = Number(values.voters);
const burstSeconds = Number(values['burst-seconds']);
const floodMs = Number(values['flood-seconds']) * 1000;
const leadMs = Number(values['lead-ms']);
/** The measure of a starved voter (issue 31, item 8). */
const SLOW_MS = 2000;

/** What the others saw in one burst. */
const othersLine = (burst) => {
  const errors = Object.values(burst.errors).reduce((a, b) => a + b, 0);
  return {
    acks: burst.acks,
    ackLatency: summarize(burst.latencies),
    overTwoSeconds: burst.latencies.filter((ms) => ms > SLOW_MS).length,
    unanswered: burst.sent - burst.acks - errors,
    errors: burst.errors,
  };
};

const result = await withServices(async ({ database, redis }) => {
  // '' is unset for the gateway: its own default budget, not the other harnesses' raised one
  const gateway = await startGateway({
    databaseUrl: database.url,
    redis,
    env: {
      LIVE_PACKETS_PER_SECOND: values['packets-per-second'],
      LIVE_PACKET_BURST: values['packet-burst'],
    },
  });
  const others = await forkGenerator();
  const flooder = await forkGenerator();
  try {
    const seed = await seedMeeting(database.url, {
      voters: voters + 1,
      matters: 2,
    });
    const token = managerToken(seed.userId);
    const [quietMatter, floodMatter] = seed.matterIds;
    for (const matterId of seed.matterIds)
      await matterAction(gateway.baseUrl, token, seed.shortCode, matterId, {
        action: 'start',
        duration: 3600,
      });
    const members = seed.voters.slice(0, voters);
    await connectAll(others, {
      url: `${gateway.baseUrl}/live`,
      tokens: members.map((voter) => voter.token),
      subscribe: seed.shortCode,
    });
    await connectAll(flooder, {
      url: `${gateway.baseUrl}/live`,
      tokens: [seed.voters[voters].token],
      subscribe: seed.shortCode,
    });
    await sleep(settleMs(voters));
    const costOf = (fn) =>
      measureCost(
        {
          processes: {
            gateway: gateway.pid,
            others: others.pid,
            flooder: flooder.pid,
          },
          database,
          redis,
        },
        fn,
      );

    log(`socket-flood: ${voters} voters within ${burstSeconds} s, quiet`);
    const { value: quiet, cost: quietCost } = await costOf(() =>
      others.call('burst', {
        matterKey: quietMatter,
        seconds: burstSeconds,
        raw: true,
      }),
    );
    log(`socket-flood: quiet ${JSON.stringify(summarize(quiet.latencies))}`);
    await others.call('gc');
    await sleep(2000);

    log(`socket-flood: the same while one socket floods`);
    const { value: flooded, cost: floodCost } = await costOf(async () => {
      const flood = flooder.call('flood', {
        matterKey: floodMatter,
        durationMs: floodMs,
      });
      await sleep(leadMs);
      const burst = await others.call('burst', {
        matterKey: floodMatter,
        seconds: burstSeconds,
        raw: true,
      });
      return { burst, flood: await flood };
    });
    log(
      `socket-flood: flooded ${JSON.stringify(summarize(flooded.burst.latencies))}; flooder ${JSON.stringify({ ...flooded.flood, closing: flooded.flood.closing?.error?.code ?? null })}`,
    );
    const check = await recount(
      database.url,
      [quietMatter, floodMatter],
      {
        acks: quiet.acks + flooded.burst.acks,
        ackedIds: [...quiet.ackedIds, ...flooded.burst.ackedIds],
        last: quiet.last.map((byMatter, i) => ({
          ...byMatter,
          ...flooded.burst.last[i],
        })),
      },
      members,
    );
    await Promise.all([others.call('disconnect'), flooder.call('disconnect')]);
    return {
      bench: 'socket-flood',
      voters,
      burstSeconds,
      floodSeconds: floodMs / 1000,
      leadMs,
      quiet: { ...othersLine(quiet), cost: quietCost },
      flooded: { ...othersLine(flooded.burst), cost: floodCost },
      flooder: flooded.flood,
      recount: check,
    };
  } finally {
    await Promise.all([others.stop(), flooder.stop()]);
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
