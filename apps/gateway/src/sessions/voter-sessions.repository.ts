import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Database } from '../database/database';
import { voters } from '../database/schema';

@Injectable()
export class VoterSessionsRepository {
  constructor(private readonly database: Database) {}

  /** The voter's e-mail, or undefined once the voter is deleted. */
  async emailOf(voterId: string): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ email: voters.email })
      .from(voters)
      .where(eq(voters.id, voterId))
      .limit(1);
    return row?.email;
  }
}
