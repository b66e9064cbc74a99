import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { members, voters } from '../database/schema';

export interface InviteeRow {
  id: string;
  name: string;
  email: string;
  unit: string;
  emailsDisabled: boolean;
  lastInviteDate: Date | null;
  checkInCode: string;
  language: Language | null;
}

const inviteeColumns = {
  id: voters.id,
  name: voters.name,
  email: voters.email,
  unit: members.unit,
  emailsDisabled: sql<boolean>`coalesce((${voters.communicationPreferences} ->> 'disableAllEmails') = 'true', false)`,
  lastInviteDate: voters.lastInviteDate,
  checkInCode: voters.checkInCode,
  language: voters.language,
};

@Injectable()
export class InvitesRepository {
  constructor(private readonly database: Database) {}

  async memberExists(meetingId: string, memberId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.meetingId, meetingId)))
      .limit(1);
    return Boolean(row);
  }

  /** The member's voter with that e-mail, compared case-insensitively. */
  async findVoter(
    meetingId: string,
    memberId: string,
    email: string,
  ): Promise<InviteeRow | undefined> {
    const [row] = await this.database.db
      .select(inviteeColumns)
      .from(voters)
      .innerJoin(members, eq(members.id, voters.memberId))
      .where(
        and(
          eq(voters.memberId, memberId),
          eq(voters.meetingId, meetingId),
          eq(sql`lower(${voters.email})`, email.toLowerCase()),
        ),
      )
      .limit(1);
    return row;
  }

  listVoters(meetingId: string): Promise<InviteeRow[]> {
    return this.database.db
      .select(inviteeColumns)
      .from(voters)
      .innerJoin(members, eq(members.id, voters.memberId))
      .where(eq(voters.meetingId, meetingId))
      .orderBy(asc(members.unit), asc(voters.createdAt), asc(voters.id));
  }

  async setLastInviteDate(voterId: string, at: Date): Promise<void> {
    await this.database.db
      .update(voters)
      .set({ lastInviteDate: at })
      .where(eq(voters.id, voterId));
  }
}
