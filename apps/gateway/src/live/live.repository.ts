import { Injectable } from '@nestjs/common';
import { representedSql } from '@livevote/rules';
import { eq, sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';
import { meetings } from '../database/schema';

const REPRESENTED = sql.raw(representedSql({ member: 'mb', meeting: 'mt' }));

@Injectable()
export class LiveRepository {
  constructor(private readonly database: Database) {}

  async meetingByShortCode(shortCode: string) {
    if (!/^[a-z0-9-]{1,64}$/.test(shortCode)) return undefined;
    const [row] = await this.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.shortCode, shortCode))
      .limit(1);
    return row;
  }

  async meetingById(meetingId: string) {
    const [row] = await this.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.id, meetingId))
      .limit(1);
    return row;
  }

  /** Members of the meeting not present who are represented (libs/rules quorum.ts). */
  async proxiesNotPresent(
    meetingId: string,
    presentMemberIds: string[],
  ): Promise<number> {
    const present = JSON.stringify(presentMemberIds);
    const result = await this.database.db.execute(sql`
      select count(*)::int as n
      from members mb join meetings mt on mt.id = mb.meeting_id
      where mb.meeting_id = ${meetingId}
        and not (to_jsonb(mb.id::text) <@ ${present}::jsonb)
        and ${REPRESENTED}
    `);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /** Marks voters as having attended (the stats' inAttendance), one statement per flush. */
  async markInAttendance(voterIds: string[]): Promise<void> {
    if (!voterIds.length) return;
    await this.database.db.execute(sql`
      update voters set in_attendance = true
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(voterIds)}::jsonb))
        and not in_attendance
    `);
  }
}
