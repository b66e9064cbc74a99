import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { accountUsers, meetings } from '../database/schema';

const IS_CLERK = sql<boolean>`${accountUsers.roles} @> '["clerk"]'::jsonb`;

/** Whether a user is a clerk where a request lands, read afresh for every request. */
@Injectable()
export class TeamRolesRepository {
  constructor(private readonly database: Database) {}

  async isClerkForMeeting(userId: string, shortCode: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ clerk: IS_CLERK })
      .from(meetings)
      .innerJoin(
        accountUsers,
        and(
          eq(accountUsers.accountId, meetings.accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .where(eq(meetings.shortCode, shortCode))
      .limit(1);
    return row?.clerk === true;
  }

  async isClerkForAccount(userId: string, accountId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ clerk: IS_CLERK })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .limit(1);
    return row?.clerk === true;
  }
}
