import { Injectable } from '@nestjs/common';
import type { Language } from '@livevote/i18n';
import { and, eq, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { meetings, members, voters } from '../database/schema';

export type PortalMeetingRow = typeof meetings.$inferSelect;

@Injectable()
export class PortalRepository {
  constructor(private readonly database: Database) {}

  async voterWithMember(voterId: string, meetingId: string) {
    const [row] = await this.database.db
      .select({ voter: voters, member: members })
      .from(voters)
      .innerJoin(members, eq(members.id, voters.memberId))
      .where(and(eq(voters.id, voterId), eq(voters.meetingId, meetingId)))
      .limit(1);
    return row;
  }

  async memberByControlNumber(meetingId: string, controlNumber: string) {
    const [row] = await this.database.db
      .select()
      .from(members)
      .where(
        and(
          eq(members.meetingId, meetingId),
          eq(members.controlNumber, controlNumber),
        ),
      )
      .limit(1);
    return row;
  }

  async voterOfMember(memberId: string, email: string) {
    const [row] = await this.database.db
      .select()
      .from(voters)
      .where(
        and(
          eq(voters.memberId, memberId),
          eq(sql`lower(${voters.email})`, email.toLowerCase()),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Sets the voter's language; `changed` is false when it already was that one (nothing
   * written, nothing to tell the other nodes). Undefined: no such voter in the meeting.
   */
  async setVoterLanguage(
    voterId: string,
    meetingId: string,
    language: Language | null,
    at: Date,
  ) {
    const own = and(eq(voters.id, voterId), eq(voters.meetingId, meetingId));
    const [row] = await this.database.db
      .update(voters)
      .set({ language, updatedAt: at })
      .where(and(own, sql`${voters.language} is distinct from ${language}`))
      .returning();
    if (row) return { row, changed: true };
    const [same] = await this.database.db.select().from(voters).where(own);
    return same && { row: same, changed: false };
  }

  async createVoter(values: typeof voters.$inferInsert) {
    const [row] = await this.database.db
      .insert(voters)
      .values(values)
      .returning();
    return row;
  }
}
