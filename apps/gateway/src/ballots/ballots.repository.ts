import { Injectable } from '@nestjs/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ballotMethodSql,
  eligibleSql,
  marksFitSql,
  mayReplaceSql,
  type EarlyVotingTimes,
  type LiveStatus,
  type MarkedMatter,
  type TimedMatter,
  type VotingMethod,
} from '@livevote/rules';
import { Database, rowsOf } from '../database/database';
import {
  ballotEvents,
  ballots,
  matters,
  members,
  testBallotEvents,
  testBallots,
  type BallotMethod,
} from '../database/schema';

// the rules of libs/rules, as SQL over this file's aliases (test/rules-sql.test.ts holds them to the same cases)
const ELIGIBLE_SQL = eligibleSql({ member: 'mb', matter: 'm' });
// whether the ballot is in time, and as which method (libs/rules, ballot-acceptance.ts)
const METHOD_SQL = ballotMethodSql({ ballot: 'i', matter: 'm', meeting: 'mt' });
// whether the marks fit the matter's voting method (libs/rules, voting-methods.ts)
const MARKS_FIT_SQL = marksFitSql({ ballot: 'i', matter: 'm' });
// which ballot replaces a member's standing one (docs/proxies.md, "Precedence")
const MAY_REPLACE_SQL = mayReplaceSql({ incoming: 'excluded', standing: 'b' });
/**
 * How every ballot statement of this folder writes over a member's standing ballot (`b`, the
 * incoming one `excluded`): only where the precedence lets it, keeping what it replaced for
 * the tally's change.
 */
export const REPLACE_STANDING_SQL = `on conflict (matter_id, member_id) do update set
          voter_id = excluded.voter_id, method = excluded.method, choices = excluded.choices,
          votes = excluded.votes, weight = excluded.weight, idempotency_key = excluded.idempotency_key, cast_at = excluded.cast_at,
          receipt_id = excluded.receipt_id, updated_at = excluded.updated_at,
          proxy_id = excluded.proxy_id,
          prev_method = b.method, prev_choices = b.choices, prev_votes = b.votes, prev_weight = b.weight
        where ${MAY_REPLACE_SQL}`;
const ELIGIBLE = sql.raw(ELIGIBLE_SQL);
const MARKS_FIT = sql.raw(MARKS_FIT_SQL);

/**
 * The batch statement of BallotsRepository.castBatch, composed once and prepared once a
 * connection (Database.executeBatch): only its payload is bound per batch (composing the
 * whole template was drizzle work on every batch). An accepted row returns neither its
 * choices nor its cast time: the statement wrote both from its input.
 */
const CAST_BATCH_TEMPLATE = `      with input as (
        select * from jsonb_to_recordset($PAYLOAD::jsonb) as t(
          ord int, event_id uuid, receipt text, matter_id uuid, member_id uuid, voter_id uuid, recorded_by uuid,
          kind text, choices jsonb, votes jsonb, idem_key text, received_at timestamptz)
      ),
      -- Each look-up a probe per input row, by one index only: the plan is kept for the
      -- connection, made while the events were few (docs/decisions.md, "The ballot batches
      -- have connections of their own"). Offset 0 keeps a lateral from being flattened into
      -- a join (a hash join read the whole table each batch); the matter is compared as
      -- "is true", which no index serves, so the key's probe cannot become a walk through
      -- the matter's index (every event of the matter, each row).
      replay as (
        select i.ord, e.id, e.cast_at, e.receipt, true as rewritten from input i
        cross join lateral (select e.id, e.cast_at, e.receipt from ballot_events e
          where e.id = i.event_id offset 0) e
        union all
        select i.ord, e.id, e.cast_at, e.receipt, false from input i
        cross join lateral (select e.id, e.cast_at, e.receipt from ballot_events e
          where e.member_id = i.member_id and e.idempotency_key = i.idem_key
            and (e.matter_id = i.matter_id) is true and e.id <> i.event_id offset 0) e
      ),
      cand as (
        select i.*, mb.shares as weight, ${METHOD_SQL} as method
        from input i
        join matters m on m.id = i.matter_id
        join meetings mt on mt.id = m.meeting_id
        join members mb on mb.id = i.member_id and mb.meeting_id = m.meeting_id
        where not exists (select 1 from replay r where r.ord = i.ord)
          and ${ELIGIBLE_SQL}
          and ${MARKS_FIT_SQL}
          -- a voter made a test voter since its token was issued casts nothing that counts
          -- (docs/test-voters.md): its ballot is refused as the voter's who was removed
          and (i.voter_id is null
            or exists (select 1 from voters v where v.id = i.voter_id and v.member_id = i.member_id
              and not v.is_test_voter))
          and (i.recorded_by is null or exists (select 1 from users u where u.id = i.recorded_by))
        for share of m
      ),
      upserted as (
        insert into ballots as b (matter_id, member_id, voter_id, method, choices, votes, weight, idempotency_key,
          cast_at, receipt_id, created_at, updated_at)
        select matter_id, member_id, voter_id, method, choices, votes, weight, idem_key,
          received_at, event_id, received_at, received_at
        from cand where method is not null
        ${REPLACE_STANDING_SQL}
        returning b.receipt_id, b.method, b.weight, b.prev_method, b.prev_choices, b.prev_votes, b.prev_weight
      ),
      events as (
        insert into ballot_events (id, matter_id, member_id, voter_id, recorded_by, method, choices, votes, weight,
          idempotency_key, cast_at, receipt)
        select c.event_id, c.matter_id, c.member_id, c.voter_id, c.recorded_by, c.method, c.choices, c.votes, c.weight,
          c.idem_key, c.received_at, c.receipt
        from cand c
        -- not a join: with the planner's one-row guess for CTEs a join became a nested loop, O(batch^2)
        where c.event_id = any (array(select receipt_id from upserted))
        on conflict do nothing
        returning id
      )
      select 'accepted' as kind, null::int as ord, u.receipt_id as ballot_id, null as cast_at, null as receipt,
        u.method, u.weight, u.prev_method, u.prev_choices, u.prev_votes, u.prev_weight
      from upserted u
      union all
      select case when r.rewritten then 'rewritten' else 'replayed' end, r.ord, r.id, r.cast_at, r.receipt,
        null, null, null, null, null, null
      from replay r
`;
const [CAST_BATCH_HEAD, CAST_BATCH_TAIL] = CAST_BATCH_TEMPLATE.split(
  '$PAYLOAD',
).map((part) => sql.raw(part));
/** The batch statement as PostgreSQL prepares it, its payload `$1` (test/database.test.ts plans it). */
export const CAST_BATCH_STATEMENT = CAST_BATCH_TEMPLATE.replace(
  '$PAYLOAD',
  '$1',
);

/**
 * The test voters' statement (docs/test-voters.md): the batch statement's judgement (time,
 * eligibility, marks, the voter still a test voter of the member, which ballot replaces the
 * standing one), written to `test_ballots` and `test_ballot_events`. Its rows read as the batch
 * statement's: an accepted one names its event; no previous ballot, as no tally takes them.
 */
const CAST_TEST_TEMPLATE = `      with input as (
        select * from jsonb_to_recordset($PAYLOAD::jsonb) as t(
          ord int, event_id uuid, receipt text, matter_id uuid, member_id uuid, voter_id uuid,
          kind text, choices jsonb, votes jsonb, idem_key text, received_at timestamptz)
      ),
      replay as (
        select i.ord, e.id, e.cast_at, e.receipt, true as rewritten from input i
        join test_ballot_events e on e.id = i.event_id
        union all
        select i.ord, e.id, e.cast_at, e.receipt, false from input i
        join test_ballot_events e on e.voter_id = i.voter_id and e.idempotency_key = i.idem_key
          and e.matter_id = i.matter_id and e.id <> i.event_id
      ),
      cand as (
        select i.*, mb.shares as weight, ${METHOD_SQL} as method
        from input i
        join matters m on m.id = i.matter_id
        join meetings mt on mt.id = m.meeting_id
        join members mb on mb.id = i.member_id and mb.meeting_id = m.meeting_id
        where not exists (select 1 from replay r where r.ord = i.ord)
          and ${ELIGIBLE_SQL}
          and ${MARKS_FIT_SQL}
          and exists (select 1 from voters v
            where v.id = i.voter_id and v.member_id = i.member_id and v.is_test_voter)
        for share of m
      ),
      upserted as (
        insert into test_ballots as b (matter_id, voter_id, member_id, method, choices, votes, weight,
          idempotency_key, cast_at, receipt_id, created_at, updated_at)
        select matter_id, voter_id, member_id, method, choices, votes, weight, idem_key,
          received_at, event_id, received_at, received_at
        from cand where method is not null
        on conflict (matter_id, voter_id) do update set
          method = excluded.method, choices = excluded.choices, votes = excluded.votes,
          weight = excluded.weight, idempotency_key = excluded.idempotency_key,
          cast_at = excluded.cast_at, receipt_id = excluded.receipt_id, updated_at = excluded.updated_at
        where ${MAY_REPLACE_SQL}
        returning b.receipt_id, b.method, b.weight
      ),
      events as (
        insert into test_ballot_events (id, matter_id, voter_id, member_id, method, choices, votes, weight,
          idempotency_key, cast_at, receipt)
        select c.event_id, c.matter_id, c.voter_id, c.member_id, c.method, c.choices, c.votes, c.weight,
          c.idem_key, c.received_at, c.receipt
        from cand c
        where c.event_id = any (array(select receipt_id from upserted))
        on conflict do nothing
        returning id
      )
      select 'accepted' as kind, null::int as ord, u.receipt_id as ballot_id, null as cast_at, null as receipt,
        u.method, u.weight, null as prev_method, null::jsonb as prev_choices, null::jsonb as prev_votes,
        null::numeric as prev_weight
      from upserted u
      union all
      select case when r.rewritten then 'rewritten' else 'replayed' end, r.ord, r.id, r.cast_at, r.receipt,
        null, null, null, null, null, null
      from replay r
`;
const [CAST_TEST_HEAD, CAST_TEST_TAIL] = CAST_TEST_TEMPLATE.split(
  '$PAYLOAD',
).map((part) => sql.raw(part));

/** Whose ballots a voter reads as its own: its member's, or a test voter's own. */
export interface BallotOwner {
  voterId: string;
  memberId: string;
  isTest: boolean;
}

/** What a ballot asks for; the database decides whether it is live, early (proxy) or refused. */
export interface BallotInput {
  eventId: string;
  /** The receipt code of this cast; a replay answers the receipt of the cast it repeats. */
  receipt: string;
  matterId: string;
  memberId: string;
  voterId: string | null;
  recordedBy: string | null;
  /**
   * `voter` for a voter's own ballot; a manager records `proxy` or `other`; `floor` is a clerk's
   * floor ballot (docs/hybrid-meetings.md): method `other`, only while the matter is live.
   */
  kind: 'voter' | 'proxy' | 'other' | 'floor';
  /** The marks (libs/rules' `BallotMarks`): the options in ballot order, and a cumulative ballot's votes. */
  choices: string[];
  votes: number[] | null;
  idempotencyKey: string | null;
  receivedAt: Date;
  /**
   * A test voter's own ballot (`kind` voter): written to `test_ballots` and
   * `test_ballot_events` by a statement of its own, counted nowhere (docs/test-voters.md).
   * Left out: a ballot that counts.
   */
  test?: boolean;
}

export type BatchOutcome =
  | {
      status: 'accepted';
      ballotId: string;
      castAt: Date;
      receipt: string;
      method: BallotMethod;
      choices: string[];
      votes: number[] | null;
      weight: number;
      prev: {
        method: BallotMethod;
        choices: string[];
        votes: number[] | null;
        weight: number;
      } | null;
    }
  | {
      status: 'replayed';
      ballotId: string;
      castAt: Date;
      receipt: string;
      /** This very cast was already written (an earlier attempt of the statement committed). */
      rewritten: boolean;
    }
  | { status: 'refused' };

interface OutcomeRow {
  kind: 'accepted' | 'replayed' | 'rewritten';
  /** Set for replays; an accepted row is matched to its input by ballot_id. */
  ord: number | null;
  ballot_id: string;
  /** Set for replays: an accepted cast's time is its input's receive time. */
  cast_at: string | Date | null;
  receipt: string | null;
  method: BallotMethod | null;
  weight: string | number | null;
  prev_method: BallotMethod | null;
  prev_choices: string[] | null;
  prev_votes: number[] | null;
  prev_weight: string | number | null;
}

/** Why a refused ballot was refused: the state it met, read after the batch. */
export interface RefusalFacts {
  ord: number;
  /** The matter's state; all null when the matter is gone. */
  matter: TimedMatter | null;
  meeting: EarlyVotingTimes | null;
  memberFound: boolean;
  /** The voter who cast it still exists and belongs to the member (true for manager ballots). */
  voterFound: boolean;
  /** The manager who recorded it still exists (true for voters' ballots). */
  recorderFound: boolean;
  eligible: boolean;
  validChoices: boolean;
  /** What the marks were checked against, to tell which problem they have. */
  marked: MarkedMatter | null;
  existingMethod: BallotMethod | null;
  revocationsClosedAt: Date | null;
}

const toDate = (value: string | Date | null): Date | null =>
  value === null ? null : new Date(value);

/**
 * One statement per batch (group commit): decides each ballot's method from the matter's
 * state at its receive time, checks eligibility, choices and that the member, voter and
 * recording manager still exist (so a foreign key cannot fail the whole batch), skips
 * idempotent replays, upserts the current ballot with the replacement rules, and appends the
 * audit event. The matter rows are share-locked, so a concurrent start/stop/extend orders
 * cleanly. Running the same inputs again is harmless: a cast whose event (same event id)
 * is already written comes back as a replay, so the statement may be retried after a lost
 * connection (see docs/security.md, "The ballot path").
 */
@Injectable()
export class BallotsRepository {
  constructor(private readonly database: Database) {}

  /**
   * The batch's ballots that count by the batch statement; a test voter's, rare, by the test
   * statement, only in a batch that holds one (docs/test-voters.md).
   */
  async castBatch(inputs: BallotInput[]): Promise<BatchOutcome[]> {
    if (!inputs.some((input) => input.test)) return this.castCounted(inputs);
    const counted = inputs.filter((input) => !input.test);
    const tests = inputs.filter((input) => input.test);
    // the test ones first: should the batch statement fail after them, nothing that counts
    // was written unanswered (its tally change would be lost), only test ballots, whose
    // retry is answered as a replay
    const testOutcomes = await this.castTest(tests);
    const countedOutcomes = counted.length
      ? await this.castCounted(counted)
      : [];
    let c = 0;
    let t = 0;
    return inputs.map((input) =>
      input.test ? testOutcomes[t++] : countedOutcomes[c++],
    );
  }

  private castCounted(inputs: BallotInput[]): Promise<BatchOutcome[]> {
    return this.cast('cast_batch', CAST_BATCH_HEAD, CAST_BATCH_TAIL, inputs);
  }

  /**
   * Test voters' ballots, in one statement judged by the same rules as the batch statement
   * (time, eligibility, marks, replacement), written apart: `test_ballots` holds one a matter
   * and test voter, so a test ballot never meets a member's standing ballot. Safe to run twice
   * as the batch statement is.
   */
  private castTest(inputs: BallotInput[]): Promise<BatchOutcome[]> {
    return this.cast('cast_test_batch', CAST_TEST_HEAD, CAST_TEST_TAIL, inputs);
  }

  /**
   * Runs a batch statement (prepared once a connection under `name`) over the inputs as its
   * payload; the test statement's recordset leaves out the columns it has none of.
   */
  private async cast(
    name: string,
    head: SQL,
    tail: SQL,
    inputs: BallotInput[],
  ): Promise<BatchOutcome[]> {
    const payload = JSON.stringify(
      inputs.map((input, ord) => ({
        ord,
        event_id: input.eventId,
        receipt: input.receipt,
        matter_id: input.matterId,
        member_id: input.memberId,
        voter_id: input.voterId,
        recorded_by: input.recordedBy,
        kind: input.kind,
        choices: input.choices,
        // absent, not JSON null: the column stays SQL null for other methods
        ...(input.votes ? { votes: input.votes } : {}),
        idem_key: input.idempotencyKey,
        received_at: input.receivedAt.toISOString(),
      })),
    );
    // safe to run twice (see above): retried once if its connection is lost
    const result = await this.database.idempotent(() =>
      this.database.executeBatch(name, sql`${head}${payload}${tail}`),
    );
    return outcomesOf(inputs, rowsOf<OutcomeRow>(result));
  }

  /** The state each refused ballot met, to tell its sender why. */
  async refusalFacts(
    inputs: { ord: number; input: BallotInput }[],
  ): Promise<RefusalFacts[]> {
    const payload = JSON.stringify(
      inputs.map(({ ord, input }) => ({
        ord,
        matter_id: input.matterId,
        member_id: input.memberId,
        voter_id: input.voterId,
        recorded_by: input.recordedBy,
        choices: input.choices,
        ...(input.votes ? { votes: input.votes } : {}),
        test: input.test ?? false,
      })),
    );
    const result = await this.database.db.execute(sql`
      select i.ord, m.live_status, m.live_ends_at, m.allow_proxy_vote, mt.meeting_date, mt.expiry_date,
        mb.id is not null as member_found,
        i.voter_id is null or exists (select 1 from voters v where v.id = i.voter_id and v.member_id = i.member_id
          and v.is_test_voter = i.test) as voter_found,
        i.recorded_by is null or exists (select 1 from users u where u.id = i.recorded_by) as recorder_found,
        coalesce(${ELIGIBLE}, false) as eligible,
        coalesce(${MARKS_FIT}, false) as valid_choices,
        case when i.test then tb.method else b.method end as existing_method, mt.portal_revocations_closed_at,
        m.options, m.choices as matter_choices, m.voting_method
      from jsonb_to_recordset(${payload}::jsonb)
        as i(ord int, matter_id uuid, member_id uuid, voter_id uuid, recorded_by uuid, choices jsonb, votes jsonb,
          test boolean)
      left join matters m on m.id = i.matter_id
      left join meetings mt on mt.id = m.meeting_id
      left join members mb on mb.id = i.member_id and mb.meeting_id = m.meeting_id
      left join ballots b on b.matter_id = i.matter_id and b.member_id = i.member_id
      left join test_ballots tb on tb.matter_id = i.matter_id and tb.voter_id = i.voter_id
    `);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      ord: Number(row.ord),
      matter: row.live_status
        ? {
            liveStatus: row.live_status as LiveStatus,
            liveEndsAt: toDate(row.live_ends_at as string | null),
            allowProxyVote: Boolean(row.allow_proxy_vote),
          }
        : null,
      meeting: row.meeting_date
        ? {
            meetingDate: toDate(row.meeting_date as string)!,
            expiryDate: toDate(row.expiry_date as string | null),
          }
        : null,
      memberFound: Boolean(row.member_found),
      voterFound: Boolean(row.voter_found),
      recorderFound: Boolean(row.recorder_found),
      eligible: Boolean(row.eligible),
      validChoices: Boolean(row.valid_choices),
      marked: row.voting_method
        ? {
            options: row.options as string[],
            choices: Number(row.matter_choices),
            votingMethod: row.voting_method as VotingMethod,
          }
        : null,
      existingMethod: (row.existing_method as BallotMethod) ?? null,
      revocationsClosedAt: toDate(
        row.portal_revocations_closed_at as string | null,
      ),
    }));
  }

  async memberInMeeting(meetingId: string, memberId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.meetingId, meetingId)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * The voter's standing ballot on the matter (its member's; a test voter's own,
   * docs/test-voters.md), with the receipt of the cast that made it and the matter's voting
   * method (how its marks read).
   */
  async ownBallot(matterId: string, voter: BallotOwner) {
    const [row] = await this.ownRows(voter, matterId);
    return row;
  }

  /** The voter's ballots (as ownBallot) on every matter it has one on. */
  ownBallots(voter: BallotOwner) {
    return this.ownRows(voter);
  }

  private async ownRows(voter: BallotOwner, matterId?: string) {
    const rows = voter.isTest
      ? await this.database.db
          .select({
            ballot: testBallots,
            receipt: testBallotEvents.receipt,
            votingMethod: matters.votingMethod,
          })
          .from(testBallots)
          .innerJoin(matters, eq(matters.id, testBallots.matterId))
          .leftJoin(
            testBallotEvents,
            eq(testBallotEvents.id, testBallots.receiptId),
          )
          .where(
            and(
              eq(testBallots.voterId, voter.voterId),
              matterId ? eq(testBallots.matterId, matterId) : undefined,
            ),
          )
      : await this.database.db
          .select({
            ballot: ballots,
            receipt: ballotEvents.receipt,
            votingMethod: matters.votingMethod,
          })
          .from(ballots)
          .innerJoin(matters, eq(matters.id, ballots.matterId))
          .leftJoin(ballotEvents, eq(ballotEvents.id, ballots.receiptId))
          .where(
            and(
              eq(ballots.memberId, voter.memberId),
              matterId ? eq(ballots.matterId, matterId) : undefined,
            ),
          );
    return rows.map((row) => ({
      ...row.ballot,
      receipt: row.receipt,
      votingMethod: row.votingMethod,
    }));
  }
}

/** Each input's outcome from the rows a batch statement returned (accepted, replayed, or refused when absent). */
function outcomesOf(inputs: BallotInput[], rows: OutcomeRow[]): BatchOutcome[] {
  const outcomes: BatchOutcome[] = inputs.map(() => ({ status: 'refused' }));
  // an accepted ballot's receipt is the event id its input was given
  const ordOf = new Map(inputs.map((input, ord) => [input.eventId, ord]));
  for (const row of rows) {
    const ord = row.ord ?? ordOf.get(row.ballot_id)!;
    outcomes[ord] =
      row.kind !== 'accepted'
        ? {
            status: 'replayed',
            ballotId: row.ballot_id,
            castAt: new Date(row.cast_at!),
            // every accepted cast has one (the receipts migration gave the earlier ones theirs)
            receipt: row.receipt ?? '',
            rewritten: row.kind === 'rewritten',
          }
        : {
            status: 'accepted',
            ballotId: row.ballot_id,
            // written as the input's receive time and choices (cast_at = received_at)
            castAt: inputs[ord].receivedAt,
            receipt: inputs[ord].receipt,
            method: row.method!,
            choices: inputs[ord].choices,
            votes: inputs[ord].votes,
            weight: Number(row.weight),
            prev: row.prev_method
              ? {
                  method: row.prev_method,
                  choices: row.prev_choices ?? [],
                  votes: row.prev_votes ?? null,
                  weight: Number(row.prev_weight ?? 0),
                }
              : null,
          };
  }
  return outcomes;
}
