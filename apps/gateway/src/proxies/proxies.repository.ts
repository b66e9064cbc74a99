import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Language } from '@livevote/i18n';
import { attendingRevokesSql } from '@livevote/rules';
import { Database, rowsOf } from '../database/database';
import {
  documents,
  members,
  voters,
  proxies,
  proxyHolders,
  type BallotMethod,
  type MailDeliveryStatus,
  type ProxyStatus,
} from '../database/schema';

export type ProxyRow = typeof proxies.$inferSelect;
export type NewProxyRow = typeof proxies.$inferInsert;
export type HolderRow = typeof proxyHolders.$inferSelect;

/** A proxy with what its responses show beside it. */
export interface ProxyWithUnit {
  proxy: ProxyRow;
  unit: string;
  holder: HolderRow;
}

export interface HolderSummaryRow {
  holder: HolderRow;
  proxies: number;
  shares: number;
}

export const STANDING: ProxyStatus[] = ['submitted', 'verified'];

/** Natural unit order (2 before 10), as the member list sorts. */
export const UNIT_ORDER = sql`nullif(substring(${members.unit} from '^[0-9]+'), '')::numeric asc nulls last, ${members.unit} asc`;

const ATTENDING_REVOKES = sql.raw(
  attendingRevokesSql({ meeting: 'mt', at: { table: 'n', column: 'at' } }),
);

@Injectable()
export class ProxiesRepository {
  constructor(private readonly database: Database) {}

  /** The member of the meeting, locked: one proxy command per member at a time. */
  async lockMember(meetingId: string, memberId: string) {
    const [row] = await this.database.db
      .select()
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.meetingId, meetingId)))
      .limit(1)
      .for('update');
    return row;
  }

  async member(meetingId: string, memberId: string) {
    const [row] = await this.database.db
      .select()
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.meetingId, meetingId)))
      .limit(1);
    return row;
  }

  async voter(voterId: string) {
    const [row] = await this.database.db
      .select()
      .from(voters)
      .where(eq(voters.id, voterId))
      .limit(1);
    return row;
  }

  /** The language of the meeting's voter at this address, if one chose one (docs/i18n.md). */
  async languageOfAddress(
    meetingId: string,
    email: string,
  ): Promise<Language | null> {
    const [row] = await this.database.db
      .select({ language: voters.language })
      .from(voters)
      .where(
        and(
          eq(voters.meetingId, meetingId),
          sql`lower(${voters.email}) = lower(${email})`,
          isNotNull(voters.language),
        ),
      )
      .limit(1);
    return row?.language ?? null;
  }

  /** The meeting's holder: a default holder by name, any other by e-mail, whatever its case. */
  async findHolder(
    meetingId: string,
    holder: { name: string; email: string | null; isDefault: boolean },
  ): Promise<HolderRow | undefined> {
    const match = holder.isDefault
      ? sql`${proxyHolders.isDefault} and ${proxyHolders.name} = ${holder.name}`
      : sql`not ${proxyHolders.isDefault} and lower(${proxyHolders.email}) = lower(${holder.email})`;
    const [row] = await this.database.db
      .select()
      .from(proxyHolders)
      .where(and(eq(proxyHolders.meetingId, meetingId), match))
      .limit(1);
    return row;
  }

  /** Creates the holder, or finds the one a concurrent appointment just created. */
  async createHolder(
    meetingId: string,
    holder: { name: string; email: string | null; isDefault: boolean },
    now: Date,
  ): Promise<HolderRow> {
    const conflict = holder.isDefault
      ? sql`(meeting_id, name) where is_default`
      : sql`(meeting_id, lower(email)) where not is_default`;
    await this.database.db.execute(sql`
      insert into proxy_holders (meeting_id, name, email, is_default, created_at, updated_at)
      values (${meetingId}, ${holder.name}, ${holder.email}, ${holder.isDefault}, ${now}, ${now})
      on conflict ${conflict} do nothing
    `);
    return (await this.findHolder(meetingId, holder))!;
  }

  /**
   * Holds, until the transaction ends, the right to add named holders to the meeting: the
   * window's count stays true on every node.
   */
  async lockNewHolders(meetingId: string): Promise<void> {
    await this.database.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`proxy_holders:${meetingId}`}, 0))`,
    );
  }

  /** Named (not default) holders the meeting took since then, and when the oldest came. */
  async newHoldersSince(
    meetingId: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.database.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<Date | null>`min(${proxyHolders.createdAt})`,
      })
      .from(proxyHolders)
      .where(
        and(
          eq(proxyHolders.meetingId, meetingId),
          eq(proxyHolders.isDefault, false),
          gt(proxyHolders.createdAt, since),
        ),
      );
    return {
      count: Number(row.count),
      oldest: row.oldest === null ? null : new Date(row.oldest),
    };
  }

  /** Electronic proxies the member has submitted, whatever became of them. */
  async electronicCount(memberId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(proxies)
      .where(
        and(eq(proxies.memberId, memberId), eq(proxies.source, 'electronic')),
      );
    return Number(row.count);
  }

  /**
   * Takes the holder's one notice: true for the first caller on any node, false once it is
   * taken (the address has been told of this meeting).
   */
  async claimNotice(holderId: string, now: Date): Promise<boolean> {
    const rows = await this.database.db
      .update(proxyHolders)
      .set({ notifiedAt: now })
      .where(
        and(eq(proxyHolders.id, holderId), isNull(proxyHolders.notifiedAt)),
      )
      .returning({ id: proxyHolders.id });
    return rows.length > 0;
  }

  /** What the mail server said of the holder's link, and when it was tried. */
  async recordNotice(
    holderId: string,
    at: Date,
    outcome: { status: MailDeliveryStatus; detail: string | null },
  ): Promise<void> {
    await this.database.db
      .update(proxyHolders)
      .set({
        noticeStatus: outcome.status,
        noticeAttemptedAt: at,
        noticeError: outcome.detail,
      })
      .where(eq(proxyHolders.id, holderId));
  }

  /** The newest standing proxy naming this holder: what its link's notice speaks of. */
  async latestStanding(
    meetingId: string,
    holderId: string,
  ): Promise<ProxyWithUnit | undefined> {
    const [row] = await this.withUnit(
      and(
        eq(proxies.meetingId, meetingId),
        eq(proxies.holderId, holderId),
        inArray(proxies.status, STANDING),
      ),
    )
      .orderBy(desc(proxies.submittedAt), desc(proxies.id))
      .limit(1);
    return row;
  }

  /** Gives back a notice that was not sent, so the next appointment tries again. */
  async releaseNotice(holderId: string, claimedAt: Date): Promise<void> {
    await this.database.db
      .update(proxyHolders)
      .set({ notifiedAt: null })
      .where(
        and(
          eq(proxyHolders.id, holderId),
          eq(proxyHolders.notifiedAt, claimedAt),
        ),
      );
  }

  /** Withdraws the member's standing proxy (replaced by a newer one, or taken back). */
  async withdrawStanding(memberId: string, now: Date): Promise<ProxyRow[]> {
    return this.database.db
      .update(proxies)
      .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where(
        and(eq(proxies.memberId, memberId), inArray(proxies.status, STANDING)),
      )
      .returning();
  }

  async insert(values: NewProxyRow): Promise<ProxyRow> {
    const [row] = await this.database.db
      .insert(proxies)
      .values(values)
      .returning();
    return row;
  }

  /** The member's latest proxy, whatever its status. */
  async latestOfMember(memberId: string): Promise<ProxyWithUnit | undefined> {
    const [row] = await this.withUnit(eq(proxies.memberId, memberId))
      .orderBy(desc(proxies.submittedAt), desc(proxies.createdAt))
      .limit(1);
    return row;
  }

  async find(
    meetingId: string,
    proxyId: string,
    lock = false,
  ): Promise<ProxyWithUnit | undefined> {
    const query = this.withUnit(
      and(eq(proxies.meetingId, meetingId), eq(proxies.id, proxyId)),
    ).limit(1);
    const [row] = lock
      ? await query.for('update', { of: proxies })
      : await query;
    return row;
  }

  list(
    meetingId: string,
    filter: { status?: ProxyStatus; holderId?: string },
  ): Promise<ProxyWithUnit[]> {
    return this.withUnit(
      and(
        eq(proxies.meetingId, meetingId),
        filter.status ? eq(proxies.status, filter.status) : undefined,
        filter.holderId ? eq(proxies.holderId, filter.holderId) : undefined,
      ),
    ).orderBy(asc(proxies.submittedAt), asc(proxies.id));
  }

  async update(
    proxyId: string,
    values: Partial<NewProxyRow>,
  ): Promise<ProxyRow> {
    const [row] = await this.database.db
      .update(proxies)
      .set(values)
      .where(eq(proxies.id, proxyId))
      .returning();
    return row;
  }

  /**
   * Revokes the standing proxy of each member whose joining at `now` is attending its meeting
   * (libs/rules attendingRevokes), one statement for all of them. Answers the revoked proxies.
   */
  async revokeOnAttendance(
    memberIds: string[],
    now: Date,
  ): Promise<{ id: string; memberId: string; meetingId: string }[]> {
    if (!memberIds.length) return [];
    const result = await this.database.db.execute(sql`
      with n as (select ${now}::timestamptz as at)
      update proxies p set status = 'revoked', revoked_at = n.at, updated_at = n.at
      from meetings mt, n
      where mt.id = p.meeting_id
        and p.member_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb))
        and p.status in ('submitted', 'verified') and ${ATTENDING_REVOKES}
      returning p.id, p.member_id as "memberId", p.meeting_id as "meetingId"
    `);
    return rowsOf<{ id: string; memberId: string; meetingId: string }>(result);
  }

  async holder(
    meetingId: string,
    holderId: string,
    lock = false,
  ): Promise<HolderRow | undefined> {
    const query = this.database.db
      .select()
      .from(proxyHolders)
      .where(
        and(
          eq(proxyHolders.meetingId, meetingId),
          eq(proxyHolders.id, holderId),
        ),
      )
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** Every holder of the meeting with the verified proxies it holds. */
  async holders(meetingId: string): Promise<HolderSummaryRow[]> {
    const rows = await this.database.db
      .select({
        holder: proxyHolders,
        proxies: sql<number>`count(${proxies.id})::int`,
        shares: sql<string>`coalesce(sum(${members.shares}), 0)::text`,
      })
      .from(proxyHolders)
      .leftJoin(
        proxies,
        and(
          eq(proxies.holderId, proxyHolders.id),
          eq(proxies.status, 'verified'),
        ),
      )
      .leftJoin(members, eq(members.id, proxies.memberId))
      .where(eq(proxyHolders.meetingId, meetingId))
      .groupBy(proxyHolders.id)
      .orderBy(
        desc(proxyHolders.isDefault),
        asc(proxyHolders.name),
        asc(proxyHolders.id),
      );
    return rows.map((row) => ({
      holder: row.holder,
      proxies: Number(row.proxies),
      shares: Number(row.shares),
    }));
  }

  async setHolderPresent(
    holderId: string,
    present: boolean,
    now: Date,
  ): Promise<HolderRow> {
    const [row] = await this.database.db
      .update(proxyHolders)
      .set({ present, updatedAt: now })
      .where(eq(proxyHolders.id, holderId))
      .returning();
    return row;
  }

  async documentInMeeting(
    meetingId: string,
    documentId: string,
  ): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(eq(documents.meetingId, meetingId), eq(documents.id, documentId)),
      )
      .limit(1);
    return Boolean(row);
  }

  /** The verified proxies a holder holds, with their members, in the order votes are assigned. */
  held(holderId: string) {
    return this.database.db
      .select({ proxy: proxies, member: members })
      .from(proxies)
      .innerJoin(members, eq(members.id, proxies.memberId))
      .where(
        and(eq(proxies.holderId, holderId), eq(proxies.status, 'verified')),
      )
      .orderBy(UNIT_ORDER, asc(proxies.id));
  }

  private withUnit(where: SQL | undefined) {
    return this.database.db
      .select({ proxy: proxies, unit: members.unit, holder: proxyHolders })
      .from(proxies)
      .innerJoin(members, eq(members.id, proxies.memberId))
      .innerJoin(proxyHolders, eq(proxyHolders.id, proxies.holderId))
      .where(where)
      .$dynamic();
  }

  /** The ballots standing for these members on these matters. */
  async standing(
    memberIds: string[],
    matterIds: string[],
  ): Promise<StandingBallotRow[]> {
    if (!memberIds.length || !matterIds.length) return [];
    const result = await this.database.db.execute(sql`
      select b.matter_id, b.member_id, b.method, b.voter_id, b.proxy_id, b.choices, b.votes from ballots b
      where b.member_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb))
        and b.matter_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(matterIds)}::jsonb))
    `);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      matterId: row.matter_id as string,
      memberId: row.member_id as string,
      method: row.method as BallotMethod,
      voterId: (row.voter_id as string | null) ?? null,
      proxyId: (row.proxy_id as string | null) ?? null,
      choices: row.choices as string[],
      votes: (row.votes as number[] | null) ?? null,
    }));
  }
}

/** The ballot standing for a member on a matter, as precedence reads it. */
export interface StandingBallotRow {
  matterId: string;
  memberId: string;
  method: BallotMethod;
  voterId: string | null;
  proxyId: string | null;
  choices: string[];
  /** A cumulative ballot's votes, one per choice; null otherwise. */
  votes: number[] | null;
}
