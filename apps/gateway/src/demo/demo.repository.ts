import { Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { Database } from '../database/database';
import { accounts, accountUsers, meetings } from '../database/schema';

@Injectable()
export class DemoRepository {
  constructor(private readonly database: Database) {}

  async firstMeetingOfUser(userId: string) {
    const [row] = await this.database.db
      .select({
        accountKey: accounts.id,
        shortCode: meetings.shortCode,
        name: meetings.name,
      })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
      .innerJoin(meetings, eq(meetings.accountId, accounts.id))
      .where(eq(accountUsers.userId, userId))
      .orderBy(asc(meetings.createdAt))
      .limit(1);
    return row;
  }

  async insertMeeting(values: typeof meetings.$inferInsert) {
    const [row] = await this.database.db
      .insert(meetings)
      .values(values)
      .returning();
    return row;
  }
}
