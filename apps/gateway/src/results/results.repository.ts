import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { eligibleSql, type ElectionBallot, type Weight } from '@livevote/rules';
import { Database, rowsOf } from '../database/database';
import { accountUsers, matters, meetings, users } from '../database/schema';

import type { StoredResult } from './results.mapper';

export type ResultMatterRow = typeof matters.$inferSelect;

const ELIGIBLE = sql.raw(eligibleSql({ member: 'mb', matter: 'm' }));

/**
 * Ends a subquery of per-member flags that several aggregates read. Without it PostgreSQL
 * inlines the flags into each aggregate, so the present set is parsed, and every EXISTS
 * probed, once an aggregate: twice for a quorum (docs/benchmarks-history.md, "Fan-out: the start's
 * quorum and the first round").
 */
const ONCE_A_MEMBER = sql.raw('offset 0');

interface WeightRecord {
  units: number | string;
  shares: string;
}

const weight = (units: number | string, shares: string): Weight => ({
  units: Number(units),
  shares,
});

/** What the forecast of a live matter needs besides its tally. */
export interface ForecastFacts {
  options: string[];
  choices: number;
  exclusions: string[];
  threshold: ResultMatterRow['threshold'];
  thresholdBasis: ResultMatterRow['thresholdBasis'];
  thresholdBase: ResultMatterRow['thresholdBase'];
  liveStatus: ResultMatterRow['liveStatus'];
  secretBallot: boolean;
  votingMethod: ResultMatterRow['votingMethod'];
  eligible: Weight;
}

/** The queries of verdicts, forecasts, quorum and sign-off. */
@Injectable()
export class ResultsRepository {
  constructor(private readonly database: Database) {}

  /**
   * Present member ids as a set SQL can join: one parameter (never spliced), a uuid[], which
   * PostgreSQL reads in a third of the time of a JSON array of 10,000 ids as text, and faster
   * again in binary (docs/benchmarks-history.md, "The quorum's statement", "The present ids in
   * binary"). An id that is not a uuid fails, as it did in JSON.
   */
  private idSet(ids: string[]) {
    return sql`(select unnest(${this.database.uuidArray(ids)}))`;
  }

  async meeting(
    meetingId: string,
  ): Promise<typeof meetings.$inferSelect | undefined> {
    const [row] = await this.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.id, meetingId))
      .limit(1);
    return row;
  }

  async matter(matterId: string): Promise<ResultMatterRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(matters)
      .where(eq(matters.id, matterId))
      .limit(1);
    return row;
  }

  /** The matter of the meeting, locked for this transaction. */
  async lockMatter(
    meetingId: string,
    matterId: string,
  ): Promise<ResultMatterRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(matters)
      .where(and(eq(matters.id, matterId), eq(matters.meetingId, meetingId)))
      .limit(1)
      .for('update');
    return row;
  }

  async forecastFacts(matterId: string): Promise<ForecastFacts | undefined> {
    const result = await this.database.db.execute(sql`
      select m.options, m.choices, m.exclusions, m.threshold,
        m.threshold_basis as "thresholdBasis", m.threshold_base as "thresholdBase",
        m.live_status as "liveStatus", m.secret_ballot as "secretBallot",
        m.voting_method as "votingMethod",
        e.units, e.shares
      from matters m
      cross join lateral (
        select count(*)::int as units, coalesce(sum(mb.shares), 0)::text as shares
        from members mb where mb.meeting_id = m.meeting_id and ${ELIGIBLE}
      ) e
      where m.id = ${matterId}
    `);
    const row = rowsOf<Omit<ForecastFacts, 'eligible'> & WeightRecord>(
      result,
    )[0];
    if (!row) return undefined;
    const { units, shares, ...facts } = row;
    return { ...facts, eligible: weight(units, shares) };
  }

  /**
   * Members eligible for the matter, and those of them present (connected now), voted on it,
   * or represented by a proxy ballot on any matter of the meeting.
   */
  async bases(
    matterId: string,
    presentMemberIds: string[],
  ): Promise<{ eligible: Weight; present: Weight }> {
    const result = await this.database.db.execute(sql`
      select count(*)::int as "eligibleUnits",
        coalesce(sum(x.shares), 0)::text as "eligibleShares",
        count(*) filter (where x.present)::int as "presentUnits",
        coalesce(sum(x.shares) filter (where x.present), 0)::text as "presentShares"
      from (
        select mb.shares,
          mb.id in ${this.idSet(presentMemberIds)}
          or exists (select 1 from ballots b where b.matter_id = m.id and b.member_id = mb.id)
          or exists (select 1 from ballots b join matters pm on pm.id = b.matter_id
            where b.member_id = mb.id and b.method = 'proxy' and pm.meeting_id = m.meeting_id)
          as present
        from matters m
        join members mb on mb.meeting_id = m.meeting_id
        where m.id = ${matterId} and ${ELIGIBLE}
        ${ONCE_A_MEMBER}
      ) x
    `);
    const row = rowsOf<{
      eligibleUnits: number;
      eligibleShares: string;
      presentUnits: number;
      presentShares: string;
    }>(result)[0];
    return {
      eligible: weight(row.eligibleUnits, row.eligibleShares),
      present: weight(row.presentUnits, row.presentShares),
    };
  }

  async cast(matterId: string): Promise<{ votes: number; shares: string }> {
    const result = await this.database.db.execute(sql`
      select count(*)::int as votes, coalesce(sum(weight), 0)::text as shares
      from ballots where matter_id = ${matterId}
    `);
    const row = rowsOf<{ votes: number; shares: string }>(result)[0];
    return { votes: Number(row.votes), shares: row.shares };
  }

  /**
   * An election's counted ballots, in one statement: each member's current marks (`choices`
   * in ballot order, a ranking's order; `votes` beside them for a cumulative ballot) and
   * shares. Only while the matter is still closed at `generation`: a reopen meanwhile reads
   * none (the state-checked recount of docs/security.md).
   */
  async electionBallots(
    matterId: string,
    generation: number,
  ): Promise<ElectionBallot[] | undefined> {
    const result = await this.database.db.execute(sql`
      select m.id as "matterId", b.choices, b.votes, b.weight::text as weight
      from matters m
      left join ballots b on b.matter_id = m.id
      where m.id = ${matterId} and m.live_status = 'closed'
        and m.live_generation = ${generation}
    `);
    const rows = rowsOf<{
      matterId: string;
      choices: string[] | null;
      votes: number[] | null;
      weight: string | null;
    }>(result);
    if (!rows.length) return undefined;
    return rows
      .filter((row) => row.choices !== null)
      .map((row) => ({
        choices: row.choices!,
        votes: row.votes,
        weight: Number(row.weight),
      }));
  }

  /**
   * Stores the result of the close at `generation`, once: false when the matter moved on
   * (reopened) or another node stored it first.
   */
  async storeResult(
    matterId: string,
    generation: number,
    result: StoredResult,
  ): Promise<boolean> {
    const rows = await this.database.db
      .update(matters)
      .set({ result: { ...result }, resultGeneration: generation })
      .where(
        and(
          eq(matters.id, matterId),
          eq(matters.liveStatus, 'closed'),
          eq(matters.liveGeneration, generation),
          sql`${matters.resultGeneration} is distinct from ${generation}`,
        ),
      )
      .returning({ id: matters.id });
    return rows.length === 1;
  }

  async updateResult(matterId: string, result: StoredResult): Promise<void> {
    await this.database.db
      .update(matters)
      .set({ result: { ...result } })
      .where(eq(matters.id, matterId));
  }

  async saveQuorumAtOpen(
    matterId: string,
    record: Record<string, unknown>,
  ): Promise<void> {
    await this.database.db
      .update(matters)
      .set({ quorumAtOpen: record })
      .where(eq(matters.id, matterId));
  }

  /** Locks the meeting against a concurrent start of another matter. */
  async lockMeetingForStart(meetingId: string): Promise<void> {
    await this.database.db.execute(
      sql`select id from meetings where id = ${meetingId} for no key update`,
    );
  }

  async otherLiveMatters(
    meetingId: string,
    matterId: string,
  ): Promise<{ id: string; name: string }[]> {
    return this.database.db
      .select({ id: matters.id, name: matters.name })
      .from(matters)
      .where(
        and(
          eq(matters.meetingId, meetingId),
          eq(matters.liveStatus, 'live'),
          sql`${matters.id} <> ${matterId}`,
        ),
      );
  }

  /** Closed matters whose result of their last close is not stored yet. */
  async awaitingResult(limit: number): Promise<ResultMatterRow[]> {
    return this.database.db
      .select()
      .from(matters)
      .where(
        and(
          eq(matters.liveStatus, 'closed'),
          sql`${matters.resultGeneration} is distinct from ${matters.liveGeneration}`,
        ),
      )
      .limit(limit);
  }

  /** The meeting's matters with a current, published result, in matter order. */
  publishedMatters(meetingId: string): Promise<ResultMatterRow[]> {
    return this.database.db
      .select()
      .from(matters)
      .where(
        and(
          eq(matters.meetingId, meetingId),
          eq(matters.liveStatus, 'closed'),
          eq(matters.resultGeneration, matters.liveGeneration),
          isNotNull(sql`${matters.result}->>'publishedAt'`),
        ),
      )
      .orderBy(asc(matters.order), asc(matters.createdAt), asc(matters.id));
  }

  async rolesOf(accountId: string, userId: string): Promise<string[] | null> {
    const [row] = await this.database.db
      .select({ roles: accountUsers.roles })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .limit(1);
    return row?.roles ?? null;
  }

  /** Users of the account with the scrutineer role, optionally only those ids. */
  scrutineers(
    accountId: string,
    only?: string[],
  ): Promise<{ id: string; email: string; name: string }[]> {
    if (only && !only.length) return Promise.resolve([]);
    const filters = [
      eq(accountUsers.accountId, accountId),
      sql`${accountUsers.roles} @> '["scrutineer"]'::jsonb`,
    ];
    if (only) filters.push(inArray(users.id, only));
    return this.database.db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(and(...filters))
      .orderBy(asc(users.email));
  }

  async nameScrutineers(meetingId: string, userIds: string[]): Promise<void> {
    await this.database.db
      .update(meetings)
      .set({ scrutineers: userIds })
      .where(eq(meetings.id, meetingId));
  }

  async user(
    userId: string,
  ): Promise<{ id: string; email: string; name: string } | undefined> {
    const [row] = await this.database.db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  async usersByEmail(
    accountId: string,
    emails: string[],
  ): Promise<{ id: string; email: string; roles: string[] }[]> {
    if (!emails.length) return [];
    return this.database.db
      .select({ id: users.id, email: users.email, roles: accountUsers.roles })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          inArray(
            sql`lower(${users.email})`,
            emails.map((email) => email.toLowerCase()),
          ),
        ),
      );
  }
}
