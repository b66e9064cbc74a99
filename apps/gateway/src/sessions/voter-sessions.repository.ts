import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Database } from '../database/database';
import { voters } from '../database/schema';

@Injectable()
export class VoterSessionsRepository {
  constructor(private readonly database: Database) {}

  /** The voter's e-mail and own language, or undefined once the voter is deleted. */
  async sessionOf(
    voterId: string,
  ): Promise<{ email: string; language: Language | null } | undefined> {
    const [row] = await this.database.db
      .select({ email: voters.email, language: voters.language })
      .from(voters)
      .where(eq(voters.id, voterId))
      .limit(1);
    return row;
  }
}
