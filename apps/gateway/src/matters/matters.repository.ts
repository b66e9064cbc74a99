import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { eligibleSql, tallyMarksSql } from '@livevote/rules';
import type { NotVotedQuery } from '@livevote/contracts';
import { escapeLike } from '../common/text';
import { Database, rowsOf } from '../database/database';
import {
  ballotEvents,
  ballots,
  matters,
  members,
  nominations,
  voters,
} from '../database/schema';

// what a ballot adds to each option under the matter's voting method (libs/rules, voting-methods.ts)
const TALLY_MARKS = sql.raw(tallyMarksSql({ ballot: 'b', matter: 's' }));

export type MatterRow = typeof matters.$inferSelect;
export type NewMatterRow = typeof matters.$inferInsert;
export type MatterChanges = Partial<
  Omit<NewMatterRow, 'id' | 'meetingId' | 'createdAt' | 'updatedAt'>
>;

/** Raw tally of one option: counts and share sums as the driver returns them. */
export interface TallyRecord {
  vote: string;
  numProxyVotes: number | string;
  numLiveVotes: number | string;
  numOtherVotes: number | string;
  numProxyShares: number | string;
  numLiveShares: number | string;
  numOtherShares: number | string;
}

export interface MatterVoterRow {
  unit: string;
  name: string | null;
  email: string | null;
  method: string;
  castAt: Date;
  /** The member's first ballot on the matter: a replacement keeps it. */
  firstCastAt: Date;
}

// who may vote on the matter (libs/rules eligibility.ts)
const ELIGIBLE = sql.raw(eligibleSql({ member: 'mb', matter: 'm' }));

export interface NotVotedRow {
  id: string;
  unit: string;
  shares: string;
  names: string[];
  total: number;
}

@Injectable()
export class MattersRepository {
  constructor(private readonly database: Database) {}

  listForMeeting(meetingId: string): Promise<MatterRow[]> {
    return this.database.db
      .select()
      .from(matters)
      .where(eq(matters.meetingId, meetingId))
      .orderBy(asc(matters.order), asc(matters.createdAt), asc(matters.id));
  }

  /** The ids of the meeting's matters, without their rows. */
  async idsForMeeting(meetingId: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: matters.id })
      .from(matters)
      .where(eq(matters.meetingId, meetingId));
    return rows.map((row) => row.id);
  }

  async findInMeeting(
    meetingId: string,
    matterId: string,
    lock = false,
  ): Promise<MatterRow | undefined> {
    const query = this.database.db
      .select()
      .from(matters)
      .where(and(eq(matters.id, matterId), eq(matters.meetingId, meetingId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** How many matters the meeting holds; callers lock the meeting first. */
  async countForMeeting(meetingId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(matters)
      .where(eq(matters.meetingId, meetingId));
    return Number(row?.count ?? 0);
  }

  /** max(order) + 1, or 1 for a meeting's first matter; callers lock the meeting first. */
  async nextOrder(meetingId: string): Promise<number> {
    const [row] = await this.database.db
      .select({
        next: sql<number>`coalesce(max(${matters.order}), 0)::int + 1`,
      })
      .from(matters)
      .where(eq(matters.meetingId, meetingId));
    return Number(row?.next ?? 1);
  }

  async create(values: NewMatterRow): Promise<MatterRow> {
    const [row] = await this.database.db
      .insert(matters)
      .values(values)
      .returning();
    return row;
  }

  async update(matterId: string, changes: MatterChanges): Promise<MatterRow> {
    const [row] = await this.database.db
      .update(matters)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(matters.id, matterId))
      .returning();
    return row;
  }

  /**
   * The meeting's accepted nominations in the order they were accepted: an election's
   * candidates (docs/elections.md, "Nominations").
   */
  acceptedNominations(meetingId: string): Promise<
    {
      id: string;
      name: string;
      statement: string;
      translations: MatterRow['candidates'][number]['translations'];
    }[]
  > {
    return this.database.db
      .select({
        id: nominations.id,
        name: nominations.name,
        statement: nominations.statement,
        translations: nominations.translations,
      })
      .from(nominations)
      .where(
        and(
          eq(nominations.meetingId, meetingId),
          eq(nominations.status, 'accepted'),
        ),
      )
      .orderBy(
        asc(nominations.decidedAt),
        asc(nominations.submittedAt),
        asc(nominations.id),
      );
  }

  async delete(matterId: string): Promise<void> {
    await this.database.db.delete(matters).where(eq(matters.id, matterId));
  }

  /** Whether it holds a ballot, or ever did: cast events are kept for good (docs/verifiability.md). */
  async hasBallots(matterId: string): Promise<boolean> {
    const [row] = rowsOf<{ held: boolean }>(
      await this.database.db.execute(sql`
        select exists (select 1 from ${ballots} where matter_id = ${matterId})
          or exists (select 1 from ${ballotEvents} where matter_id = ${matterId}) as held`),
    );
    return Boolean(row?.held);
  }

  /**
   * One row per option, in option order, from the stored ballots in one query: a ballot
   * adds to an option what libs/rules' `tallyMarks` says under the matter's voting method
   * (once a plurality choice, a cumulative ballot's votes, a ranked ballot's first
   * preference), that many times its weight in shares; options without ballots get zeros. No rows at all
   * while the matter is a secret ballot that is not closed: the state and the count are read
   * in one statement, so a reopen or a close racing this query cannot slip rows through.
   */
  async publishedTally(matterId: string): Promise<TallyRecord[]> {
    // one pass over the matter's ballots (grouped by option and method), then joined to the
    // options: the matter's rows are read once, not once per option
    const result = await this.database.db.execute(sql`
      with shown as (
        select m.id, m.options, m.voting_method from ${matters} m
        where m.id = ${matterId} and (not m.secret_ballot or m.live_status = 'closed')
      ),
      t as (
        select c.option as vote, b.method, sum(c.count) as n, sum(c.count * b.weight) as w
        from shown s
        join ${ballots} b on b.matter_id = s.id
        cross join lateral ${TALLY_MARKS} c
        group by c.option, b.method
      )
      select
        o.vote as "vote",
        coalesce(sum(t.n) filter (where t.method = 'proxy'), 0)::int as "numProxyVotes",
        coalesce(sum(t.n) filter (where t.method = 'live'), 0)::int as "numLiveVotes",
        coalesce(sum(t.n) filter (where t.method = 'other'), 0)::int as "numOtherVotes",
        round(coalesce(sum(t.w) filter (where t.method = 'proxy'), 0), 6)::text as "numProxyShares",
        round(coalesce(sum(t.w) filter (where t.method = 'live'), 0), 6)::text as "numLiveShares",
        round(coalesce(sum(t.w) filter (where t.method = 'other'), 0), 6)::text as "numOtherShares"
      from shown s
      cross join lateral jsonb_array_elements_text(s.options) with ordinality as o(vote, position)
      left join t on t.vote = o.vote
      group by o.vote, o.position
      order by o.position
    `);
    return rowsOf<TallyRecord>(result);
  }

  /** Whether the matter is a secret ballot now, read from the database (never cached). */
  async isSecretBallot(matterId: string): Promise<boolean | undefined> {
    const [row] = await this.database.db
      .select({ secretBallot: matters.secretBallot })
      .from(matters)
      .where(eq(matters.id, matterId))
      .limit(1);
    return row?.secretBallot;
  }

  /**
   * Who voted (never how), by unit; name and e-mail are null for ballots without a voter.
   * All of them, or one page; `total` counts all of them either way.
   */
  async voters(
    matterId: string,
    page?: { size: number; offset: number },
  ): Promise<{ rows: MatterVoterRow[]; total: number }> {
    if (page) return this.votersPage(matterId, page);
    const rows = await this.database.db
      .select({
        unit: members.unit,
        name: voters.name,
        email: voters.email,
        method: ballots.method,
        castAt: ballots.castAt,
        firstCastAt: ballots.createdAt,
      })
      .from(ballots)
      .innerJoin(members, eq(members.id, ballots.memberId))
      .leftJoin(voters, eq(voters.id, ballots.voterId))
      .where(eq(ballots.matterId, matterId))
      .orderBy(asc(members.unit), asc(ballots.castAt), asc(ballots.id));
    return { rows, total: rows.length };
  }

  /**
   * One page in the same order: the page's members first, walking the meeting's members by
   * unit and probing the (matter, member) key, then only their ballots read; the count from
   * the same key. Joining all of the matter's ballots and sorting them for 100 rows took 28 ms
   * at 9,000 ballots, this 1-8 ms (docs/benchmarks-history.md).
   */
  private async votersPage(
    matterId: string,
    page: { size: number; offset: number },
  ): Promise<{ rows: MatterVoterRow[]; total: number }> {
    const [result, counted] = await Promise.all([
      this.database.db.execute(sql`
        with page as (
          select mb.id, mb.unit from ${members} mb
          where mb.meeting_id = (select meeting_id from ${matters} where id = ${matterId})
            and exists (select 1 from ${ballots} pb where pb.matter_id = ${matterId} and pb.member_id = mb.id)
          order by mb.unit
          limit ${page.size} offset ${page.offset}
        )
        select p.unit, v.name, v.email, b.method, b.cast_at as "castAt", b.created_at as "firstCastAt"
        from page p
        join ${ballots} b on b.matter_id = ${matterId} and b.member_id = p.id
        left join ${voters} v on v.id = b.voter_id
        order by p.unit, b.cast_at, b.id`),
      this.database.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(ballots)
        .where(eq(ballots.matterId, matterId)),
    ]);
    const rows = rowsOf<
      Omit<MatterVoterRow, 'castAt' | 'firstCastAt'> & {
        castAt: string | Date;
        firstCastAt: string | Date;
      }
    >(result).map((row) => ({
      ...row,
      castAt: new Date(row.castAt),
      firstCastAt: new Date(row.firstCastAt),
    }));
    return { rows, total: counted[0]?.n ?? 0 };
  }

  /**
   * One page of the members eligible for the matter with no ballot on it, in natural unit
   * order (2 before 10, as the member list), each with its voters' names, and how many match
   * (the same on every row). Never reads a ballot's choices.
   */
  async notVoted(
    matterId: string,
    query: NotVotedQuery,
  ): Promise<{ rows: Omit<NotVotedRow, 'total'>[]; total: number }> {
    const pattern = query.searchText
      ? `%${escapeLike(query.searchText)}%`
      : null;
    // the unit, voters' names and e-mails in one column with a trigram index (schema.ts)
    const search = pattern ? sql`and mb.search_text ilike ${pattern}` : sql``;
    const result = await this.database.db.execute(sql`
      with page as (
        select mb.id, mb.unit, mb.shares::text as shares, count(*) over ()::int as total
        from ${matters} m
        join ${members} mb on mb.meeting_id = m.meeting_id
        where m.id = ${matterId} and ${ELIGIBLE}
          and not exists (select 1 from ${ballots} b where b.matter_id = m.id and b.member_id = mb.id)
          ${search}
        order by nullif(substring(mb.unit from '^[0-9]+'), '')::numeric asc nulls last, mb.unit, mb.id
        limit ${query.size} offset ${(query.page - 1) * query.size}
      )
      select p.id, p.unit, p.shares, p.total,
        coalesce((select array_agg(v.name order by v.name, v.id) from ${voters} v where v.member_id = p.id), '{}') as names
      from page p
      order by nullif(substring(p.unit from '^[0-9]+'), '')::numeric asc nulls last, p.unit, p.id
    `);
    const rows = rowsOf<NotVotedRow>(result);
    if (rows.length || query.page === 1)
      return { rows, total: rows[0]?.total ?? 0 };
    // past the last page: the count alone
    const [counted] = rowsOf<{ total: number }>(
      await this.database.db.execute(sql`
        select count(*)::int as total
        from ${matters} m
        join ${members} mb on mb.meeting_id = m.meeting_id
        where m.id = ${matterId} and ${ELIGIBLE}
          and not exists (select 1 from ${ballots} b where b.matter_id = m.id and b.member_id = mb.id)
          ${search}`),
    );
    return { rows, total: Number(counted?.total ?? 0) };
  }
}
