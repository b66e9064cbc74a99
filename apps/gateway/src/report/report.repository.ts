import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type {
  AttendanceEntry,
  ProxyRegisterEntry,
  ReportQuestion,
} from '@livevote/contracts';
import { presentBySql } from '@livevote/rules';
import { Database, rowsOf } from '../database/database';

/** Where the caller's test of "online" goes in the rule's fragment. */
const ONLINE_SLOT = '(true /* online */)';

// how each member is present (libs/rules presence.ts), around the online test
const [PRESENT_BY_HEAD, PRESENT_BY_TAIL] = presentBySql(
  { member: 'mb', meeting: 'mt' },
  ONLINE_SLOT,
)
  .split(ONLINE_SLOT)
  .map((part) => sql.raw(part));

export interface MethodTurnout {
  method: 'proxy' | 'live' | 'other';
  votes: number;
  shares: string;
}

/** What the results report reads besides matters and their recounts. */
@Injectable()
export class ReportRepository {
  constructor(private readonly database: Database) {}

  async accountName(accountId: string): Promise<string> {
    const result = await this.database.db.execute(
      sql`select name from accounts where id = ${accountId}`,
    );
    return rowsOf<{ name: string }>(result)[0]?.name ?? '';
  }

  /** The meeting's chair (its contact's name) and its named scrutineers' names. */
  async officers(
    meetingId: string,
  ): Promise<{ chair: string | null; scrutineers: string[] }> {
    const result = await this.database.db.execute(sql`
      select nullif(trim(coalesce(m.contact->>'name', '')), '') as chair,
        coalesce((
          select json_agg(coalesce(nullif(u.name, ''), u.email) order by coalesce(nullif(u.name, ''), u.email))
          from users u where u.id::text in (select jsonb_array_elements_text(m.scrutineers))
        ), '[]'::json) as scrutineers
      from meetings m where m.id = ${meetingId}
    `);
    const row = rowsOf<{ chair: string | null; scrutineers: string[] }>(
      result,
    )[0];
    return { chair: row?.chair ?? null, scrutineers: row?.scrutineers ?? [] };
  }

  /**
   * Every unit and how it attended, by the meeting's one rule of presence (libs/rules
   * presence.ts, docs/presence.md), as the quorum and the close snapshot count it: `online` is
   * the members with a voter connected now. Units sorted in the worker.
   */
  async attendance(
    meetingId: string,
    online: readonly string[] = [],
  ): Promise<AttendanceEntry[]> {
    const result = await this.database.db.execute(sql`
      with owners as (
        select member_id, json_agg(name order by name) as names
        from voters where meeting_id = ${meetingId} and not is_test_voter group by member_id
      ), standing as (
        select member_id, holder_name from proxies
        where meeting_id = ${meetingId} and status = 'verified'
      )
      select mb.unit, mb.shares::float8 as shares, mb.eligible,
        coalesce(o.names, '[]'::json) as owners,
        coalesce(${PRESENT_BY_HEAD}mb.id in (select unnest(${this.database.uuidArray(online)}))${PRESENT_BY_TAIL}, 'absent') as presence,
        p.holder_name as proxy_holder
      from members mb
      join meetings mt on mt.id = mb.meeting_id
      left join owners o on o.member_id = mb.id
      left join standing p on p.member_id = mb.id
      where mb.meeting_id = ${meetingId}
    `);
    return rowsOf<{
      unit: string;
      shares: number;
      eligible: boolean;
      owners: string[];
      presence: AttendanceEntry['presence'];
      proxy_holder: string | null;
    }>(result).map((row) => ({
      unit: row.unit,
      owners: row.owners,
      shares: Number(row.shares),
      eligible: row.eligible,
      presence: row.presence,
      proxyHolder: row.presence === 'proxy' ? row.proxy_holder : null,
    }));
  }

  /** The proxies given for the meeting, standing or revoked (not rejected or withdrawn). */
  async proxies(meetingId: string): Promise<ProxyRegisterEntry[]> {
    const result = await this.database.db.execute(sql`
      select mb.unit, p.holder_name as holder, p.source, p.status,
        exists (
          select 1 from jsonb_array_elements(p.directions) d
          where jsonb_typeof(d->'choices') = 'array' or d ? 'allocations' or d ? 'ranking'
        ) as directed,
        p.submitted_at, p.verified_at, p.revoked_at,
        coalesce(nullif(u.name, ''), u.email) as verified_by
      from proxies p join members mb on mb.id = p.member_id
      left join users u on u.id = p.verified_by
      where p.meeting_id = ${meetingId}
        and p.status in ('submitted', 'verified', 'revoked')
    `);
    const iso = (value: Date | string | null) =>
      value === null ? null : new Date(value).toISOString();
    return rowsOf<{
      unit: string;
      holder: string;
      source: ProxyRegisterEntry['source'];
      status: ProxyRegisterEntry['status'];
      directed: boolean;
      submitted_at: Date | string;
      verified_at: Date | string | null;
      revoked_at: Date | string | null;
      verified_by: string | null;
    }>(result).map((row) => ({
      unit: row.unit,
      holder: row.holder,
      directed: row.directed,
      source: row.source,
      status: row.status,
      submittedAt: iso(row.submitted_at)!,
      verifiedBy: row.verified_by,
      verifiedAt: iso(row.verified_at),
      revokedAt: iso(row.revoked_at),
    }));
  }

  /** The questions approved or answered, in the order they were asked; not test voters'. */
  async questions(meetingId: string): Promise<ReportQuestion[]> {
    const result = await this.database.db.execute(sql`
      select category, voter_name, asked_at, text, reply from questions q
      where meeting_id = ${meetingId} and status in ('approved', 'answered')
        -- a rehearsal's questions are not the meeting's record (docs/test-voters.md)
        and not exists (select 1 from voters v where v.id = q.voter_id and v.is_test_voter)
      order by asked_at, id
    `);
    return rowsOf<{
      category: string;
      voter_name: string;
      asked_at: Date | string;
      text: string;
      reply: string | null;
    }>(result).map((row) => ({
      category: row.category,
      askedBy: row.voter_name,
      askedAt: new Date(row.asked_at).toISOString(),
      text: row.text,
      reply: row.reply,
    }));
  }

  /** Ballots and their shares per method: turnout, never per option. */
  async turnout(matterId: string): Promise<MethodTurnout[]> {
    const result = await this.database.db.execute(sql`
      select method, count(*)::int as votes, coalesce(sum(weight), 0)::text as shares
      from ballots where matter_id = ${matterId} group by method
    `);
    return rowsOf<MethodTurnout>(result);
  }

  /** The units that voted and by which method, never what they chose. */
  async voted(
    matterId: string,
  ): Promise<{ unit: string; method: 'proxy' | 'live' | 'other' }[]> {
    const result = await this.database.db.execute(sql`
      select mb.unit, b.method from ballots b join members mb on mb.id = b.member_id
      where b.matter_id = ${matterId}
    `);
    return rowsOf(result);
  }
}
