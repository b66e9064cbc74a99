import { Injectable } from '@nestjs/common';
import { representedSql } from '@livevote/rules';
import { sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';

const REPRESENTED = sql.raw(representedSql({ member: 'mb', meeting: 'mt' }));

/** What presence reads and writes in PostgreSQL: who is represented for the quorum, attendance. */
@Injectable()
export class PresenceRepository {
  constructor(private readonly database: Database) {}

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
