import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import { Database } from '../database/database';
import { voters } from '../database/schema';

export interface VoterSessionRow {
  email: string;
  language: Language | null;
  isTestVoter: boolean;
}

@Injectable()
export class VoterSessionsRepository {
  constructor(private readonly database: Database) {}

  /** Each voter's e-mail, own language and test flag, by id; a deleted voter is not in the answer. */
  async sessionsOf(voterIds: string[]): Promise<Map<string, VoterSessionRow>> {
    const rows = await this.database.db
      .select({
        id: voters.id,
        email: voters.email,
        language: voters.language,
        isTestVoter: voters.isTestVoter,
      })
      .from(voters)
      .where(inArray(voters.id, voterIds));
    return new Map(rows.map(({ id, ...session }) => [id, session]));
  }
}
