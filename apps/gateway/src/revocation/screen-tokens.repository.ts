import { Injectable } from '@nestjs/common';
import {
  and,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import { Database } from '../database/database';
import {
  accountUsers,
  meetings,
  screenTokens,
  users,
} from '../database/schema';

export type ScreenTokenRow = typeof screenTokens.$inferSelect;

/** A live token as managers list it, with its maker's e-mail. */
export interface ListedScreenToken {
  id: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date | null;
}

/** What a node keeps of a screen's token while its socket is open. */
export interface AdmittedScreenToken {
  accountId: string;
  createdBy: string;
  expiresAt: Date;
  lastSeenAt: Date | null;
}

const live = (now: Date) =>
  and(isNull(screenTokens.revokedAt), gt(screenTokens.expiresAt, now));

@Injectable()
export class ScreenTokensRepository {
  constructor(private readonly database: Database) {}

  async insert(values: {
    meetingId: string;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<ScreenTokenRow> {
    const [row] = await this.database.db
      .insert(screenTokens)
      .values(values)
      .returning();
    return row;
  }

  listLive(meetingId: string, now: Date): Promise<ListedScreenToken[]> {
    return this.database.db
      .select({
        id: screenTokens.id,
        createdBy: users.email,
        createdAt: screenTokens.createdAt,
        expiresAt: screenTokens.expiresAt,
        lastSeenAt: screenTokens.lastSeenAt,
      })
      .from(screenTokens)
      .innerJoin(users, eq(users.id, screenTokens.createdBy))
      .where(and(eq(screenTokens.meetingId, meetingId), live(now)))
      .orderBy(desc(screenTokens.createdAt), desc(screenTokens.id));
  }

  /**
   * The token when it is live for that meeting and its maker still belongs to the meeting's
   * account (a removal that did not revoke it, for any reason, still ends it).
   */
  async findAdmissible(
    key: string,
    meetingId: string,
    now: Date,
  ): Promise<AdmittedScreenToken | undefined> {
    const [row] = await this.database.db
      .select({
        accountId: meetings.accountId,
        createdBy: screenTokens.createdBy,
        expiresAt: screenTokens.expiresAt,
        lastSeenAt: screenTokens.lastSeenAt,
      })
      .from(screenTokens)
      .innerJoin(meetings, eq(meetings.id, screenTokens.meetingId))
      .innerJoin(
        accountUsers,
        and(
          eq(accountUsers.accountId, meetings.accountId),
          eq(accountUsers.userId, screenTokens.createdBy),
        ),
      )
      .where(
        and(
          eq(screenTokens.id, key),
          eq(screenTokens.meetingId, meetingId),
          live(now),
        ),
      )
      .limit(1);
    return row;
  }

  /** Revokes a live token of the meeting; false when there is none by that key. */
  async revoke(key: string, meetingId: string, now: Date): Promise<boolean> {
    const rows = await this.database.db
      .update(screenTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(screenTokens.id, key),
          eq(screenTokens.meetingId, meetingId),
          live(now),
        ),
      )
      .returning({ id: screenTokens.id });
    return rows.length === 1;
  }

  /** Revokes the live tokens the user made for the account's meetings. */
  async revokeMadeBy(
    accountId: string,
    userId: string,
    now: Date,
  ): Promise<void> {
    await this.database.db
      .update(screenTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(screenTokens.createdBy, userId),
          inArray(
            screenTokens.meetingId,
            this.database.db
              .select({ id: meetings.id })
              .from(meetings)
              .where(eq(meetings.accountId, accountId)),
          ),
          live(now),
        ),
      );
  }

  /** Marks the token seen now, unless it was seen since `staleBefore`. */
  async touch(key: string, now: Date, staleBefore: Date): Promise<void> {
    await this.database.db
      .update(screenTokens)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(screenTokens.id, key),
          or(
            isNull(screenTokens.lastSeenAt),
            lt(screenTokens.lastSeenAt, staleBefore),
          ),
        ),
      );
  }

  /** Marks the live ones of the tokens seen now; answers which are still admissible. */
  async touchOpen(keys: string[], now: Date): Promise<Set<string>> {
    const rows = await this.database.db
      .update(screenTokens)
      .set({ lastSeenAt: now })
      .where(
        and(
          inArray(screenTokens.id, keys),
          live(now),
          exists(
            this.database.db
              .select({ one: sql`1` })
              .from(meetings)
              .innerJoin(
                accountUsers,
                eq(accountUsers.accountId, meetings.accountId),
              )
              .where(
                and(
                  eq(meetings.id, screenTokens.meetingId),
                  eq(accountUsers.userId, screenTokens.createdBy),
                ),
              ),
          ),
        ),
      )
      .returning({ id: screenTokens.id });
    return new Set(rows.map((row) => row.id));
  }
}
