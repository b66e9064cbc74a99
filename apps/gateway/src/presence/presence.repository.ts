import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';

/** What presence keeps in PostgreSQL: attendance, and who is checked in at the desk (the quorum's figures are ResultsRepository.quorumWeights). */
@Injectable()
export class PresenceRepository {
  constructor(private readonly database: Database) {}

  /** Marks voters as having attended (the stats' inAttendance), one statement per flush. */
  async markInAttendance(voterIds: string[]): Promise<void> {
    if (!voterIds.length) return;
    await this.database.db.execute(sql`
      update voters set in_attendance = true
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(voterIds)}::jsonb))
        and not in_attendance
    `);
  }

  /** Members with a voter checked in at the desk now. */
  async checkedInMembers(meetingId: string): Promise<string[]> {
    const result = await this.database.db.execute(sql`
      select distinct member_id from voters
      where meeting_id = ${meetingId} and checked_in_at is not null
    `);
    return rowsOf<{ member_id: string }>(result).map((row) => row.member_id);
  }
}
