// Deadlines: M matters (300) started on two gateway nodes, their deadlines spread over 5 s;
// lateness of `closed` reaching a subscribed socket (one on each node) after liveEndsAt, and
// exactly one close per matter. Baseline: bare BullMQ delayed jobs on the same Redis.
//
//   node bench/deadlines.mjs [--matters 300] [--spread-ms 5000] [--cpu-prof DIR]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { forkGenerator } from './lib/children.mjs';
import { need } from './lib/deps.mjs';
import { log, withServices } from './lib/env.mjs';
import { connectAll, sleep } from './lib/fanout.mjs';
import { managerToken, matterAction, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { ratio, summarize } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    matters: { type: 'string', default: '300' },
    'spread-ms': { type: 'string', default: '5000' },
    'cpu-prof': { type: 'string' },
  },
});
const matterCount = Number(values.matters);
const spreadMs = Number(values['spread-ms']);
/** The shortest duration the API takes, in seconds. */
const DURATION_S = 10;

/** The matters as stored: closed at their deadline, by the deadline, once. */
async function storedCloses(databaseUrl, matterIds) {
  const { Client } = need('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*) filter (where live_status = 'closed' and live_closed_at = live_ends_at
                and close_snapshot->>'reason' = 'deadline')::int as closed_on_time,
              count(*) filter (where live_generation = 2)::int as generation_two
       from matters where id = any($1::uuid[])`,
      [matterIds],
    );
    return {
      closedAtDeadline: rows[0].closed_on_time,
      closedOnce: rows[0].generation_two,
    };
  } finally {
    await client.end();
  }
}

const result = await withServices(async ({ database, redis }) => {
  const hz = Number((await redis.client.config('GET', 'hz'))[1]);
  const nodes = await Promise.all(
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
      voters: 2,
      matters: matterCount,
    });
    const token = managerToken(seed.userId);
    for (const [i, node] of nodes.entries())
      await connectAll(generator, {
        url: `${node.baseUrl}/live`,
        tokens: [seed.voters[i].token],
        subscribe: seed.shortCode,
      });
    await generator.call('watch', { liveStatus: 'closed' });

    // starts alternate between the nodes, one every spreadMs / matters, so the deadlines spread too
    log(
      `deadlines: starting ${matterCount} matters over ${spreadMs} ms on two nodes`,
    );
    const t0 = performance.now();
    const starts = [];
    for (const [i, matterId] of seed.matterIds.entries()) {
      const wait = t0 + (i * spreadMs) / matterCount - performance.now();
      if (wait > 0) await sleep(wait);
      starts.push(
        matterAction(nodes[i % 2].baseUrl, token, seed.shortCode, matterId, {
          action: 'start',
          duration: DURATION_S,
        }),
      );
    }
    await Promise.all(starts);
    const expected = matterCount * nodes.length;
    const until = t0 + spreadMs + DURATION_S * 1000 + 10_000;
    let events = [];
    while (performance.now() < until) {
      await sleep(500);
      const { events: more } = await generator.call('drain');
      events = events.concat(more);
      if (events.length >= expected) break;
    }
    await sleep(1500); // a second close would arrive within this
    events = events.concat((await generator.call('collect')).events);

    const perSocketMatter = new Map();
    for (const event of events) {
      const key = `${event.socket}/${event.matterKey}`;
      perSocketMatter.set(key, (perSocketMatter.get(key) ?? 0) + 1);
    }
    const doubleCloses = [...perSocketMatter.values()].filter(
      (n) => n > 1,
    ).length;
    const missing = expected - perSocketMatter.size;
    const late = (event) => event.at - Date.parse(event.liveEndsAt);
    const lateness = summarize(events.map(late));
    const bySocketNode = Object.fromEntries(
      ['a', 'b'].map((node, socket) => [
        node,
        summarize(events.filter((event) => event.socket === socket).map(late)),
      ]),
    );
    const stored = await storedCloses(database.url, seed.matterIds);
    await generator.call('disconnect');
    log(
      `deadlines: ${JSON.stringify(lateness)} doubles ${doubleCloses} missing ${missing}`,
    );

    const baseline = await generator.call('bullDelayed', {
      redisUrl: redis.url,
      prefix: `${redis.prefix}:bare`,
      jobs: matterCount,
      spreadMs,
      leadMs: 2000,
    });
    log(`deadlines baseline: ${JSON.stringify(baseline)}`);
    return {
      bench: 'deadlines',
      matters: matterCount,
      spreadMs,
      nodes: nodes.length,
      redisHz: hz,
      gateway: {
        lateness,
        latenessBySocketNode: bySocketNode,
        closeEvents: events.length,
        expectedCloseEvents: expected,
        doubleCloses,
        missing,
        ...stored,
      },
      baseline: {
        lateness: baseline.lateness,
        fired: baseline.fired,
        doubles: baseline.doubles,
      },
      p99Ratio: ratio(lateness.p99, baseline.lateness.p99),
      // issue 18's rule: at or under 1.25 x bare BullMQ's p99 in the same run
      target: {
        rule: 'lateness p99 <= 1.25 x bare BullMQ, zero double closes',
        met:
          lateness.p99 !== null &&
          baseline.lateness.p99 !== null &&
          lateness.p99 <= 1.25 * baseline.lateness.p99 &&
          doubleCloses === 0 &&
          missing === 0 &&
          stored.closedAtDeadline === matterCount,
      },
    };
  } finally {
    await generator.stop();
    await Promise.all(nodes.map((node) => node.stop()));
  }
});
console.log(
  JSON.stringify({
    ...result,
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
