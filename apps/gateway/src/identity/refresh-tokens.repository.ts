import { Injectable } from '@nestjs/common';
import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { Database } from '../database/database';
import { refreshTokens, users } from '../database/schema';

@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly database: Database) {}

  async insert(values: {
    userId: string;
    tokenHash: string;
    familyId: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.database.db.insert(refreshTokens).values(values);
  }

  /** The token with this hash, whatever its state, with its user's password-change time. */
  async findByHash(tokenHash: string) {
    const [row] = await this.database.db
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        createdAt: refreshTokens.createdAt,
        revokedAt: refreshTokens.revokedAt,
        rotatedAt: refreshTokens.rotatedAt,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ lastUsedAt: at })
      .where(eq(refreshTokens.id, id));
  }

  /**
   * Marks the token replaced by a rotation; false when it already was (or was revoked), which
   * is a replay racing the first use.
   */
  async claimRotation(id: string, at: Date): Promise<boolean> {
    const rows = await this.database.db
      .update(refreshTokens)
      .set({ rotatedAt: at, lastUsedAt: at })
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  /** Revokes every token of the family (a sign-out, or a replayed rotated token). */
  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }

  async revokeAllForUser(userId: string, at: Date): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
      );
  }

  /**
   * Deletes the user's tokens that can never be honoured again: expired (a family's tokens
   * share its end) or revoked. Presented later, such a token is refused just the same (no row
   * answers as a dead one does), so nothing of the replay rule is lost; rotated tokens of a
   * live family stay, as they are what detects a replay. Answers how many went.
   */
  async deleteDead(userId: string, now: Date): Promise<number> {
    const rows = await this.database.db
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          or(
            lte(refreshTokens.expiresAt, now),
            isNotNull(refreshTokens.revokedAt),
          ),
        ),
      )
      .returning({ id: refreshTokens.id });
    return rows.length;
  }
}
