import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { members, voters, type MailDeliveryStatus } from '../database/schema';

export interface InviteeRow {
  id: string;
  name: string;
  email: string;
  unit: string;
  emailsDisabled: boolean;
  lastInviteDate: Date | null;
  inviteStatus: MailDeliveryStatus | null;
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
  inviteStatus: voters.inviteStatus,
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

  /** What the mail server said of an invite; an accepted one also sets lastInviteDate. */
  async recordDelivery(
    voterId: string,
    at: Date,
    outcome: { status: MailDeliveryStatus; detail: string | null },
  ): Promise<void> {
    await this.database.db
      .update(voters)
      .set({
        inviteStatus: outcome.status,
        inviteAttemptedAt: at,
        inviteError: outcome.detail,
        ...(outcome.status === 'sent' ? { lastInviteDate: at } : {}),
      })
      .where(eq(voters.id, voterId));
  }
}
