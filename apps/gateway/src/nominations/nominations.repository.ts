import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
} from 'drizzle-orm';
import type { NominationStatus } from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { Database } from '../database/database';
import { members, nominations, voters } from '../database/schema';

export type NominationRow = typeof nominations.$inferSelect;
export type NominationWithUnit = NominationRow & { unit: string };
type NominationChange = Partial<
  Pick<NominationRow, 'status' | 'rejectReason' | 'decidedAt' | 'decidedBy'>
>;

/** Submitted or accepted: what counts towards a member's limit and may still be withdrawn. */
export const STANDING: NominationStatus[] = ['submitted', 'accepted'];

const withUnit = { ...getTableColumns(nominations), unit: members.unit };

/** Nominations of meetings: the SQL and nothing else (rules in NominationsService). */
@Injectable()
export class NominationsRepository {
  constructor(private readonly database: Database) {}

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

  /** The meeting's member, locked until the transaction ends: its nominations are counted in turn. */
  async lockMember(
    meetingId: string,
    memberId: string,
  ): Promise<{ id: string; unit: string } | undefined> {
    const [row] = await this.database.db
      .select({ id: members.id, unit: members.unit })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.meetingId, meetingId)))
      .for('update')
      .limit(1);
    return row;
  }

  async standingCount(memberId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(nominations)
      .where(
        and(
          eq(nominations.memberId, memberId),
          inArray(nominations.status, STANDING),
        ),
      );
    return Number(row.count);
  }

  async insert(
    values: typeof nominations.$inferInsert,
  ): Promise<NominationRow> {
    const [row] = await this.database.db
      .insert(nominations)
      .values(values)
      .returning();
    return row;
  }

  /** The meeting's nominations, oldest first. */
  list(
    meetingId: string,
    status?: NominationStatus,
  ): Promise<NominationWithUnit[]> {
    return this.database.db
      .select(withUnit)
      .from(nominations)
      .innerJoin(members, eq(members.id, nominations.memberId))
      .where(
        and(
          eq(nominations.meetingId, meetingId),
          status ? eq(nominations.status, status) : undefined,
        ),
      )
      .orderBy(asc(nominations.submittedAt), asc(nominations.id));
  }

  /** A member's own nominations, newest first. */
  forMember(
    meetingId: string,
    memberId: string,
  ): Promise<NominationWithUnit[]> {
    return this.database.db
      .select(withUnit)
      .from(nominations)
      .innerJoin(members, eq(members.id, nominations.memberId))
      .where(
        and(
          eq(nominations.meetingId, meetingId),
          eq(nominations.memberId, memberId),
        ),
      )
      .orderBy(desc(nominations.submittedAt), desc(nominations.id));
  }

  /** The meeting's nomination with its unit, locked until the transaction ends. */
  async forUpdate(
    meetingId: string,
    id: string,
  ): Promise<NominationWithUnit | undefined> {
    const [row] = await this.database.db
      .select(withUnit)
      .from(nominations)
      .innerJoin(members, eq(members.id, nominations.memberId))
      .where(and(eq(nominations.id, id), eq(nominations.meetingId, meetingId)))
      .for('update', { of: nominations })
      .limit(1);
    return row;
  }

  async update(id: string, change: NominationChange): Promise<NominationRow> {
    const [row] = await this.database.db
      .update(nominations)
      .set(change)
      .where(eq(nominations.id, id))
      .returning();
    return row;
  }

  /** Claims the nominee's confirmation: true for the one caller that may send it. */
  async claimNotice(id: string, at: Date): Promise<boolean> {
    const rows = await this.database.db
      .update(nominations)
      .set({ nomineeNotifiedAt: at })
      .where(and(eq(nominations.id, id), isNull(nominations.nomineeNotifiedAt)))
      .returning({ id: nominations.id });
    return rows.length === 1;
  }

  /** Gives the claim back when the mail did not go out. */
  async releaseNotice(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(nominations)
      .set({ nomineeNotifiedAt: null })
      .where(
        and(eq(nominations.id, id), eq(nominations.nomineeNotifiedAt, at)),
      );
  }
}
