import { Injectable } from '@nestjs/common';
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import {
  MICRO,
  closeSnapshotPairs,
  eligibleSql,
  tallyMarksSql,
  type CloseReason,
  type CloseSnapshot,
  type PresentCount,
} from '@livevote/rules';
import { Database, rowsOf } from '../database/database';
import {
  ballots,
  matters,
  type BallotMethod,
  type LiveStatus,
} from '../database/schema';
import { shareField, voteField, type TallyCounters } from './tally';

// shares are summed as integer millionths, as the running counters are (libs/rules, tally.ts)
const MICRO_SQL = sql.raw(String(MICRO));
// what a ballot adds to each option under its matter's voting method (libs/rules, voting-methods.ts)
const TALLY_MARKS = sql.raw(tallyMarksSql({ ballot: 'b', matter: 'm' }));

export type LiveMatterRow = typeof matters.$inferSelect;

@Injectable()
export class LiveVotingRepository {
  constructor(private readonly database: Database) {}

  /** The matter of the meeting, locked for this transaction. */
  async lock(
    meetingId: string,
    matterId: string,
  ): Promise<LiveMatterRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(matters)
      .where(and(eq(matters.id, matterId), eq(matters.meetingId, meetingId)))
      .limit(1)
      .for('update');
    return row;
  }

  async setLiveState(
    matterId: string,
    state: {
      liveStatus: LiveStatus;
      liveStartedAt?: Date | null;
      liveEndsAt?: Date | null;
      liveClosedAt?: Date | null;
    },
    now: Date,
  ): Promise<LiveMatterRow> {
    const [row] = await this.database.db
      .update(matters)
      .set({
        ...state,
        liveGeneration: sql`${matters.liveGeneration} + 1`,
        updatedAt: now,
      })
      .where(eq(matters.id, matterId))
      .returning();
    return row;
  }

  /**
   * Closes the matter at its deadline if it is still live at that generation: the one
   * statement that makes a deadline fire once, however many times its job runs.
   */
  async closeAtDeadline(
    matterId: string,
    generation: number,
    now: Date,
    present: PresentCount & { presentVoters: number },
  ): Promise<LiveMatterRow | undefined> {
    // One statement, snapshot included: it waits for in-flight ballot batches (they share-lock
    // the row), so the counts it records are final.
    const [row] = await this.database.db
      .update(matters)
      .set({
        liveStatus: 'closed',
        liveClosedAt: sql`${matters.liveEndsAt}`,
        liveGeneration: sql`${matters.liveGeneration} + 1`,
        updatedAt: now,
        closeSnapshot: sql`jsonb_build_object(${sql.join(
          closeSnapshotPairs<SQL>({
            reason: sql.raw(`'${'deadline' satisfies CloseReason}'`),
            closedAt: sql`to_char("matters"."live_ends_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
            eligibleMembers: sql`(select count(*) from members mb where mb.meeting_id = "matters"."meeting_id"
              and ${sql.raw(eligibleSql({ member: 'mb', matter: '"matters"' }))})`,
            presentMembers: sql`${present.presentMembers}::int`,
            presentInPerson: sql`${present.presentInPerson}::int`,
            presentOnline: sql`${present.presentOnline}::int`,
            presentByProxy: sql`${present.presentByProxy}::int`,
            presentVoters: sql`${present.presentVoters}::int`,
            votesCast: sql`(select count(*) from ballots b where b.matter_id = "matters"."id")`,
            sharesCast: sql`(select coalesce(sum(b.weight), 0)::float8 from ballots b where b.matter_id = "matters"."id")`,
          }).map(([field, value]) => sql`${sql.raw(`'${field}'`)}, ${value}`),
          sql`, `,
        )})`,
      })
      .where(
        and(
          eq(matters.id, matterId),
          eq(matters.liveGeneration, generation),
          eq(matters.liveStatus, 'live'),
          lte(matters.liveEndsAt, now),
        ),
      )
      .returning();
    return row;
  }

  async saveSnapshot(matterId: string, snapshot: CloseSnapshot): Promise<void> {
    await this.database.db
      .update(matters)
      .set({ closeSnapshot: snapshot })
      .where(eq(matters.id, matterId));
  }

  liveMatters(): Promise<LiveMatterRow[]> {
    return this.database.db
      .select()
      .from(matters)
      .where(eq(matters.liveStatus, 'live'));
  }

  async votesCast(
    matterId: string,
  ): Promise<{ votes: number; shares: number }> {
    const result = await this.database.db.execute(
      sql`select count(*)::int as votes, coalesce(sum(weight), 0)::float8 as shares from ballots where matter_id = ${matterId}`,
    );
    const row = rowsOf<{ votes: number; shares: number }>(result)[0];
    return { votes: Number(row.votes), shares: Number(row.shares) };
  }

  /**
   * A full recount of a matter as tally counters, summed in PostgreSQL: the counters that
   * `countersFromBallots` makes of the matter's ballots (test/rules-sql.test.ts holds the two to
   * the same cases), without reading every ballot into the node. A tally is checked against a
   * recount after each quiet second of a vote, on every node (docs/benchmarks-history.md, "Recounts
   * summed in PostgreSQL").
   */
  async matterCounters(matterId: string): Promise<TallyCounters> {
    const result = await this.database.db.execute(sql`
      select null as method, null as vote, count(*)::int as votes,
        coalesce(sum(b.weight * ${MICRO_SQL}), 0)::bigint as micro
      from ${ballots} b where b.matter_id = ${matterId}
      union all
      select b.method, t.option, sum(t.count)::int, sum(t.count * b.weight * ${MICRO_SQL})::bigint
      from ${matters} m join ${ballots} b on b.matter_id = m.id
      cross join lateral ${TALLY_MARKS} t
      where m.id = ${matterId}
      group by b.method, t.option
    `);
    const counters: TallyCounters = new Map();
    for (const row of rowsOf<CounterRow>(result)) {
      const micro = Number(row.micro);
      const [votes, shares] =
        row.method === null
          ? ['votes', 'shares']
          : [
              voteField(row.method, row.vote!),
              shareField(row.method, row.vote!),
            ];
      if (row.votes !== 0) counters.set(votes, row.votes);
      if (micro !== 0) counters.set(shares, micro);
    }
    return counters;
  }
}

/** A row of `matterCounters`: the matter's totals (no method), or one method and option. */
interface CounterRow {
  method: BallotMethod | null;
  vote: string | null;
  votes: number;
  micro: string | number;
}
