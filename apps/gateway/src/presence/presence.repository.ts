import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';

/** What presence writes in PostgreSQL: attendance (the quorum's figures are ResultsRepository.quorumWeights). */
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

  /** Whether a voter of the member has attended the meeting (`in_attendance`). */
  async hasAttended(memberId: string): Promise<boolean> {
    const result = await this.database.db.execute(sql`
      select exists (select 1 from voters where member_id = ${memberId} and in_attendance) as attended
    `);
    return Boolean(rowsOf<{ attended: boolean }>(result)[0]?.attended);
  }
}
