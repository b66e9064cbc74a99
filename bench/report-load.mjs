// One gateway node while big results reports render (issue 31: a manager's report.pdf froze a
// node for every tenant). Two accounts each get a meeting of M matters of O open-ballot options
// of L characters (100 x 50 x 480 at the defaults) with a few ballots; a third account has a
// live matter and V voters. Measured one request at a time, p50/p99 in milliseconds:
// GET /healthz and a voter's ballot (POST .../ballots over HTTP, answered once stored), first
// quiet, then while R report.pdf renders run at once (half per big account, so the default
// REPORT_RENDERS_PER_ACCOUNT of 2 admits them all). A cap on matters per meeting does not
// stop the seed: the rows are written straight to PostgreSQL.
//
//   npx tsc -b apps/gateway && node bench/report-load.mjs [--matters 100] [--options 50]
//     [--length 480] [--voters 400] [--samples 200] [--renders 4]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { need } from './lib/deps.mjs';
import { log, withServices } from './lib/env.mjs';
import { managerToken, matterAction, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { round, summarize } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    matters: { type: 'string', default: '100' },
    options: { type: 'string', default: '50' },
    length: { type: 'string', default: '480' },
    voters: { type: 'string', default: '400' },
    samples: { type: 'string', default: '200' },
    renders: { type: 'string', default: '4' },
  },
});
const matterCount = Number(values.matters);
const optionCount = Number(values.options);
const optionLength = Number(values.length);
const voterCount = Number(values.voters);
const samples = Number(values.samples);
const renders = Number(values.renders);
/** Ballots cast on the first matter of each big meeting, so its tally has figures. */
const BIG_MEETING_BALLOTS = 20;

/** The seeded meeting's matters become open ballots of many long options. */
async function enlarge(databaseUrl, meetingId) {
  const { Client } = need('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update matters set secret_ballot = false, options = (
         select jsonb_agg(rpad('M' || "order" || ' option ' || o || ' ', $2::int, 'x') order by o)
         from generate_series(1, $3::int) as o)
       where meeting_id = $1`,
      [meetingId, optionLength, optionCount],
    );
  } finally {
    await client.end();
  }
}

async function timed(fn) {
  const started = performance.now();
  const status = await fn();
  return { ms: performance.now() - started, status };
}

const get = (url, token) =>
  fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

const castBallot = (baseUrl, seed, voter, matterId, choice) =>
  fetch(
    `${baseUrl}/portal/v1/Meetings/${seed.shortCode}/matters/${matterId}/ballots`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${voter.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ choices: [choice] }),
    },
  ).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

/**
 * /healthz and ballot answer times, one request at a time, alternating, until `samples` of
 * each or until `until()` says stop (then fewer). Voters are taken in turn from `next`.
 */
async function probe(baseUrl, voting, next, until = () => false) {
  const healthz = [];
  const ballots = [];
  const refused = {};
  while (healthz.length < samples && !until()) {
    const health = await timed(() => get(`${baseUrl}/healthz`));
    if (health.status === 200) healthz.push(health.ms);
    else
      refused[`healthz ${health.status}`] =
        (refused[`healthz ${health.status}`] ?? 0) + 1;
    const voter = next();
    if (!voter) break;
    const ballot = await timed(() =>
      castBallot(baseUrl, voting.seed, voter, voting.matterId, 'Yes'),
    );
    if (ballot.status === 201) ballots.push(ballot.ms);
    else
      refused[`ballot ${ballot.status}`] =
        (refused[`ballot ${ballot.status}`] ?? 0) + 1;
  }
  return { healthz: summarize(healthz), ballot: summarize(ballots), refused };
}

const result = await withServices(async ({ database, redis }) => {
  const gateway = await startGateway({ databaseUrl: database.url, redis });
  try {
    log(
      `report-load: seeding 2 meetings of ${matterCount} x ${optionCount} options of ${optionLength} characters`,
    );
    const big = [];
    for (let i = 0; i < 2; i++) {
      const seed = await seedMeeting(database.url, {
        voters: BIG_MEETING_BALLOTS,
        matters: matterCount,
        secretBallot: false,
      });
      await enlarge(database.url, seed.meetingId);
      const token = managerToken(seed.userId);
      await matterAction(
        gateway.baseUrl,
        token,
        seed.shortCode,
        seed.matterIds[0],
        {
          action: 'start',
          duration: 3600,
        },
      );
      await Promise.all(
        seed.voters.map((voter) =>
          castBallot(
            gateway.baseUrl,
            seed,
            voter,
            seed.matterIds[0],
            'M1 option 1 '.padEnd(optionLength, 'x'),
          ),
        ),
      );
      big.push({ seed, token });
    }
    const votingSeed = await seedMeeting(database.url, {
      voters: voterCount,
      matters: 1,
    });
    await matterAction(
      gateway.baseUrl,
      managerToken(votingSeed.userId),
      votingSeed.shortCode,
      votingSeed.matterIds[0],
      { action: 'start', duration: 3600 },
    );
    const voting = { seed: votingSeed, matterId: votingSeed.matterIds[0] };
    let turn = 0;
    // each voter casts once: a first ballot, not a replacement
    const next = () => votingSeed.voters[turn++];

    // one report first: it seals the seeded ballots into the chain, and warms the pool
    const warm = await timed(() =>
      get(
        `${gateway.baseUrl}/v1/Meetings/${big[0].seed.shortCode}/report.pdf`,
        big[0].token,
      ),
    );
    log(`report-load: first report.pdf ${round(warm.ms)} ms (${warm.status})`);

    log('report-load: quiet');
    const quiet = await probe(gateway.baseUrl, voting, next);
    log(`report-load: quiet ${JSON.stringify(quiet)}`);

    log(`report-load: ${renders} report.pdf renders at once`);
    let settled = 0;
    const started = performance.now();
    const reports = Array.from({ length: renders }, (_, i) => {
      const { seed, token } = big[i % big.length];
      return timed(() =>
        get(
          `${gateway.baseUrl}/v1/Meetings/${seed.shortCode}/report.pdf`,
          token,
        ),
      ).finally(() => {
        settled += 1;
      });
    });
    const loaded = await probe(
      gateway.baseUrl,
      voting,
      next,
      () => settled === renders,
    );
    const answers = await Promise.all(reports);
    const underLoad = {
      ...loaded,
      reportsMs: answers.map((answer) => Math.round(answer.ms)),
      reportStatuses: answers.map((answer) => answer.status),
      allReportsMs: Math.round(performance.now() - started),
    };
    log(`report-load: under load ${JSON.stringify(underLoad)}`);
    return {
      bench: 'report-load',
      run: Number(process.env.BENCH_RUN ?? 1),
      matters: matterCount,
      options: optionCount,
      optionLength,
      renders,
      quiet,
      underLoad,
    };
  } finally {
    await gateway.stop();
  }
});

console.log(JSON.stringify(result));
