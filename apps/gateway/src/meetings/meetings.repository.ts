import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';
import { meetings, questions } from '../database/schema';
import type { MeetingRow } from './meeting-access';
import { escapeLike } from '../common/text';

export type MeetingInsert = typeof meetings.$inferInsert;
export type MeetingWithStatus = MeetingRow & { live: boolean };

// Written out: drizzle would render the outer column unqualified inside the subquery.
const live = sql<boolean>`exists (select 1 from matters mt where mt.meeting_id = "meetings"."id" and mt.live_status = 'live')`;

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

  /** Questions asked in the meeting, whatever their status, by category. */
  async questionsByCategory(
    meetingId: string,
  ): Promise<Record<string, number>> {
    const rows = await this.database.db
      .select({ category: questions.category, count: count() })
      .from(questions)
      .where(eq(questions.meetingId, meetingId))
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

  /** Every figure of the meeting stats in one round trip (see docs/decisions.md for meanings). */
  async stats(meetingId: string): Promise<Record<string, number>> {
    const result = await this.database.db.execute(sql`
      -- "voted": a ballot on any matter; a member's ballots are all on its own meeting's
      -- matters, so the member's index answers it without reading the meeting's ballots
      with m as (
        select id, shares, eligible, coalesce((custom_data->>'inArrears')::boolean, false) as arrears
        from members where meeting_id = ${meetingId}
      ),
      v as (
        select member_id, attending, in_attendance, rsvp, checked_in_at, last_invite_date,
               coalesce((communication_preferences->>'disableAllEmails')::boolean, false) as no_email
        from voters where meeting_id = ${meetingId}
      ),
      -- standing proxies (docs/proxies.md): at most one a member
      proxy as (
        select member_id, source, status from proxies
        where meeting_id = ${meetingId} and status in ('submitted', 'verified')
      ),
      present as (select distinct member_id from v where in_attendance),
      rsvp as (select distinct member_id from v where attending),
      mf as (
        select kind, status from scheduled_mail
        where meeting_id = ${meetingId} and status in ('retry', 'failed')
      )
      select
        (select count(*) from m)::int as "totalUnits",
        (select coalesce(sum(shares), 0) from m)::float8 as "totalUnitsShares",
        (select count(*) from m where eligible)::int as "totalValidUnits",
        (select count(*) from v)::int as "totalVoters",
        (select count(*) from v where not no_email)::int as "totalConsents",
        (select count(*) from v where last_invite_date is not null)::int as "invitedVoters",
        (select count(*) from v where in_attendance)::int as "attendanceCount",
        (select count(*) from present)::int as "attendanceCountGroups",
        (select coalesce(sum(m.shares), 0) from m join present p on p.member_id = m.id)::float8 as "attendanceSharesCount",
        (select count(*) from v where in_attendance and not exists (select 1 from ballots b where b.member_id = v.member_id))::int
          as "attendedNotVotedCount",
        (select count(*) from present p where not exists (select 1 from ballots b where b.member_id = p.member_id))::int
          as "attendedNotVotedCountGroups",
        (select coalesce(sum(m.shares), 0) from m join present p on p.member_id = m.id
          where not exists (select 1 from ballots b where b.member_id = m.id))::float8 as "attendedNotVotedSharesCount",
        (select count(*) from v where attending)::int as "attendingCount",
        (select count(*) from rsvp)::int as "attendingCountGroups",
        (select coalesce(sum(m.shares), 0) from m join rsvp r on r.member_id = m.id)::float8 as "attendingSharesCount",
        (select count(*) from v where attending and not exists (select 1 from ballots b where b.member_id = v.member_id))::int
          as "attendingNotVotedCount",
        (select count(*) from rsvp r where not exists (select 1 from ballots b where b.member_id = r.member_id))::int
          as "attendingNotVotedCountGroups",
        (select coalesce(sum(m.shares), 0) from m join rsvp r on r.member_id = m.id
          where not exists (select 1 from ballots b where b.member_id = m.id))::float8 as "attendingNotVotedSharesCount",
        -- by-laws are decided on all eligible members, not on the votes cast (docs/decisions.md)
        (select count(*) from matters where meeting_id = ${meetingId} and threshold_base = 'eligible')::int
          as "bylawCount",
        (select count(*) from v where rsvp = 'online')::int as "rsvpOnlineCount",
        (select count(*) from v where rsvp = 'no')::int as "rsvpNoCount",
        (select count(*) from v where checked_in_at is not null)::int as "checkedInCount",
        (select count(distinct member_id) from v where checked_in_at is not null)::int as "checkedInCountGroups",
        (select count(*) from proxy where source = 'electronic')::int as "totalElectronicProxies",
        (select count(*) from proxy where source = 'paper')::int as "totalPaperProxies",
        (select count(*) from proxy where status = 'verified')::int as "verifiedProxyCount",
        (select count(*) from proxy where status = 'submitted')::int as "unverifiedProxyCount",
        (select coalesce(sum(m.shares), 0) from m join proxy p on p.member_id = m.id)::float8 as "totalProxiesShares",
        (select count(*) from m join present p on p.member_id = m.id where m.arrears)::int
          as "totalArrearsUnitAttendance",
        (select coalesce(sum(m.shares), 0) from m join present p on p.member_id = m.id where m.arrears)::float8
          as "totalArrearsShareAttendance",
        (select count(*) from mf where kind = 'reminder')::int as "reminderMailFailed",
        (select count(*) from mf where kind = 'reminder' and status = 'retry')::int as "reminderMailRetrying",
        (select count(*) from mf where kind = 'starting')::int as "startingMailFailed",
        (select count(*) from mf where kind = 'starting' and status = 'retry')::int as "startingMailRetrying",
        (select count(*) from mf where kind = 'summary')::int as "summaryMailFailed",
        (select count(*) from mf where kind = 'summary' and status = 'retry')::int as "summaryMailRetrying"
    `);
    const row = rowsOf(result)[0];
    return Object.fromEntries(
      Object.entries(row).map(([name, value]) => [name, Number(value)]),
    );
  }
}
