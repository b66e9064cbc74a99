// Multi-node: two gateway nodes (one PostgreSQL, one Redis), N voter sockets on each, held by
// one load generator a node (so no process holds more sockets than a node does). The chair's
// actions always go to node A, so the sockets on node B hear them through the Redis streams
// adapter.
//
// 1. One node: node A's N sockets only (generator A); fan-out rounds.
// 2. Two nodes: node B's N sockets join (generator B); the same fan-out rounds, timed on the
//    sockets of both nodes from the same request.
// 3. Ballots on both nodes: every voter casts once on a matter of its own within B seconds
//    (a burst a generator, both at once); acks a second and ack latency a node. Then the
//    tally the chair's socket saw, Redis's running tally, the chair's final tally after the
//    close and its stats read are compared with the recount of the ballots table and with the
//    acknowledgements, a node and overall.
// Each phase records what it cost: CPU seconds of each node, generator and PostgreSQL backend
// of the bench database (from /proc), Redis commands a second, RSS a node, the load average.
//
//   node bench/multinode.mjs [--sockets-per-node 2500] [--rounds 5] [--ballot-seconds 10]
//                            [--cpu-prof DIR]
//   (--sockets N, the old option, is N in all: N / 2 a node)
import { parseArgs } from 'node:util';
import { batchMetrics, recount, tallyFromBallots } from './lib/ballots.mjs';
import {
  chairSocket,
  redisTally,
  sameTally,
  tallyOfEvent,
} from './lib/chair.mjs';
import { forkGenerator } from './lib/children.mjs';
import { log, withServices } from './lib/env.mjs';
import {
  connectAll,
  gatewayRounds,
  settleMs,
  firstArrivals,
  sleep,
  summarizeRounds,
  WARMUP_ROUNDS,
} from './lib/fanout.mjs';
import { managerToken, matterAction, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { ratio, round, summarize } from './lib/stats.mjs';
import {
  ensureOpenFiles,
  measureCost,
  redisCounters,
  redisDelta,
} from './lib/usage.mjs';

const { values } = parseArgs({
  options: {
    'sockets-per-node': { type: 'string' },
    sockets: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    'ballot-seconds': { type: 'string', default: '10' },
    'cpu-prof': { type: 'string' },
  },
});
const perNode = values['sockets-per-node']
  ? Number(values['sockets-per-node'])
  : Math.floor(Number(values.sockets ?? 5000) / 2);
const rounds = Number(values.rounds);
const ballotSeconds = Number(values['ballot-seconds']);
const CHOICES = ['Yes', 'No', 'Abstain'];
const MB = 2 ** 20;

// a node and a generator each hold perNode sockets, plus their own files
ensureOpenFiles(perNode + 1000);

/** The tally the acknowledgements make: socket i of a burst voted CHOICES[i % 3]. */
function tallyOfAcks(burst, matterId) {
  const byOption = {};
  burst.last.forEach((byMatter, index) => {
    if (!byMatter[matterId]) return;
    const choice = CHOICES[index % CHOICES.length];
    byOption[choice] = (byOption[choice] ?? 0) + 1;
  });
  return { votes: burst.acks, byOption };
}

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
  const generators = await Promise.all([forkGenerator(), forkGenerator()]);
  const [generatorA, generatorB] = generators;
  let chair = null;
  try {
    // open ballots: the chair sees the running tally's rows, not only the turnout
    const seed = await seedMeeting(database.url, {
      voters: perNode * 2,
      matters: 2,
      secretBallot: false,
    });
    const token = managerToken(seed.userId);
    const [matterId, ballotMatterId] = seed.matterIds;
    const votersA = seed.voters.slice(0, perNode);
    const votersB = seed.voters.slice(perNode);
    const subscribe = seed.shortCode;
    chair = await chairSocket(`${nodeA.baseUrl}/live`, token, subscribe);

    /** Runs fn and what it cost: CPU seconds a process, the machine, Redis, the load. */
    const phase = (fn) =>
      measureCost(
        {
          processes: {
            nodeA: nodeA.pid,
            nodeB: nodeB.pid,
            generatorA: generatorA.pid,
            generatorB: generatorB.pid,
          },
          database,
          redis,
        },
        fn,
      );
    const rss = () => ({
      a: Math.round(nodeA.rss() / MB),
      b: Math.round(nodeB.rss() / MB),
    });
    const measure = (others, count = rounds) =>
      gatewayRounds(generatorA, {
        baseUrl: nodeA.baseUrl,
        shortCode: seed.shortCode,
        matterId,
        token,
        rounds: count,
        others,
      });

    // 1. one node: node A's sockets only
    const rssAtRest = rss();
    const connectA = await connectAll(generatorA, {
      url: `${nodeA.baseUrl}/live`,
      tokens: votersA.map((voter) => voter.token),
      subscribe,
    });
    log(`multinode: ${perNode} sockets on node A in ${connectA.ms} ms`);
    await sleep(settleMs(perNode));
    // a round left out of the figures and of the costs, on either phase (WARMUP_ROUNDS)
    const warmupOne = await measure([], WARMUP_ROUNDS);
    const one = await phase(() => measure([]));
    const oneNode = summarizeRounds(one.value.samples);
    log(`multinode: one node ${JSON.stringify(oneNode)}`);

    // 2. two nodes: node B's sockets join
    const connectB = await connectAll(generatorB, {
      url: `${nodeB.baseUrl}/live`,
      tokens: votersB.map((voter) => voter.token),
      subscribe,
    });
    log(`multinode: ${perNode} sockets on node B in ${connectB.ms} ms`);
    await sleep(settleMs(perNode * 2));
    const rssConnected = rss();
    // Redis is shared with whatever else runs on the machine: its rate with the crowd idle
    const redisIdleBefore = await redisCounters(redis.client);
    await sleep(3000);
    const redisIdle = redisDelta(
      redisIdleBefore,
      await redisCounters(redis.client),
    );
    const warmupTwo = await measure([generatorB], WARMUP_ROUNDS);
    const two = await phase(() => measure([generatorB]));
    const twoNodes = summarizeRounds(two.value.samples);
    log(`multinode: two nodes ${JSON.stringify(twoNodes)}`);
    const rssAfterFanout = rss();

    // 3. ballots on both nodes
    await matterAction(nodeA.baseUrl, token, seed.shortCode, ballotMatterId, {
      action: 'start',
      duration: 3600,
    });
    await sleep(settleMs(perNode));
    log(
      `multinode: ballots, ${perNode} voters a node within ${ballotSeconds} s`,
    );
    const cast = await phase(() =>
      Promise.all(
        generators.map((generator) =>
          generator.call('burst', {
            matterKey: ballotMatterId,
            seconds: ballotSeconds,
            raw: true,
          }),
        ),
      ),
    );
    const [burstA, burstB] = cast.value;
    const acks = burstA.acks + burstB.acks;
    const rssAfterBallots = rss();
    const batches = {
      a: await batchMetrics(nodeA.baseUrl),
      b: await batchMetrics(nodeB.baseUrl),
    };
    // the running tally, before the close rebuilds it from a recount
    const chairLive = await chair.waitFor(
      ballotMatterId,
      (event) => event.votesCast === acks,
    );
    const redisLive = await redisTally(
      redis.client,
      redis.prefix,
      ballotMatterId,
    );
    const mark = chair.tallies.length;
    await matterAction(nodeA.baseUrl, token, seed.shortCode, ballotMatterId, {
      action: 'stop',
    });
    // the close's tally, from the recount: the first after the stop that is no longer live
    // (no forecast, rows shown); else the last one heard, for the comparison to show
    const chairFinal =
      (await chair.waitFor(
        ballotMatterId,
        (event) => event.forecast === null && !event.rowsWithheld,
        { from: mark },
      )) ??
      chair.tallies
        .slice(mark)
        .filter((event) => event.matterKey === ballotMatterId)
        .at(-1);
    const statsRows = await (
      await fetch(
        `${nodeA.baseUrl}/v1/Meetings/${seed.shortCode}/matters/${ballotMatterId}/stats`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json();
    const chairStats = tallyOfEvent({ votesCast: 0, rows: statsRows });
    // one choice a ballot: the ballots are the sum over the options
    chairStats.votes = Object.values(chairStats.byOption).reduce(
      (sum, n) => sum + n,
      0,
    );

    const byNode = {};
    for (const [name, burst, voters] of [
      ['a', burstA, votersA],
      ['b', burstB, votersB],
    ]) {
      const fromAcks = tallyOfAcks(burst, ballotMatterId);
      const ballotsTable = await tallyFromBallots(
        database.url,
        ballotMatterId,
        voters.map((voter) => voter.memberId),
      );
      byNode[name] = {
        acks: burst.acks,
        acksPerSecond: Math.round(burst.acks / (burst.elapsedMs / 1000)),
        ackLatency: burst.latency,
        sendLateness: burst.sendLateness,
        errors: burst.errors,
        batches: batches[name],
        recount: await recount(database.url, [ballotMatterId], burst, voters),
        tally: {
          acks: fromAcks,
          ballotsTable,
          equal: sameTally(fromAcks, ballotsTable),
        },
      };
    }
    const everyBurst = {
      acks,
      ackedIds: [...burstA.ackedIds, ...burstB.ackedIds],
      last: [...burstA.last, ...burstB.last],
    };
    const overallRecount = await recount(
      database.url,
      [ballotMatterId],
      everyBurst,
      [...votersA, ...votersB],
    );
    const fromAcks = {
      votes: acks,
      byOption: Object.fromEntries(
        CHOICES.map((choice) => [
          choice,
          (byNode.a.tally.acks.byOption[choice] ?? 0) +
            (byNode.b.tally.acks.byOption[choice] ?? 0),
        ]).filter(([, n]) => n > 0),
      ),
    };
    const ballotsTable = await tallyFromBallots(database.url, ballotMatterId);
    const tallies = {
      acks: fromAcks,
      ballotsTable,
      chairLive: tallyOfEvent(chairLive),
      redisLive,
      chairFinal: tallyOfEvent(chairFinal),
      chairStats,
    };
    const talliesEqual = Object.values(tallies).every((tally) =>
      sameTally(tally, ballotsTable),
    );
    const ballotSecondsTaken =
      Math.max(burstA.elapsedMs, burstB.elapsedMs) / 1000;
    log(
      `multinode: ${acks} acks (${burstA.acks} on A, ${burstB.acks} on B); tallies ${JSON.stringify(tallies)}`,
    );

    const half = perNode;
    const addedP50 = round(twoNodes.p50 - oneNode.p50);
    const p99Ratio = ratio(twoNodes.p99, oneNode.p99);
    const actions = rounds * 2;
    const perAction = (cost, name) =>
      round((cost.cpuSeconds[name] * 1000) / actions);
    const perBallot = (name, n) =>
      n ? round((cast.cost.cpuSeconds[name] * 1000) / n) : null;
    const targets = {
      fanoutP99: p99Ratio !== null && p99Ratio <= 1.25,
      ballotsOnBothNodes: burstA.acks > 0 && burstB.acks > 0,
      recountEqualsAcks:
        overallRecount.equalsAcks &&
        byNode.a.recount.equalsAcks &&
        byNode.b.recount.equalsAcks,
      talliesEqualRecount:
        talliesEqual && byNode.a.tally.equal && byNode.b.tally.equal,
    };
    return {
      bench: 'multinode',
      sockets: perNode * 2,
      socketsPerNode: perNode,
      generators: 2,
      rounds,
      connectMs: { a: connectA.ms, b: connectB.ms },
      oneNode,
      twoNodes,
      warmupRounds: WARMUP_ROUNDS,
      warmup: {
        oneNode: summarizeRounds(warmupOne.samples),
        twoNodes: summarizeRounds(warmupTwo.samples),
      },
      twoNodesBySocketNode: {
        a: summarizeRounds(two.value.samples, 0, half),
        b: summarizeRounds(two.value.samples, half),
      },
      addedP50Ms: addedP50,
      p99Ratio,
      firstArrival: {
        oneNode: firstArrivals(one.value.samples),
        twoNodes: firstArrivals(two.value.samples),
        // the Redis hop: B's sockets hear of the action only through the streams adapter
        twoNodesBySocketNode: {
          a: firstArrivals(
            two.value.samples.map((round) => round.slice(0, half)),
          ),
          b: firstArrivals(two.value.samples.map((round) => round.slice(half))),
        },
      },
      fanoutCost: {
        actions,
        oneNode: one.cost,
        twoNodes: two.cost,
        // CPU ms a node spends on one matter.state to its perNode sockets
        cpuMsPerAction: {
          oneNodeA: perAction(one.cost, 'nodeA'),
          twoNodesA: perAction(two.cost, 'nodeA'),
          twoNodesB: perAction(two.cost, 'nodeB'),
        },
      },
      ballots: {
        seconds: ballotSeconds,
        offeredPerSecondPerNode: Math.round(perNode / ballotSeconds),
        acks,
        acksPerSecond: Math.round(acks / ballotSecondsTaken),
        ackLatency: summarize([...burstA.latencies, ...burstB.latencies]),
        byNode,
        recount: overallRecount,
        tallies,
        talliesEqual,
        cost: cast.cost,
        cpuMsPerBallot: {
          nodeA: perBallot('nodeA', burstA.acks),
          nodeB: perBallot('nodeB', burstB.acks),
          postgresBackends: perBallot('postgresBackends', acks),
          generatorA: perBallot('generatorA', burstA.acks),
        },
      },
      rssMb: {
        atRest: rssAtRest,
        connected: rssConnected,
        afterFanout: rssAfterFanout,
        afterBallots: rssAfterBallots,
      },
      redisIdle,
      target: {
        rule: "two-node fan-out p99 <= 1.25 x one node's; ballots on both nodes; tallies equal the recount and the acks",
        met: Object.values(targets).every(Boolean),
      },
      targets,
    };
  } finally {
    chair?.close();
    await Promise.all(generators.map((generator) => generator.stop()));
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
