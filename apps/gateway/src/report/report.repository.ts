import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';

export interface MethodTurnout {
  method: 'proxy' | 'live' | 'other';
  votes: number;
  shares: string;
}

/** What the results report reads besides matters and their recounts. */
@Injectable()
export class ReportRepository {
  constructor(private readonly database: Database) {}

  async accountName(accountId: string): Promise<string> {
    const result = await this.database.db.execute(
      sql`select name from accounts where id = ${accountId}`,
    );
    return rowsOf<{ name: string }>(result)[0]?.name ?? '';
  }

  /** Ballots and their shares per method: turnout, never per option. */
  async turnout(matterId: string): Promise<MethodTurnout[]> {
    const result = await this.database.db.execute(sql`
      select method, count(*)::int as votes, coalesce(sum(weight), 0)::text as shares
      from ballots where matter_id = ${matterId} group by method
    `);
    return rowsOf<MethodTurnout>(result);
  }

  /** The units that voted and by which method, never what they chose. */
  async voted(
    matterId: string,
  ): Promise<{ unit: string; method: 'proxy' | 'live' | 'other' }[]> {
    const result = await this.database.db.execute(sql`
      select mb.unit, b.method from ballots b join members mb on mb.id = b.member_id
      where b.matter_id = ${matterId}
    `);
    return rowsOf(result);
  }
}
