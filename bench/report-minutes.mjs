// The whole results report of a large AGM (issue 34): U units (one voter each), M matters
// started and closed through the gateway, and E ballot events written straight to PostgreSQL
// in between (90 % of the units vote on every matter, one vote in ten on paper at the floor,
// the rest online; re-casts up to E). Three in ten voters are checked in at the desk. Then,
// one request at a time, R downloads of report.pdf and R of report.csv, each timed as a client
// sees it (p50/p99), the first PDF also on its own (the closed matters' figures are read then
// and cached by their chain head, so the later ones only render), while a second loop asks
// GET /healthz back to back: its p99 is what every other request of the node waited meanwhile.
//
//   npx tsc -b apps/gateway && node bench/report-minutes.mjs [--units 10000] [--matters 30]
//     [--events 300000] [--renders 5]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { need } from './lib/deps.mjs';
import { log, withServices } from './lib/env.mjs';
import { managerToken, matterAction, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { round, summarize } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '10000' },
    matters: { type: 'string', default: '30' },
    events: { type: 'string', default: '300000' },
    renders: { type: 'string', default: '5' },
  },
});
const units = Number(values.units);
const matterCount = Number(values.matters);
const eventCount = Number(values.events);
const renders = Number(values.renders);
const VOTED_SHARE = 0.9;
const TARGET_PDF_P50_MS = 3000;

/** Ballots and their events in bulk, in PostgreSQL's own loops, on the live matters. */
async function seedBallots(databaseUrl, meetingId) {
  const { Client } = need('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const firstCasts = Math.round(units * VOTED_SHARE) * matterCount;
    const recasts = Math.max(0, eventCount - firstCasts);
    await client.query(
      `update voters v set checked_in_at = case when x.n % 10 < 3 then now() end
       from (select id, row_number() over (order by email) as n from voters where meeting_id = $1) x
       where v.id = x.id`,
      [meetingId],
    );
    await client.query(`
      create temporary table voted as
      select mb.id as member_id, v.id as voter_id, mb.shares, row_number() over (order by mb.unit) as n
      from members mb join voters v on v.member_id = mb.id
      where mb.meeting_id = '${meetingId}'`);
    await client.query(`delete from voted where n % 10 = 0`);
    await client.query(`
      create temporary table cast_rows as
      select gen_random_uuid() as id, m.id as matter_id, x.member_id, x.voter_id, x.shares,
        case when x.n % 10 = 7 then 'other' else 'live' end as method,
        (array['["Yes"]','["No"]','["Abstain"]'])[1 + (x.n + m."order") % 3]::jsonb as choices,
        now() - interval '55 minutes' + (x.n * interval '1 millisecond') as cast_at
      from matters m cross join voted x where m.meeting_id = '${meetingId}'`);
    await client.query(
      `insert into ballot_events (id, matter_id, member_id, voter_id, method, choices, weight, idempotency_key, cast_at, receipt)
       select id, matter_id, member_id, voter_id, method, choices, shares, id::text, cast_at,
         substr(md5(id::text), 1, 12)
       from cast_rows`,
    );
    await client.query(
      `insert into ballot_events (id, matter_id, member_id, voter_id, method, choices, weight, idempotency_key, cast_at, receipt)
       select gen_random_uuid(), matter_id, member_id, voter_id, method, choices, shares,
         'r' || id::text, cast_at + interval '1 minute', substr(md5('r' || id::text), 1, 12)
       from cast_rows order by id limit $1`,
      [recasts],
    );
    await client.query(
      `insert into ballots (matter_id, member_id, voter_id, method, choices, weight, idempotency_key, cast_at, receipt_id, created_at)
       select matter_id, member_id, voter_id, method, choices, shares, id::text, cast_at, id, cast_at
       from cast_rows`,
    );
    await client.query(
      'vacuum analyze members, voters, matters, ballots, ballot_events',
    );
    const {
      rows: [counts],
    } = await client.query(
      `select (select count(*) from ballot_events)::int as events, (select count(*) from ballots)::int as ballots`,
    );
    return counts;
  } finally {
    await client.end();
  }
}

async function download(baseUrl, token, path) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.arrayBuffer();
  if (response.status !== 200)
    throw new Error(
      `GET ${path} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`,
    );
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/** /healthz back to back until stopped: what any request of the node waits meanwhile. */
function healthLoop(baseUrl) {
  const samples = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      if (response.status === 200) samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await done;
    return summarize(samples);
  };
}

const result = await withServices(async ({ database, redis }) => {
  const gateway = await startGateway({ databaseUrl: database.url, redis });
  try {
    log(`report-minutes: seeding ${units} units, ${matterCount} matters`);
    const seed = await seedMeeting(database.url, {
      voters: units,
      matters: matterCount,
      secretBallot: false,
    });
    const token = managerToken(seed.userId);
    for (const id of seed.matterIds)
      await matterAction(gateway.baseUrl, token, seed.shortCode, id, {
        action: 'start',
      });
    const counts = await seedBallots(database.url, seed.meetingId);
    log(`report-minutes: ${counts.events} ballot events; closing the matters`);
    const closing = performance.now();
    for (const id of seed.matterIds)
      await matterAction(gateway.baseUrl, token, seed.shortCode, id, {
        action: 'stop',
      });
    const closeMs = Math.round(performance.now() - closing);
    const meeting = `/v1/Meetings/${seed.shortCode}`;
    // the JSON once: it seals whatever the closes left, as a running meeting has it sealed
    const warm = await download(gateway.baseUrl, token, `${meeting}/report`);
    log(
      `report-minutes: closed in ${closeMs} ms; JSON ${Math.round(warm.ms)} ms`,
    );
    const quiet = healthLoop(gateway.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const healthQuiet = await quiet();
    const stop = healthLoop(gateway.baseUrl);
    const pdf = [];
    const csv = [];
    let pdfBytes = 0;
    let csvBytes = 0;
    for (let i = 0; i < renders; i += 1) {
      const one = await download(
        gateway.baseUrl,
        token,
        `${meeting}/report.pdf`,
      );
      pdf.push(one.ms);
      pdfBytes = one.bytes;
      log(`report-minutes: pdf ${i + 1} ${Math.round(one.ms)} ms`);
    }
    for (let i = 0; i < renders; i += 1) {
      const one = await download(
        gateway.baseUrl,
        token,
        `${meeting}/report.csv`,
      );
      csv.push(one.ms);
      csvBytes = one.bytes;
    }
    const attendance = await download(
      gateway.baseUrl,
      token,
      `${meeting}/report/attendance.csv`,
    );
    const healthDuring = await stop();
    const pdfFigures = summarize(pdf);
    return {
      bench: 'report-minutes',
      units,
      matters: matterCount,
      ballotEvents: counts.events,
      ballots: counts.ballots,
      closeAllMs: closeMs,
      renders,
      pdf: { firstMs: round(pdf[0]), ...pdfFigures, bytes: pdfBytes },
      csv: { firstMs: round(csv[0]), ...summarize(csv), bytes: csvBytes },
      attendanceCsvMs: round(attendance.ms),
      healthzQuiet: healthQuiet,
      healthzDuringRenders: healthDuring,
      target: {
        rule: `report.pdf p50 < ${TARGET_PDF_P50_MS} ms`,
        met: pdfFigures.p50 < TARGET_PDF_P50_MS,
      },
    };
  } finally {
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
