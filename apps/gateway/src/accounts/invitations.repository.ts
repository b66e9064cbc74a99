import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { InvitationStatus } from '@livevote/contracts';
import { Database } from '../database/database';
import {
  accountInvitations,
  accounts,
  type AccountRole,
} from '../database/schema';

export type InvitationRow = typeof accountInvitations.$inferSelect;

const sameEmail = (email: string) =>
  eq(sql`lower(${accountInvitations.email})`, email.toLowerCase());

/** A pending invitation: neither accepted nor revoked, and not yet expired. */
const pendingAt = (now: Date) =>
  and(
    isNull(accountInvitations.acceptedAt),
    isNull(accountInvitations.revokedAt),
    gt(accountInvitations.expiresAt, now),
  );

@Injectable()
export class InvitationsRepository {
  constructor(private readonly database: Database) {}

  async insert(values: {
    accountId: string;
    email: string;
    roles: AccountRole[];
    tokenHash: string;
    invitedBy: string;
    invitedAt: Date;
    expiresAt: Date;
  }): Promise<InvitationRow> {
    const [row] = await this.database.db
      .insert(accountInvitations)
      .values(values)
      .returning();
    return row;
  }

  async findPending(
    accountId: string,
    email: string,
    now: Date,
  ): Promise<InvitationRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(accountInvitations)
      .where(
        and(
          eq(accountInvitations.accountId, accountId),
          sameEmail(email),
          pendingAt(now),
        ),
      )
      .limit(1);
    return row;
  }

  list(
    accountId: string,
    status: InvitationStatus,
    now: Date,
  ): Promise<InvitationRow[]> {
    const byStatus = {
      pending: pendingAt(now),
      accepted: isNotNull(accountInvitations.acceptedAt),
      revoked: isNotNull(accountInvitations.revokedAt),
      expired: and(
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
        lte(accountInvitations.expiresAt, now),
      ),
    }[status];
    return this.database.db
      .select()
      .from(accountInvitations)
      .where(and(eq(accountInvitations.accountId, accountId), byStatus))
      .orderBy(desc(accountInvitations.invitedAt), desc(accountInvitations.id))
      .limit(500);
  }

  async findInAccount(
    accountId: string,
    id: string,
  ): Promise<InvitationRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(accountInvitations)
      .where(
        and(
          eq(accountInvitations.accountId, accountId),
          eq(accountInvitations.id, id),
        ),
      )
      .for('update')
      .limit(1);
    return row;
  }

  /**
   * Revokes the pending invitations a user sent in an account: what a user removed, or no longer
   * an owner, sent must not let anyone in after them (docs/team.md). Their number.
   */
  async revokePendingBy(
    accountId: string,
    userId: string,
    at: Date,
  ): Promise<number> {
    const rows = await this.database.db
      .update(accountInvitations)
      .set({ revokedAt: at })
      .where(
        and(
          eq(accountInvitations.accountId, accountId),
          eq(accountInvitations.invitedBy, userId),
          pendingAt(at),
        ),
      )
      .returning({ id: accountInvitations.id });
    return rows.length;
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(accountInvitations)
      .set({ revokedAt: at })
      .where(eq(accountInvitations.id, id));
  }

  /** The invitation of a token, locked until the transaction ends, with its account's name. */
  async findByTokenHash(
    tokenHash: string,
    lock: boolean,
  ): Promise<(InvitationRow & { accountName: string }) | undefined> {
    const query = this.database.db
      .select({ invitation: accountInvitations, accountName: accounts.name })
      .from(accountInvitations)
      .innerJoin(accounts, eq(accounts.id, accountInvitations.accountId))
      .where(eq(accountInvitations.tokenHash, tokenHash))
      .limit(1);
    const [row] = lock
      ? await query.for('update', { of: accountInvitations })
      : await query;
    return row && { ...row.invitation, accountName: row.accountName };
  }

  async markAccepted(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(accountInvitations)
      .set({ acceptedAt: at })
      .where(eq(accountInvitations.id, id));
  }
}
