import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';

/** What presence reads and writes in PostgreSQL: proxies for the quorum, attendance. */
@Injectable()
export class PresenceRepository {
  constructor(private readonly database: Database) {}

  /** Members of the meeting holding a proxy ballot on any matter who are not present. */
  async proxiesNotPresent(
    meetingId: string,
    presentMemberIds: string[],
  ): Promise<number> {
    const present = JSON.stringify(presentMemberIds);
    const result = await this.database.db.execute(sql`
      select count(distinct b.member_id)::int as n
      from ballots b join matters m on m.id = b.matter_id
      where m.meeting_id = ${meetingId} and b.method = 'proxy'
        and not (to_jsonb(b.member_id::text) <@ ${present}::jsonb)
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
