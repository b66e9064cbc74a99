import { Injectable } from '@nestjs/common';
import {
  and,
  count,
  desc,
  eq,
  ilike,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';
import { meetings, questions, voters } from '../database/schema';
import type { MeetingRow } from './meeting-access.service';
import { escapeLike } from '../common/text';

export type MeetingInsert = typeof meetings.$inferInsert;
export type MeetingWithStatus = MeetingRow & { live: boolean };

// Written out: drizzle would render the outer column unqualified inside the subquery.
const live = sql<boolean>`exists (select 1 from matters mt where mt.meeting_id = "meetings"."id" and mt.live_status = 'live')`;

/**
 * A member's voters present (in attendance) and expected (attending), as both statements of
 * the meeting stats count them: the "not voted" figures are of the same members.
 */
const PRESENT_AND_ATTENDING = sql.raw(
  'count(*) filter (where in_attendance) as present, count(*) filter (where attending) as attending',
);

@Injectable()
export class MeetingsRepository {
  constructor(private readonly database: Database) {}

  /** Inserts unless the short code is taken; undefined on a short-code clash. */
  async insert(values: MeetingInsert): Promise<MeetingRow | undefined> {
    const [row] = await this.database.db
      .insert(meetings)
      .values(values)
      .onConflictDoNothing({ target: meetings.shortCode })
      .returning();
    return row;
  }

  async listForAccount(
    accountId: string,
    options: { searchText?: string; limit: number },
  ): Promise<MeetingWithStatus[]> {
    const filters = [eq(meetings.accountId, accountId)];
    if (options.searchText)
      filters.push(ilike(meetings.name, `%${escapeLike(options.searchText)}%`));
    const rows = await this.database.db
      .select({ meeting: meetings, live })
      .from(meetings)
      .where(and(...filters))
      .orderBy(desc(meetings.meetingDate), desc(meetings.id))
      .limit(options.limit);
    return rows.map((row) => ({ ...row.meeting, live: row.live }));
  }

  async isLive(meetingId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ live })
      .from(meetings)
      .where(eq(meetings.id, meetingId));
    return Boolean(row?.live);
  }

  async update(
    meetingId: string,
    values: Partial<MeetingInsert>,
  ): Promise<MeetingRow> {
    const [row] = await this.database.db
      .update(meetings)
      .set(values)
      .where(eq(meetings.id, meetingId))
      .returning();
    return row;
  }

  /**
   * Takes the given languages out of the translations of the meeting's matters, nominations
   * and documents (docs/i18n.md: a language removed from a meeting takes its translations).
   */
  async dropTranslations(
    meetingId: string,
    languages: string[],
  ): Promise<void> {
    // one array parameter, quoted by the driver: no array literal spelled by hand
    const codes = sql`${sql.param(languages)}::text[]`;
    await this.database.db.execute(sql`
      with m as (
        update matters set translations = translations - ${codes},
          candidates = coalesce((
            select jsonb_agg(c || jsonb_build_object('translations',
              coalesce(c->'translations', '{}'::jsonb) - ${codes}) order by i)
            from jsonb_array_elements(candidates) with ordinality as e(c, i)
          ), '[]'::jsonb)
        where meeting_id = ${meetingId}
        returning 1
      ), n as (
        update nominations set translations = translations - ${codes}
        where meeting_id = ${meetingId} and translations ?| ${codes}
        returning 1
      )
      update documents set translations = translations - ${codes}
      where meeting_id = ${meetingId} and translations ?| ${codes}`);
  }

  /** Questions asked in the meeting, whatever their status, by category; not test voters'. */
  async questionsByCategory(
    meetingId: string,
  ): Promise<Record<string, number>> {
    const rows = await this.database.db
      .select({ category: questions.category, count: count() })
      .from(questions)
      .leftJoin(voters, eq(voters.id, questions.voterId))
      // a test voter's questions are in the queue, not in the figures (docs/test-voters.md)
      .where(
        and(
          eq(questions.meetingId, meetingId),
          or(isNull(voters.id), eq(voters.isTestVoter, false)),
        ),
      )
      .groupBy(questions.category);
    return Object.fromEntries(rows.map((row) => [row.category, row.count]));
  }

  /** Units and names of the given voters of the meeting, by unit then name. */
  async votersByUnit(meetingId: string, voterIds: string[]) {
    if (!voterIds.length) return [];
    const result = await this.database.db.execute(sql`
      select m.id as "memberKey", m.unit, v.id as "voterKey", v.name
      from voters v join members m on m.id = v.member_id
      where v.meeting_id = ${meetingId}
        and v.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(voterIds)}::jsonb))
      order by m.unit, v.name
    `);
    return rowsOf<{
      memberKey: string;
      unit: string;
      voterKey: string;
      name: string;
    }>(result);
  }

  /**
   * Every figure of the meeting stats (see docs/decisions.md for meanings), in two statements
   * sent at once: outside a transaction they run side by side on two connections, and the
   * "not voted" figures, a ballot probe for each member present or expected, no longer wait
   * for the rest (docs/benchmarks-history.md, "The meeting's stats on two connections").
   */
  async stats(meetingId: string): Promise<Record<string, number>> {
    const [figures, notVoted] = await Promise.all([
      this.database.db.execute(this.figuresStatement(meetingId)),
      this.database.db.execute(this.notVotedStatement(meetingId)),
    ]);
    const row = { ...rowsOf(figures)[0], ...rowsOf(notVoted)[0] };
    return Object.fromEntries(
      Object.entries(row).map(([name, value]) => [name, Number(value)]),
    );
  }

  /**
   * One pass over the meeting's voters but test voters (grouped by member) and members, every figure a
   * filtered aggregate of that pass. Each figure used to scan the same rows again
   * (docs/benchmarks-history.md, "The meeting's stats in one pass").
   */
  private figuresStatement(meetingId: string): SQL {
    return sql`
      with v as (
        select member_id,
          count(*) as voters,
          count(*) filter (where not coalesce((communication_preferences->>'disableAllEmails')::boolean, false))
            as consents,
          count(*) filter (where last_invite_date is not null) as invited,
          count(*) filter (where invite_status = 'bounced') as invite_bounced,
          count(*) filter (where invite_status = 'failed') as invite_failed,
          ${PRESENT_AND_ATTENDING},
          count(*) filter (where rsvp = 'online') as rsvp_online,
          count(*) filter (where rsvp = 'no') as rsvp_no,
          count(*) filter (where checked_in_at is not null) as checked_in
        from voters where meeting_id = ${meetingId} and not is_test_voter
        group by member_id
      ),
      -- a member row and its voters' counts (either may be missing)
      x as (
        select m.id, m.shares, m.eligible, m.arrears,
          coalesce(v.voters, 0) as voters, coalesce(v.consents, 0) as consents,
          coalesce(v.invited, 0) as invited, coalesce(v.present, 0) as present,
          coalesce(v.invite_bounced, 0) as invite_bounced,
          coalesce(v.invite_failed, 0) as invite_failed,
          coalesce(v.attending, 0) as attending, coalesce(v.rsvp_online, 0) as rsvp_online,
          coalesce(v.rsvp_no, 0) as rsvp_no, coalesce(v.checked_in, 0) as checked_in
        from (
          select id, shares, eligible, coalesce((custom_data->>'inArrears')::boolean, false) as arrears
          from members where meeting_id = ${meetingId}
        ) m
        full join v on v.member_id = m.id
      ),
      figures as (
        select
          count(id)::int as "totalUnits",
          coalesce(sum(shares), 0)::float8 as "totalUnitsShares",
          count(*) filter (where eligible)::int as "totalValidUnits",
          coalesce(sum(voters), 0)::int as "totalVoters",
          coalesce(sum(consents), 0)::int as "totalConsents",
          coalesce(sum(invited), 0)::int as "invitedVoters",
          coalesce(sum(invite_bounced), 0)::int as "inviteMailBounced",
          coalesce(sum(invite_failed), 0)::int as "inviteMailFailed",
          coalesce(sum(present), 0)::int as "attendanceCount",
          count(*) filter (where present > 0)::int as "attendanceCountGroups",
          coalesce(sum(shares) filter (where present > 0), 0)::float8 as "attendanceSharesCount",
          coalesce(sum(attending), 0)::int as "attendingCount",
          count(*) filter (where attending > 0)::int as "attendingCountGroups",
          coalesce(sum(shares) filter (where attending > 0), 0)::float8 as "attendingSharesCount",
          coalesce(sum(rsvp_online), 0)::int as "rsvpOnlineCount",
          coalesce(sum(rsvp_no), 0)::int as "rsvpNoCount",
          coalesce(sum(checked_in), 0)::int as "checkedInCount",
          count(*) filter (where checked_in > 0)::int as "checkedInCountGroups",
          count(*) filter (where arrears and present > 0)::int as "totalArrearsUnitAttendance",
          coalesce(sum(shares) filter (where arrears and present > 0), 0)::float8
            as "totalArrearsShareAttendance"
        from x
      ),
      -- standing proxies (docs/proxies.md): at most one a member
      proxy as (
        select
          count(*) filter (where p.source = 'electronic')::int as "totalElectronicProxies",
          count(*) filter (where p.source = 'paper')::int as "totalPaperProxies",
          count(*) filter (where p.status = 'verified')::int as "verifiedProxyCount",
          count(*) filter (where p.status = 'submitted')::int as "unverifiedProxyCount",
          coalesce(sum(mb.shares), 0)::float8 as "totalProxiesShares"
        from proxies p
        left join members mb on mb.id = p.member_id and mb.meeting_id = ${meetingId}
        where p.meeting_id = ${meetingId} and p.status in ('submitted', 'verified')
      ),
      mf as (
        select
          count(*) filter (where kind = 'reminder')::int as "reminderMailFailed",
          count(*) filter (where kind = 'reminder' and status = 'retry')::int as "reminderMailRetrying",
          count(*) filter (where kind = 'starting')::int as "startingMailFailed",
          count(*) filter (where kind = 'starting' and status = 'retry')::int as "startingMailRetrying",
          count(*) filter (where kind = 'summary')::int as "summaryMailFailed",
          count(*) filter (where kind = 'summary' and status = 'retry')::int as "summaryMailRetrying"
        from scheduled_mail
        where meeting_id = ${meetingId} and status in ('retry', 'failed')
      ),
      -- named holders whose last link the mail server refused or could not take
      hn as (
        select
          count(*) filter (where notice_status = 'bounced')::int as "holderMailBounced",
          count(*) filter (where notice_status = 'failed')::int as "holderMailFailed"
        from proxy_holders where meeting_id = ${meetingId}
      )
      select figures.*, proxy.*, mf.*, hn.*,
        -- by-laws are decided on all eligible members, not on the votes cast (docs/decisions.md)
        (select count(*) from matters where meeting_id = ${meetingId} and threshold_base = 'eligible')::int
          as "bylawCount",
        -- test voters count in no figure above, only here (docs/test-voters.md)
        (select count(*) from voters where meeting_id = ${meetingId} and is_test_voter)::int
          as "testVoters",
        (select count(*) from voters tv where tv.meeting_id = ${meetingId} and tv.is_test_voter
          and exists (select 1 from test_ballots tb where tb.voter_id = tv.id))::int as "testVotersVoted"
      from figures, proxy, mf, hn
    `;
  }

  /**
   * The members present or expected (a voter in attendance or attending) without a ballot on
   * any matter: "voted" asked once such a member, through the member's index.
   */
  private notVotedStatement(meetingId: string): SQL {
    return sql`
      with v as (
        select member_id,
          ${PRESENT_AND_ATTENDING}
        from voters where meeting_id = ${meetingId} and (in_attendance or attending) and not is_test_voter
        group by member_id
      ),
      x as (
        select v.present, v.attending, m.shares
        from v left join members m on m.id = v.member_id and m.meeting_id = ${meetingId}
        where not exists (select 1 from ballots b where b.member_id = v.member_id)
      )
      select
        coalesce(sum(present), 0)::int as "attendedNotVotedCount",
        count(*) filter (where present > 0)::int as "attendedNotVotedCountGroups",
        coalesce(sum(shares) filter (where present > 0), 0)::float8
          as "attendedNotVotedSharesCount",
        coalesce(sum(attending), 0)::int as "attendingNotVotedCount",
        count(*) filter (where attending > 0)::int as "attendingNotVotedCountGroups",
        coalesce(sum(shares) filter (where attending > 0), 0)::float8
          as "attendingNotVotedSharesCount"
      from x
    `;
  }
}
