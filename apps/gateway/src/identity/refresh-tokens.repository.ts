import { Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { Database } from '../database/database';
import { refreshTokens, users } from '../database/schema';

@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly database: Database) {}

  async insert(values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.database.db.insert(refreshTokens).values(values);
  }

  /** The unrevoked token with this hash, with its user's password-change time. */
  async findUsable(tokenHash: string) {
    const [row] = await this.database.db
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        expiresAt: refreshTokens.expiresAt,
        createdAt: refreshTokens.createdAt,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .limit(1);
    return row;
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ lastUsedAt: at })
      .where(eq(refreshTokens.id, id));
  }

  /** Revokes the token with this hash; false when none was usable. */
  async revokeByHash(tokenHash: string, at: Date): Promise<boolean> {
    const rows = await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  async revokeAllForUser(userId: string, at: Date): Promise<void> {
    await this.database.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
      );
  }
}
