import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { ballotMethodSql, eligibleSql, marksFitSql } from '@livevote/rules';
import { Database, rowsOf } from '../database/database';
import { REPLACE_STANDING_SQL } from './ballots.repository';
import type { BallotMethod } from '../database/schema';
import type { CastChange } from '../voting/tally';

// the rules of libs/rules as SQL (test/rules-sql.test.ts holds them to the same cases)
const REPLACE_STANDING = sql.raw(REPLACE_STANDING_SQL);
const ELIGIBLE = sql.raw(eligibleSql({ member: 'mb', matter: 'm' }));
// a holder's ballot is in time by the one deadline rule (libs/rules, ballot-acceptance.ts)
const IN_TIME = sql.raw(
  `${ballotMethodSql({ ballot: 't', matter: 'm', meeting: 'mt' })} is not null`,
);
const DIRECTION_FITS = sql.raw(marksFitSql({ ballot: 'd', matter: 'm' }));
const MARKS_FIT = sql.raw(marksFitSql({ ballot: 'i', matter: 'm' }));
/**
 * The marks of a stored direction `x.direction` (docs/proxies.md: the ballot body of its
 * matter's method, or `choices: null` at the holder's discretion) as a row `(choices, votes)`:
 * an allocation's options and votes in its order, a ranking, or the choices.
 */
const DIRECTION_MARKS = sql.raw(`(
          select case when jsonb_typeof(x.direction -> 'allocations') = 'array'
              then (select coalesce(jsonb_agg(a.value -> 'option' order by a.k), '[]'::jsonb)
                from jsonb_array_elements(x.direction -> 'allocations') with ordinality a(value, k))
            when jsonb_typeof(x.direction -> 'ranking') = 'array' then x.direction -> 'ranking'
            else x.direction -> 'choices' end as choices,
          case when jsonb_typeof(x.direction -> 'allocations') = 'array'
            then (select jsonb_agg(a.value -> 'votes' order by a.k)
              from jsonb_array_elements(x.direction -> 'allocations') with ordinality a(value, k)) end as votes
        )`);
/** The instant and kind the in-time rule judges a holder's ballot by, as a row `t`. */
const holderAt = (now: Date) =>
  sql`(select 'holder'::text as kind, ${now}::timestamptz as received_at) t`;

/** A holder's discretionary vote for one member. */
export interface HolderBallotInput {
  eventId: string;
  receipt: string;
  matterId: string;
  memberId: string;
  proxyId: string;
  /** The marks (libs/rules' `BallotMarks`). */
  choices: string[];
  votes: number[] | null;
}

/** A ballot the statement wrote or removed, as the tally needs it. */
export interface WrittenBallot {
  matterId: string;
  memberId: string;
  /** The receipt of the ballot written; null for one taken back. */
  receipt: string | null;
  change: CastChange;
}

interface ChangeRow {
  matter_id: string;
  member_id: string;
  receipt: string | null;
  method: BallotMethod;
  choices: string[];
  votes: number[] | null;
  weight: string | number;
  prev_method: BallotMethod | null;
  prev_choices: string[] | null;
  prev_votes: number[] | null;
  prev_weight: string | number | null;
}

const changeOf = (row: ChangeRow): WrittenBallot => ({
  matterId: row.matter_id,
  memberId: row.member_id,
  receipt: row.receipt,
  change: {
    method: row.method,
    choices: row.choices,
    votes: row.votes ?? null,
    weight: Number(row.weight),
    prev: row.prev_method
      ? {
          method: row.prev_method,
          choices: row.prev_choices ?? [],
          votes: row.prev_votes ?? null,
          weight: Number(row.prev_weight ?? 0),
        }
      : null,
  },
});

/**
 * The proxy holders' ballots (method `proxy`, with `proxy_id`): written by commands, never on
 * the voters' hot path, and only through BallotIntakeService. Each statement re-checks, inside SQL, that the matter is live, the
 * proxy verified, the member eligible, and that the precedence lets the ballot replace the
 * member's standing one, so a vote racing a member's own live ballot loses as it should.
 */
@Injectable()
export class HolderBallotsRepository {
  constructor(private readonly database: Database) {}

  /**
   * Counts the directed votes of verified proxies on the meeting's live matters (or one of
   * them), or of one proxy: one statement.
   */
  async writeDirected(scope: {
    meetingId: string;
    matterId?: string;
    proxyId?: string;
    now: Date;
  }): Promise<WrittenBallot[]> {
    const { meetingId, now } = scope;
    const candidates = sql`
      m as (
        select m.id, m.meeting_id, m.options, m.choices, m.voting_method, m.eligibility
        from matters m join meetings mt on mt.id = m.meeting_id cross join ${holderAt(now)}
        where m.meeting_id = ${meetingId} and ${IN_TIME}
          ${scope.matterId ? sql`and m.id = ${scope.matterId}` : sql``}
        for share of m
      ),
      cand as materialized (
        select gen_random_uuid() as event_id, ballot_receipt() as receipt, m.id as matter_id, p.member_id, p.id as proxy_id,
          d.choices, d.votes, mb.shares as weight
        from proxies p
        join members mb on mb.id = p.member_id
        join m on m.meeting_id = p.meeting_id
        cross join lateral (
          select e.value as direction from jsonb_array_elements(p.directions) e
          where e.value ->> 'matterKey' = m.id::text limit 1
        ) x
        cross join lateral ${DIRECTION_MARKS} d
        where p.meeting_id = ${meetingId} and p.status = 'verified'
          ${scope.proxyId ? sql`and p.id = ${scope.proxyId}` : sql``}
          and ${ELIGIBLE}
          and ${DIRECTION_FITS}
      )`;
    return this.upsert(candidates, now, null);
  }

  /** Writes a holder's discretionary votes; answers the ballots that changed. */
  async writeDiscretionary(
    inputs: HolderBallotInput[],
    now: Date,
    recordedBy: string | null,
  ): Promise<WrittenBallot[]> {
    if (!inputs.length) return [];
    const payload = JSON.stringify(
      inputs.map((input) => ({
        event_id: input.eventId,
        receipt: input.receipt,
        matter_id: input.matterId,
        member_id: input.memberId,
        proxy_id: input.proxyId,
        choices: input.choices,
        ...(input.votes ? { votes: input.votes } : {}),
      })),
    );
    const candidates = sql`
      cand as materialized (
        select i.event_id, i.receipt, i.matter_id, i.member_id, i.proxy_id, i.choices, i.votes, mb.shares as weight
        from jsonb_to_recordset(${payload}::jsonb)
          as i(event_id uuid, receipt text, matter_id uuid, member_id uuid, proxy_id uuid, choices jsonb, votes jsonb)
        join matters m on m.id = i.matter_id
        join meetings mt on mt.id = m.meeting_id
        join members mb on mb.id = i.member_id and mb.meeting_id = m.meeting_id
        join proxies p on p.id = i.proxy_id and p.member_id = i.member_id and p.status = 'verified'
        cross join ${holderAt(now)}
        where ${IN_TIME}
          and ${ELIGIBLE}
          and ${MARKS_FIT}
        for share of m
      )`;
    return this.upsert(candidates, now, recordedBy);
  }

  /** Takes back a holder's discretionary votes for these proxies on the matter. */
  async withdrawDiscretionary(
    matterId: string,
    proxyIds: string[],
    now: Date,
    recordedBy: string | null,
  ): Promise<WrittenBallot[]> {
    if (!proxyIds.length) return [];
    const result = await this.database.db.execute(sql`
      with gone as (
        delete from ballots b
        where b.matter_id = ${matterId} and b.method = 'proxy'
          and b.proxy_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(proxyIds)}::jsonb))
        returning b.matter_id, b.member_id, b.proxy_id, b.method, b.choices, b.votes, b.weight
      ),
      events as (
        insert into ballot_events (id, matter_id, member_id, voter_id, recorded_by, method, choices, weight,
          idempotency_key, cast_at, proxy_id)
        select gen_random_uuid(), matter_id, member_id, null, ${recordedBy}::uuid, 'proxy', '[]'::jsonb, weight,
          null, ${now}, proxy_id
        from gone
      )
      select matter_id, member_id, method, choices, votes, weight from gone
    `);
    return rowsOf<ChangeRow>(result).map((row) => ({
      matterId: row.matter_id,
      memberId: row.member_id,
      receipt: null,
      change: {
        method: row.method,
        choices: [],
        votes: null,
        weight: 0,
        prev: {
          method: row.method,
          choices: row.choices,
          votes: row.votes ?? null,
          weight: Number(row.weight),
        },
        removed: true,
      },
    }));
  }

  /**
   * Upserts the candidates (a CTE `cand` with event_id, receipt, matter_id, member_id, proxy_id,
   * choices, votes, weight) as the holders' ballots where the precedence allows, skipping those that
   * would change nothing, and appends their events.
   */
  private async upsert(
    candidates: SQL,
    now: Date,
    recordedBy: string | null,
  ): Promise<WrittenBallot[]> {
    // safe to run twice: a second run finds the same ballots standing and writes nothing
    const result = await this.database.idempotent(() =>
      this.database.db.execute(sql`
      with ${candidates},
      upserted as (
        insert into ballots as b (matter_id, member_id, voter_id, method, choices, votes, weight, idempotency_key,
          cast_at, receipt_id, proxy_id, created_at, updated_at)
        select matter_id, member_id, null, 'proxy', choices, votes, weight, null, ${now}, event_id, proxy_id, ${now}, ${now}
        from cand
        ${REPLACE_STANDING}
          -- a holder's vote that changes nothing is not written again
          and not (b.proxy_id is not distinct from excluded.proxy_id and b.choices = excluded.choices
            and b.votes is not distinct from excluded.votes and b.weight = excluded.weight)
        returning b.matter_id, b.member_id, b.receipt_id, b.method, b.choices, b.votes, b.weight, b.prev_method,
          b.prev_choices, b.prev_votes, b.prev_weight
      ),
      events as (
        insert into ballot_events (id, matter_id, member_id, voter_id, recorded_by, method, choices, votes, weight,
          idempotency_key, cast_at, proxy_id, receipt)
        select c.event_id, c.matter_id, c.member_id, null, ${recordedBy}::uuid, 'proxy', c.choices, c.votes, c.weight, null,
          ${now}, c.proxy_id, c.receipt
        from cand c
        where c.event_id = any (array(select receipt_id from upserted))
        returning id, receipt
      )
      select u.matter_id, u.member_id, e.receipt, u.method, u.choices, u.votes, u.weight, u.prev_method,
        u.prev_choices, u.prev_votes, u.prev_weight
      from upserted u left join events e on e.id = u.receipt_id
    `),
    );
    return rowsOf<ChangeRow>(result).map(changeOf);
  }
}
