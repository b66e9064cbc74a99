// Checks of stored ballots shared by the ingest and multi-node harnesses: the recount against
// the acknowledgements, the tally recounted from the ballots table, the group-commit figures.
import { performance } from 'node:perf_hooks';
import { need } from './deps.mjs';
import { METRICS_TOKEN } from '../../scripts/lib/processes.mjs';

/** Runs fn with a PostgreSQL client of its own. */
export async function withClient(databaseUrl, fn) {
  const { Client } = need('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Every acknowledged ballot stored, and each member's current ballot is its last ack.
 * `members` are the sockets' voters (in socket order): the ballot events counted are theirs,
 * so the voters of one node are recounted against that node's acknowledgements.
 */
export function recount(databaseUrl, matterIds, cast, members) {
  return withClient(databaseUrl, async (client) => {
    const memberIds = members.map((member) => member.memberId);
    const events = await client.query(
      'select count(*)::int as n from ballot_events where matter_id = any($1::uuid[]) and member_id = any($2::uuid[])',
      [matterIds, memberIds],
    );
    const stored = await client.query(
      'select count(*)::int as n from ballot_events where id = any($1::uuid[])',
      [cast.ackedIds],
    );
    const current = await client.query(
      'select matter_id, member_id, receipt_id from ballots where matter_id = any($1::uuid[]) and member_id = any($2::uuid[])',
      [matterIds, memberIds],
    );
    const receipts = new Map(
      current.rows.map((row) => [
        `${row.matter_id}/${row.member_id}`,
        row.receipt_id,
      ]),
    );
    let lastMismatches = 0;
    cast.last.forEach((byMatter, index) => {
      for (const [matterId, ballotId] of Object.entries(byMatter))
        if (receipts.get(`${matterId}/${members[index].memberId}`) !== ballotId)
          lastMismatches += 1;
    });
    const ballotEvents = events.rows[0].n;
    const acknowledgedStored = stored.rows[0].n;
    return {
      ballotEvents,
      acknowledgedStored,
      currentBallots: current.rowCount,
      lastMismatches,
      equalsAcks:
        ballotEvents === cast.acks &&
        acknowledgedStored === cast.acks &&
        lastMismatches === 0,
    };
  });
}

/**
 * A matter's tally recounted from the ballots table: ballots per option (`{ votes, byOption }`),
 * optionally only those of `memberIds`.
 */
export function tallyFromBallots(databaseUrl, matterId, memberIds = null) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select c.vote, count(*)::int as n
       from ballots b cross join lateral jsonb_array_elements_text(b.choices) c(vote)
       where b.matter_id = $1 and ($2::uuid[] is null or b.member_id = any($2::uuid[]))
       group by c.vote`,
      [matterId, memberIds],
    );
    const {
      rows: [count],
    } = await client.query(
      `select count(*)::int as n from ballots
       where matter_id = $1 and ($2::uuid[] is null or member_id = any($2::uuid[]))`,
      [matterId, memberIds],
    );
    return {
      votes: count.n,
      byOption: Object.fromEntries(rows.map((row) => [row.vote, row.n])),
    };
  });
}

/**
 * Waits until the gateway has sealed every ballot event of the meeting into its hash chain
 * (a second after the ballots, on its own): what a harness measures next then pays nothing
 * for the work before it. Resolves with the milliseconds it waited.
 */
export function untilSealed(databaseUrl, meetingId, timeoutMs = 120_000) {
  return withClient(databaseUrl, async (client) => {
    const started = performance.now();
    for (;;) {
      const { rows } = await client.query(
        `select count(*)::int as unsealed from ballot_events e
         join matters m on m.id = e.matter_id
         where m.meeting_id = $1
           and not exists (select 1 from audit_chain c where c.source_id = e.id)`,
        [meetingId],
      );
      if (rows[0].unsealed === 0)
        return Math.round(performance.now() - started);
      if (performance.now() - started > timeoutMs)
        throw new Error(
          `${rows[0].unsealed} ballot events still unsealed after ${timeoutMs} ms`,
        );
      await new Promise((done) => setTimeout(done, 250));
    }
  });
}

/** Batches, ballots written and commit seconds as figures: mean size, mean commit time. */
function batchFigures(batches, written, seconds) {
  return {
    batches,
    written,
    meanSize: Math.round((written / batches) * 10) / 10,
    meanCommitMs: Math.round((seconds / batches) * 1e4) / 10,
    commitSeconds: Math.round(seconds * 1000) / 1000,
  };
}

/** Group-commit figures from the gateway's /metrics: batches, mean size, mean commit time. */
export async function batchMetrics(baseUrl) {
  const text = await (
    await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
  const value = (name) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return batchFigures(
    value('ballot_batch_seconds_count'),
    value('ballots_written_total'),
    value('ballot_batch_seconds_sum'),
  );
}

/** The batches written between two `batchMetrics` of the same node. */
export function batchesBetween(before, after) {
  return batchFigures(
    after.batches - before.batches,
    after.written - before.written,
    after.commitSeconds - before.commitSeconds,
  );
}
