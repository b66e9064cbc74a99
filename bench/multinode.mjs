// Multi-node: fan-out with the voter sockets split over two gateway nodes (one PostgreSQL, one
// Redis) against all of them on one node of the same pair; the chair's action always goes to
// node A, so the sockets on node B hear it through the Redis streams adapter.
//
//   node bench/multinode.mjs [--sockets 5000] [--rounds 5] [--cpu-prof DIR]
import { parseArgs } from 'node:util';
import { forkGenerator } from './lib/children.mjs';
import { log, withServices } from './lib/env.mjs';
import {
  connectAll,
  gatewayRounds,
  settleMs,
  firstArrivals,
  sleep,
  summarizeRounds,
} from './lib/fanout.mjs';
import { managerToken, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
  },
});
const sockets = Number(values.sockets);
const rounds = Number(values.rounds);

const result = await withServices(async ({ database, redis }) => {
  const [nodeA, nodeB] = await Promise.all(
    [0, 1].map(() =>
      startGateway({
        databaseUrl: database.url,
        redis,
        cpuProfDir: values['cpu-prof'],
      }),
    ),
  );
  const generator = await forkGenerator();
  try {
    const seed = await seedMeeting(database.url, {
      voters: sockets,
      matters: 1,
    });
    const token = managerToken(seed.userId);
    const [matterId] = seed.matterIds;
    const tokens = seed.voters.map((voter) => voter.token);
    const half = Math.floor(sockets / 2);
    const measure = () =>
      gatewayRounds(generator, {
        baseUrl: nodeA.baseUrl,
        shortCode: seed.shortCode,
        matterId,
        token,
        rounds,
      });
    const subscribe = seed.shortCode;

    await connectAll(generator, {
      url: `${nodeA.baseUrl}/live`,
      tokens,
      subscribe,
    });
    await sleep(settleMs(sockets));
    const one = await measure();
    await generator.call('disconnect');
    await sleep(settleMs(sockets));

    // one after the other, so sockets [0, half) are on A and [half, N) on B
    await connectAll(generator, {
      url: `${nodeA.baseUrl}/live`,
      tokens: tokens.slice(0, half),
      subscribe,
    });
    await connectAll(generator, {
      url: `${nodeB.baseUrl}/live`,
      tokens: tokens.slice(half),
      subscribe,
    });
    await sleep(settleMs(sockets));
    const two = await measure();
    await generator.call('disconnect');

    const oneNode = summarizeRounds(one.samples);
    const twoNodes = summarizeRounds(two.samples);
    log(
      `multinode: one ${JSON.stringify(oneNode)} two ${JSON.stringify(twoNodes)}`,
    );
    const addedP50 = Math.round((twoNodes.p50 - oneNode.p50) * 100) / 100;
    return {
      bench: 'multinode',
      sockets,
      rounds,
      oneNode,
      twoNodes,
      twoNodesBySocketNode: {
        a: summarizeRounds(two.samples, 0, half),
        b: summarizeRounds(two.samples, half),
      },
      addedP50Ms: addedP50,
      firstArrival: {
        oneNode: firstArrivals(one.samples),
        twoNodes: firstArrivals(two.samples),
        // the Redis hop: B's sockets hear of the action only through the streams adapter
        twoNodesBySocketNode: {
          a: firstArrivals(two.samples.map((round) => round.slice(0, half))),
          b: firstArrivals(two.samples.map((round) => round.slice(half))),
        },
      },
      target: {
        rule: 'two nodes add <= 5 ms to fan-out p50',
        met: addedP50 <= 5,
      },
    };
  } finally {
    await generator.stop();
    await Promise.all([nodeA.stop(), nodeB.stop()]);
  }
});
console.log(
  JSON.stringify({
    ...result,
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
