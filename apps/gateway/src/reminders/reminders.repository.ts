import { isLanguage, type Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { meetingEndsAtSql } from '@livevote/rules';
import { Database, rowsOf } from '../database/database';
import {
  meetings,
  scheduledMail,
  voters,
  type CommunicationPreferences,
  type ScheduledMailKind,
  type ScheduledMailStatus,
} from '../database/schema';
import type { MeetingRow } from '../meetings/meeting-access.service';
import type { MeetingSummary } from './scheduled-mails';

/** A row this node claimed (status `sending`) and now has to send. */
export interface ClaimedMail {
  id: string;
  kind: ScheduledMailKind;
  recipient: string;
  voterId: string | null;
  email: string;
  period: string;
  attempts: number;
}

/** What a voter mail needs, and whether the voter still wants it. */
export interface MailVoter {
  id: string;
  name: string;
  email: string;
  unit: string;
  eligible: boolean;
  emailsDisabled: boolean;
  remindersDisabled: boolean;
  memberVoted: boolean;
  language: Language | null;
}

export type ActiveMeeting = Pick<
  MeetingRow,
  | 'id'
  | 'meetingDate'
  | 'duration'
  | 'expiryDate'
  | 'meetingTimezone'
  | 'meetingReminderFrequency'
  | 'meetingStartingReminder'
  | 'managerSummaryReportFrequency'
>;

export type SummaryFigures = Omit<
  MeetingSummary,
  'asOf' | 'day' | 'connectedVoters' | 'connectedUnits' | 'quorum'
>;

const emailsDisabled = (column: SQL | typeof voters.communicationPreferences) =>
  sql`coalesce((${column} ->> 'disableAllEmails') = 'true', false)`;
const remindersDisabled = (
  column: SQL | typeof voters.communicationPreferences,
) => sql`coalesce((${column} ->> 'disableConsentReminders') = 'true', false)`;

const CLAIMED = sql`returning id, kind, recipient, voter_id, email, period, attempts`;

function toClaimed(row: Record<string, unknown>): ClaimedMail {
  return {
    id: String(row.id),
    kind: row.kind as ScheduledMailKind,
    recipient: String(row.recipient),
    voterId: (row.voter_id as string | null) ?? null,
    email: String(row.email),
    period: String(row.period),
    attempts: Number(row.attempts),
  };
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

@Injectable()
export class RemindersRepository {
  constructor(private readonly database: Database) {}

  async meeting(meetingId: string): Promise<MeetingRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.id, meetingId))
      .limit(1);
    return row;
  }

  /** Meetings that have scheduled mail that may come due by `horizon`, or sends to finish. */
  activeMeetings(now: Date, horizon: Date): Promise<ActiveMeeting[]> {
    return this.database.db
      .select({
        id: meetings.id,
        meetingDate: meetings.meetingDate,
        duration: meetings.duration,
        expiryDate: meetings.expiryDate,
        meetingTimezone: meetings.meetingTimezone,
        meetingReminderFrequency: meetings.meetingReminderFrequency,
        meetingStartingReminder: meetings.meetingStartingReminder,
        managerSummaryReportFrequency: meetings.managerSummaryReportFrequency,
      })
      .from(meetings)
      .where(
        sql`(
          ${sql.raw(meetingEndsAtSql({ meeting: 'meetings' }))} + interval '2 days' > ${iso(now)}
          and (
            (${meetings.meetingStartingReminder} > 0
              and ${meetings.meetingDate} - ${meetings.meetingStartingReminder} * interval '1 minute' <= ${iso(horizon)})
            or ((${meetings.meetingReminderFrequency} > 0 or ${meetings.managerSummaryReportFrequency} = 'daily')
              and exists (select 1 from voters v where v.meeting_id = ${meetings.id} and v.last_invite_date is not null))
          )
        ) or exists (
          select 1 from scheduled_mail s where s.meeting_id = ${meetings.id} and s.status in ('retry', 'sending')
        )`,
      )
      .orderBy(meetings.meetingDate, meetings.id);
  }

  async firstInviteAt(meetingId: string): Promise<Date | null> {
    const [row] = await this.database.db
      .select({ at: sql<string | Date | null>`min(${voters.lastInviteDate})` })
      .from(voters)
      .where(eq(voters.meetingId, meetingId));
    return row?.at ? new Date(row.at) : null;
  }

  /** The instant of the latest reminder round any voter of the meeting was claimed for. */
  async lastReminderRound(meetingId: string): Promise<Date | null> {
    const [row] = await this.database.db
      .select({ at: sql<string | Date | null>`max(${scheduledMail.dueAt})` })
      .from(scheduledMail)
      .where(
        and(
          eq(scheduledMail.meetingId, meetingId),
          eq(scheduledMail.kind, 'reminder'),
        ),
      );
    return row?.at ? new Date(row.at) : null;
  }

  /**
   * Claims the round's reminders: voters invited before the round, e-mail and reminders on,
   * of eligible members holding no ballot yet. A row another node claimed is left alone.
   */
  async claimReminders(
    meetingId: string,
    round: Date,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedMail[]> {
    const result = await this.database.db.execute(sql`
      insert into scheduled_mail
        (meeting_id, kind, recipient, voter_id, email, period, due_at, status, attempts, lease_until, created_at, updated_at)
      select v.meeting_id, 'reminder', v.id::text, v.id, v.email, ${round.toISOString()}, ${iso(round)},
        'sending', 1, ${iso(leaseUntil)}, ${iso(now)}, ${iso(now)}
      from voters v join members m on m.id = v.member_id
      where v.meeting_id = ${meetingId}
        and v.last_invite_date is not null and v.last_invite_date <= ${iso(round)}
        and m.eligible
        and not ${emailsDisabled(sql`v.communication_preferences`)}
        and not ${remindersDisabled(sql`v.communication_preferences`)}
        and not exists (select 1 from ballots b where b.member_id = m.id)
      order by m.unit, v.id
      on conflict (meeting_id, kind, recipient, period) do nothing
      ${CLAIMED}
    `);
    return rowsOf(result).map(toClaimed);
  }

  /** Claims "meeting is starting" for every voter with e-mail on; the period is the meeting date. */
  async claimStarting(
    meetingId: string,
    meetingDate: Date,
    dueAt: Date,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedMail[]> {
    const result = await this.database.db.execute(sql`
      insert into scheduled_mail
        (meeting_id, kind, recipient, voter_id, email, period, due_at, status, attempts, lease_until, created_at, updated_at)
      select v.meeting_id, 'starting', v.id::text, v.id, v.email, ${meetingDate.toISOString()}, ${iso(dueAt)},
        'sending', 1, ${iso(leaseUntil)}, ${iso(now)}, ${iso(now)}
      from voters v join members m on m.id = v.member_id
      where v.meeting_id = ${meetingId}
        and not ${emailsDisabled(sql`v.communication_preferences`)}
      order by m.unit, v.id
      on conflict (meeting_id, kind, recipient, period) do nothing
      ${CLAIMED}
    `);
    return rowsOf(result).map(toClaimed);
  }

  async claimSummaries(
    meetingId: string,
    day: string,
    dueAt: Date,
    recipients: string[],
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedMail[]> {
    if (!recipients.length) return [];
    const rows = await this.database.db
      .insert(scheduledMail)
      .values(
        recipients.map((email) => ({
          meetingId,
          kind: 'summary' as const,
          recipient: email.toLowerCase(),
          email,
          period: day,
          dueAt,
          status: 'sending' as const,
          attempts: 1,
          leaseUntil,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({
        target: [
          scheduledMail.meetingId,
          scheduledMail.kind,
          scheduledMail.recipient,
          scheduledMail.period,
        ],
      })
      .returning();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      voterId: row.voterId,
      email: row.email,
      period: row.period,
      attempts: row.attempts,
    }));
  }

  /** Claims failed sends whose retry is due, and sends whose sender died (lease run out). */
  async claimRetries(
    meetingId: string,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedMail[]> {
    const result = await this.database.db.execute(sql`
      update scheduled_mail
      set status = 'sending', attempts = attempts + 1, lease_until = ${iso(leaseUntil)},
        next_attempt_at = null, updated_at = ${iso(now)}
      where meeting_id = ${meetingId}
        and ((status = 'retry' and next_attempt_at <= ${iso(now)})
          or (status = 'sending' and lease_until < ${iso(now)}))
      ${CLAIMED}
    `);
    return rowsOf(result).map(toClaimed);
  }

  /** Once the meeting's mail window has closed, pending retries (and dead claims) are given up. */
  async abandonRetries(meetingId: string, now: Date): Promise<void> {
    await this.database.db
      .update(scheduledMail)
      .set({
        status: 'failed',
        nextAttemptAt: null,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(scheduledMail.meetingId, meetingId),
          or(
            eq(scheduledMail.status, 'retry'),
            and(
              eq(scheduledMail.status, 'sending'),
              lt(scheduledMail.leaseUntil, now),
            ),
          ),
        ),
      );
  }

  async mailVoters(
    meetingId: string,
    voterIds: string[],
  ): Promise<MailVoter[]> {
    if (!voterIds.length) return [];
    const result = await this.database.db.execute(sql`
      select v.id, v.name, v.email, v.language, m.unit, m.eligible,
        ${emailsDisabled(sql`v.communication_preferences`)} as emails_disabled,
        ${remindersDisabled(sql`v.communication_preferences`)} as reminders_disabled,
        exists (select 1 from ballots b where b.member_id = m.id) as member_voted
      from voters v join members m on m.id = v.member_id
      where v.meeting_id = ${meetingId}
        and v.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(voterIds)}::jsonb))
    `);
    return rowsOf(result).map((row) => ({
      id: String(row.id),
      name: String(row.name),
      email: String(row.email),
      unit: String(row.unit),
      eligible: Boolean(row.eligible),
      emailsDisabled: Boolean(row.emails_disabled),
      remindersDisabled: Boolean(row.reminders_disabled),
      memberVoted: Boolean(row.member_voted),
      language: isLanguage(row.language) ? row.language : null,
    }));
  }

  /** Records the outcome of an attempt, only if that attempt still holds the claim. */
  async settle(
    mail: ClaimedMail,
    outcome: {
      status: Exclude<ScheduledMailStatus, 'sending'>;
      at: Date;
      messageId?: string;
      error?: string;
      nextAttemptAt?: Date;
    },
  ): Promise<void> {
    await this.database.db
      .update(scheduledMail)
      .set({
        status: outcome.status,
        sentAt: outcome.status === 'sent' ? outcome.at : undefined,
        messageId: outcome.messageId,
        lastError: outcome.status === 'sent' ? null : outcome.error,
        nextAttemptAt: outcome.nextAttemptAt ?? null,
        leaseUntil: null,
        updatedAt: outcome.at,
      })
      .where(
        and(
          eq(scheduledMail.id, mail.id),
          eq(scheduledMail.status, 'sending'),
          eq(scheduledMail.attempts, mail.attempts),
        ),
      );
  }

  async summaryFigures(meetingId: string): Promise<SummaryFigures> {
    const result = await this.database.db.execute(sql`
      with v as (
        select member_id, attending, in_attendance, rsvp, checked_in_at, last_invite_date,
          ${emailsDisabled(sql`communication_preferences`)} as no_email
        -- test voters count in no figure (docs/test-voters.md)
        from voters where meeting_id = ${meetingId} and not is_test_voter
      ),
      b as (
        select b.member_id, b.method from ballots b
        join matters mt on mt.id = b.matter_id where mt.meeting_id = ${meetingId}
      )
      select
        (select count(*) from v)::int as "totalVoters",
        (select count(*) from v where last_invite_date is not null)::int as "invitedVoters",
        (select count(*) from v where no_email)::int as "emailsDisabled",
        (select count(*) from members where meeting_id = ${meetingId})::int as "totalUnits",
        (select count(distinct member_id) from b)::int as "unitsVoted",
        (select count(*) from v where in_attendance)::int as "attendedVoters",
        (select count(distinct member_id) from v where in_attendance)::int as "attendedUnits",
        (select count(*) from v where attending)::int as "rsvpVoters",
        (select count(*) from v where rsvp = 'online')::int as "rsvpOnlineVoters",
        (select count(*) from v where checked_in_at is not null)::int as "checkedInVoters",
        (select count(distinct member_id) from v where checked_in_at is not null)::int as "checkedInUnits",
        (select coalesce(json_agg(x order by x.method), '[]') from (
          select method, count(*)::int as ballots, count(distinct member_id)::int as units
          from b group by method
        ) x) as "ballots",
        (select coalesce(json_agg(x order by x.kind), '[]') from (
          select kind, count(*) filter (where status = 'sent')::int as sent,
            count(*) filter (where status in ('retry', 'failed'))::int as undelivered
          from scheduled_mail where meeting_id = ${meetingId} group by kind
        ) x) as "mail",
        (select coalesce(json_agg(x order by x."order", x.name), '[]') from (
          select mt."order", mt.name, mt.live_status as "liveStatus",
            count(bl.member_id)::int as units, coalesce(sum(bl.weight), 0)::float8 as shares
          from matters mt left join ballots bl on bl.matter_id = mt.id
          where mt.meeting_id = ${meetingId} group by mt.id
        ) x) as "matters"
    `);
    const row = rowsOf(result)[0];
    const json = <T>(value: unknown): T =>
      (typeof value === 'string' ? JSON.parse(value) : value) as T;
    return {
      totalVoters: Number(row.totalVoters),
      invitedVoters: Number(row.invitedVoters),
      emailsDisabled: Number(row.emailsDisabled),
      totalUnits: Number(row.totalUnits),
      unitsVoted: Number(row.unitsVoted),
      attendedVoters: Number(row.attendedVoters),
      attendedUnits: Number(row.attendedUnits),
      rsvpVoters: Number(row.rsvpVoters),
      rsvpOnlineVoters: Number(row.rsvpOnlineVoters),
      checkedInVoters: Number(row.checkedInVoters),
      checkedInUnits: Number(row.checkedInUnits),
      ballots: json(row.ballots),
      mail: json(row.mail),
      matters: json(row.matters),
    };
  }

  async voterOfMeeting(voterId: string, meetingId: string) {
    const [row] = await this.database.db
      .select({
        id: voters.id,
        email: voters.email,
        communicationPreferences: voters.communicationPreferences,
        meetingName: meetings.name,
      })
      .from(voters)
      .innerJoin(meetings, eq(meetings.id, voters.meetingId))
      .where(and(eq(voters.id, voterId), eq(voters.meetingId, meetingId)))
      .limit(1);
    return row;
  }

  /** Merges the change into the voter's preferences in one statement (no lost update). */
  async turnOff(
    voterId: string,
    change: CommunicationPreferences,
    now: Date,
  ): Promise<CommunicationPreferences> {
    const [row] = await this.database.db
      .update(voters)
      .set({
        communicationPreferences: sql`${voters.communicationPreferences} || ${JSON.stringify(change)}::jsonb`,
        updatedAt: now,
      })
      .where(eq(voters.id, voterId))
      .returning({ preferences: voters.communicationPreferences });
    return row.preferences;
  }
}
