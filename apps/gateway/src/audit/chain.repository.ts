import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';
import type { StoredLink } from './chain';

const UTC_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * The content of an entry as the chain hashes it (docs/verifiability.md): PostgreSQL's text of
 * a jsonb array of its fields, timestamps in UTC to the microsecond. A ballot event leaves out
 * the voter and the manager it names: deleting them sets those to null. A cumulative ballot's
 * votes follow as an 11th field; other ballots have none, so their content (and every chain
 * sealed before votes existed) is unchanged.
 */
const BALLOT_CONTENT =
  sql.raw(`(jsonb_build_array('ballot', e.id, e.matter_id, e.member_id, e.receipt, e.method,
  e.choices, e.weight::text, to_char(e.cast_at at time zone 'UTC', ${UTC_TEXT}), e.proxy_id)
  || case when e.votes is null then '[]'::jsonb else jsonb_build_array(e.votes) end)::text`);
const AUDIT_CONTENT =
  sql.raw(`jsonb_build_array('audit', a.id, a.meeting_id, a.kind, a.actor, a.client_ip,
  a.subject, a.changes, to_char(a.at at time zone 'UTC', ${UTC_TEXT}))::text`);

export interface PendingKey {
  source: 'ballot' | 'audit';
  id: string;
  at: Date;
}

export interface PendingEntry {
  source: 'ballot' | 'audit';
  id: string;
  content: string;
}

export interface NewLink {
  position: number;
  source: 'ballot' | 'audit';
  sourceId: string;
  digest: string;
  hash: string;
}

/**
 * Unsealed ballot events of a matter `m` stamped since `from`, for a statement that reads
 * matters as `m`. Fenced (`offset 0`, the link's look-up too) so that PostgreSQL reads each
 * matter's (matter, cast_at) index and asks the chain's unique index once an event, whatever
 * its statistics say; the audit entries' look-ups below are fenced likewise. Without
 * statistics on the events (a new database, before autovacuum's ANALYZE) it guessed a third
 * of the table and hashed every event and every link: 66 ms a seal a second after ballots,
 * at 279,000 events (docs/benchmarks-history.md, "A sweep every 30 s").
 */
const unsealedBallotsSince = (from: Date | SQL) => sql`
  select e.id, e.cast_at from ballot_events e
  where e.matter_id = m.id and e.cast_at >= ${from}
    and not exists (select 1 from audit_chain c where c.source_id = e.id offset 0)
  offset 0`;

/** Unsealed entries of a meeting stamped since these times (null: whenever stamped). */
export interface SealWindow {
  ballots: Date | null;
  audit: Date | null;
}

/** {@link ChainRepository.pendingKeys}'s statement. */
export function pendingKeysStatement(
  meetingId: string,
  from: SealWindow,
  limit: number,
): SQL {
  const ballots = from.ballots
    ? sql`
        select 'ballot' as source, e.id, e.cast_at as at
        from matters m cross join lateral (${unsealedBallotsSince(from.ballots)}) e
        where m.meeting_id = ${meetingId}`
    : sql`
        select 'ballot' as source, e.id, e.cast_at as at
        from ballot_events e join matters m on m.id = e.matter_id
        where m.meeting_id = ${meetingId}
          and not exists (select 1 from audit_chain c where c.source_id = e.id)`;
  return sql`
    select source, id, floor(extract(epoch from at) * 1000)::float8 as at_ms from (
      ${ballots}
      union all
      select 'audit', a.id, a.at
      from audit_entries a
      where a.meeting_id = ${meetingId}
        ${from.audit ? sql`and a.at >= ${from.audit}` : sql``}
        and not exists (select 1 from audit_chain c where c.source_id = a.id offset 0)
    ) p
    order by at, source, id
    limit ${limit}`;
}

/**
 * Where the sweep looks for unsealed ballot events: from `from`, or for the meetings in
 * `byMeeting` from their own (later) time.
 */
export interface BallotsWindow {
  from: Date;
  byMeeting: ReadonlyMap<string, Date>;
}

/** {@link ChainRepository.meetingsToSeal}'s statement. */
export function meetingsToSealStatement(
  since: Date,
  ballots: BallotsWindow | null,
  limit: number,
): SQL {
  const byMeeting = JSON.stringify(
    Object.fromEntries(
      [...(ballots?.byMeeting ?? [])].map(([id, at]) => [id, at.toISOString()]),
    ),
  );
  const unsealed = ballots
    ? unsealedBallotsSince(
        sql`coalesce((${byMeeting}::jsonb ->> m.meeting_id::text)::timestamptz, ${ballots.from})`,
      )
    : sql`
        select 1 from ballot_events e where e.matter_id = m.id
          and not exists (select 1 from audit_chain c where c.source_id = e.id)`;
  return sql`
    select distinct meeting_id from (
      select m.meeting_id from matters m
      where (m.live_status = 'live' or m.live_closed_at >= ${since} or m.updated_at >= ${since})
        and exists (${unsealed})
      union all
      select a.meeting_id from audit_entries a
      where a.at >= ${since}
        and not exists (select 1 from audit_chain c where c.source_id = a.id offset 0)
    ) t
    limit ${limit}`;
}

/** The hash chain's SQL: what is still to seal, the links, and the entries' content. */
@Injectable()
export class ChainRepository {
  constructor(private readonly database: Database) {}

  /** Serialises sealers of one meeting, on every node, until the transaction ends. */
  async lockMeeting(meetingId: string): Promise<void> {
    await this.database.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`audit_chain:${meetingId}`}, 0))`,
    );
  }

  async head(
    meetingId: string,
  ): Promise<{ position: number; hash: string } | null> {
    const [row] = rowsOf<{ position: number; hash: string }>(
      await this.database.db.execute(sql`
        select position, hash from audit_chain where meeting_id = ${meetingId}
        order by position desc limit 1`),
    );
    return row ? { position: Number(row.position), hash: row.hash } : null;
  }

  /**
   * The keys of the meeting's entries not yet in its chain, oldest first: all of them, or
   * (with a time in `from`) those of its kind stamped at or after it, which the matter index
   * finds without reading the rest of the meeting.
   */
  async pendingKeys(
    meetingId: string,
    from: SealWindow,
    limit: number,
  ): Promise<PendingKey[]> {
    const result = await this.database.db.execute(
      pendingKeysStatement(meetingId, from, limit),
    );
    // to the millisecond, rounded down: as a lower bound it still takes in the entry itself
    return rowsOf<{ source: PendingKey['source']; id: string; at_ms: number }>(
      result,
    ).map((row) => ({
      source: row.source,
      id: row.id,
      at: new Date(Number(row.at_ms)),
    }));
  }

  /** The content of those of `keys` still not in the chain, oldest first. */
  async pendingEntries(
    meetingId: string,
    keys: PendingKey[],
  ): Promise<PendingEntry[]> {
    const ids = (source: PendingKey['source']) =>
      JSON.stringify(
        keys.filter((key) => key.source === source).map((key) => key.id),
      );
    const result = await this.database.db.execute(sql`
      select source, id, content from (
        select 'ballot' as source, e.id, e.cast_at as at, ${BALLOT_CONTENT} as content
        from ballot_events e join matters m on m.id = e.matter_id
        where e.id in (select value::uuid from jsonb_array_elements_text(${ids('ballot')}::jsonb))
          and m.meeting_id = ${meetingId}
          and not exists (select 1 from audit_chain c where c.source_id = e.id)
        union all
        select 'audit', a.id, a.at, ${AUDIT_CONTENT}
        from audit_entries a
        where a.id in (select value::uuid from jsonb_array_elements_text(${ids('audit')}::jsonb))
          and a.meeting_id = ${meetingId}
          and not exists (select 1 from audit_chain c where c.source_id = a.id)
      ) p
      order by at, source, id`);
    return rowsOf<PendingEntry>(result);
  }

  async append(meetingId: string, links: NewLink[], now: Date): Promise<void> {
    if (!links.length) return;
    const payload = JSON.stringify(
      links.map((link) => ({
        position: link.position,
        source: link.source,
        source_id: link.sourceId,
        digest: link.digest,
        hash: link.hash,
      })),
    );
    await this.database.db.execute(sql`
      insert into audit_chain (meeting_id, position, source, source_id, digest, hash, sealed_at)
      select ${meetingId}, position, source, source_id, digest, hash, ${now}
      from jsonb_to_recordset(${payload}::jsonb)
        as t(position int, source text, source_id uuid, digest text, hash text)`);
  }

  /** Links after a position, in order, each with its entry's content as it reads now. */
  async links(
    meetingId: string,
    after: number,
    limit: number,
  ): Promise<StoredLink[]> {
    const result = await this.database.db.execute(sql`
      select c.position, c.source, c.source_id, c.digest, c.hash,
        case c.source
          when 'ballot' then (select ${BALLOT_CONTENT} from ballot_events e where e.id = c.source_id)
          else (select ${AUDIT_CONTENT} from audit_entries a where a.id = c.source_id)
        end as content
      from audit_chain c
      where c.meeting_id = ${meetingId} and c.position > ${after}
      order by c.position
      limit ${limit}`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      position: Number(row.position),
      source: row.source as 'ballot' | 'audit',
      sourceId: row.source_id as string,
      digest: row.digest as string,
      hash: row.hash as string,
      content: (row.content as string | null) ?? null,
    }));
  }

  /** How many entries of the meeting are not yet in its chain. */
  async unsealed(meetingId: string): Promise<number> {
    const [row] = rowsOf<{ count: string | number }>(
      await this.database.db.execute(sql`
        select (
          select count(*) from ballot_events e join matters m on m.id = e.matter_id
          where m.meeting_id = ${meetingId}
            and not exists (select 1 from audit_chain c where c.source_id = e.id)
        ) + (
          select count(*) from audit_entries a
          where a.meeting_id = ${meetingId}
            and not exists (select 1 from audit_chain c where c.source_id = a.id)
        ) as count`),
    );
    return Number(row?.count ?? 0);
  }

  /**
   * Meetings with entries still to seal among those active since `since` (a live or lately
   * closed matter, or a recent audit entry): the sweep's work list. Ballot events are looked
   * for among all of those matters', or (with `ballots`) among those stamped since then.
   */
  async meetingsToSeal(
    since: Date,
    ballots: BallotsWindow | null,
    limit: number,
  ): Promise<string[]> {
    const result = await this.database.db.execute(
      meetingsToSealStatement(since, ballots, limit),
    );
    return rowsOf<{ meeting_id: string }>(result).map((row) => row.meeting_id);
  }

  /** The chain heads stored with the meeting's current results, by matter. */
  async resultHeads(
    meetingId: string,
  ): Promise<{ matterId: string; position: number; hash: string }[]> {
    const result = await this.database.db.execute(sql`
      select id, result -> 'chainHead' as head from matters
      where meeting_id = ${meetingId} and live_status = 'closed'
        and result_generation = live_generation and result ? 'chainHead'
        and jsonb_typeof(result -> 'chainHead') = 'object'`);
    return rowsOf<{ id: string; head: { position: number; hash: string } }>(
      result,
    ).map((row) => ({
      matterId: row.id,
      position: Number(row.head.position),
      hash: String(row.head.hash),
    }));
  }
}
