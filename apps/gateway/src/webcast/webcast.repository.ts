import { Injectable } from '@nestjs/common';
import { count, eq } from 'drizzle-orm';
import { Database } from '../database/database';
import { voters, webcasts } from '../database/schema';

export type WebcastRow = typeof webcasts.$inferSelect;

@Injectable()
export class WebcastRepository {
  constructor(private readonly database: Database) {}

  async findForMeeting(meetingId: string): Promise<WebcastRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(webcasts)
      .where(eq(webcasts.meetingId, meetingId))
      .limit(1);
    return row;
  }

  async insert(values: typeof webcasts.$inferInsert): Promise<WebcastRow> {
    const [row] = await this.database.db
      .insert(webcasts)
      .values(values)
      .returning();
    return row;
  }

  async update(
    id: string,
    values: Partial<typeof webcasts.$inferInsert>,
  ): Promise<WebcastRow> {
    const [row] = await this.database.db
      .update(webcasts)
      .set(values)
      .where(eq(webcasts.id, id))
      .returning();
    return row;
  }

  async countVoters(meetingId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(voters)
      .where(eq(voters.meetingId, meetingId));
    return Number(row?.n ?? 0);
  }
}
