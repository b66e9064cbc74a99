import { Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { Database } from '../database/database';
import {
  partnerAuthorizationCodes,
  partnerGrants,
  partnerTokens,
  users,
  type PartnerTokenKind,
} from '../database/schema';

export type AuthorizationCodeRow =
  typeof partnerAuthorizationCodes.$inferSelect;

/** Authorization codes, grants (token families) and their tokens. */
@Injectable()
export class PartnerGrantsRepository {
  constructor(private readonly database: Database) {}

  async insertCode(
    values: typeof partnerAuthorizationCodes.$inferInsert,
  ): Promise<void> {
    await this.database.db.insert(partnerAuthorizationCodes).values(values);
  }

  /** The code row, locked: a concurrent exchange of the same code waits and then sees it used. */
  async findCodeForUpdate(
    codeHash: string,
  ): Promise<AuthorizationCodeRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(partnerAuthorizationCodes)
      .where(eq(partnerAuthorizationCodes.codeHash, codeHash))
      .limit(1)
      .for('update');
    return row;
  }

  async markCodeUsed(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(partnerAuthorizationCodes)
      .set({ usedAt: at })
      .where(eq(partnerAuthorizationCodes.id, id));
  }

  async insertGrant(values: {
    clientId: string;
    userId: string;
    codeId: string;
    scope: string;
    approvedAt: Date;
    createdAt: Date;
  }): Promise<string> {
    const [row] = await this.database.db
      .insert(partnerGrants)
      .values(values)
      .returning({ id: partnerGrants.id });
    return row.id;
  }

  async revokeGrantsOfCode(codeId: string, at: Date): Promise<number> {
    const rows = await this.database.db
      .update(partnerGrants)
      .set({ revokedAt: at })
      .where(
        and(eq(partnerGrants.codeId, codeId), isNull(partnerGrants.revokedAt)),
      )
      .returning({ id: partnerGrants.id });
    return rows.length;
  }

  async revokeGrant(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(partnerGrants)
      .set({ revokedAt: at })
      .where(and(eq(partnerGrants.id, id), isNull(partnerGrants.revokedAt)));
  }

  async insertTokens(
    rows: {
      grantId: string;
      kind: PartnerTokenKind;
      tokenHash: string;
      expiresAt: Date;
      createdAt: Date;
    }[],
  ): Promise<void> {
    await this.database.db.insert(partnerTokens).values(rows);
  }

  /** A refresh token with its grant, locked, so two concurrent uses cannot both rotate it. */
  async findRefreshForUpdate(tokenHash: string) {
    const [row] = await this.database.db
      .select({
        id: partnerTokens.id,
        grantId: partnerTokens.grantId,
        expiresAt: partnerTokens.expiresAt,
        rotatedAt: partnerTokens.rotatedAt,
        clientId: partnerGrants.clientId,
        revokedAt: partnerGrants.revokedAt,
        approvedAt: partnerGrants.approvedAt,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(partnerTokens)
      .innerJoin(partnerGrants, eq(partnerGrants.id, partnerTokens.grantId))
      .innerJoin(users, eq(users.id, partnerGrants.userId))
      .where(
        and(
          eq(partnerTokens.tokenHash, tokenHash),
          eq(partnerTokens.kind, 'refresh'),
        ),
      )
      .limit(1)
      .for('update', { of: partnerTokens });
    return row;
  }

  async markRotated(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(partnerTokens)
      .set({ rotatedAt: at })
      .where(eq(partnerTokens.id, id));
  }
}
