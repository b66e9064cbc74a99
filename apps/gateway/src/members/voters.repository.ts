import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { ballots, voters } from '../database/schema';

export type VoterRow = typeof voters.$inferSelect;
export type VoterInsert = typeof voters.$inferInsert;

const CHUNK = 500;

const lowerEmail = (email: string) =>
  sql`lower(${voters.email}) = lower(${email})`;

@Injectable()
export class VotersRepository {
  constructor(private readonly database: Database) {}

  /** The voters of all the given members, in one query. */
  async listForMembers(memberIds: string[]): Promise<VoterRow[]> {
    if (!memberIds.length) return [];
    return this.database.db
      .select()
      .from(voters)
      .where(inArray(voters.memberId, memberIds))
      .orderBy(
        asc(voters.createdAt),
        asc(sql`lower(${voters.email})`),
        asc(voters.id),
      );
  }

  /** A voter of the member by e-mail, case-insensitively. */
  async findByEmail(
    memberId: string,
    email: string,
    options: { lock?: boolean } = {},
  ): Promise<VoterRow | undefined> {
    const query = this.database.db
      .select()
      .from(voters)
      .where(and(eq(voters.memberId, memberId), lowerEmail(email)))
      .limit(1);
    const [row] = options.lock
      ? await query.for('update', { of: voters })
      : await query;
    return row;
  }

  async emailTaken(
    memberId: string,
    email: string,
    exceptId?: string,
  ): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: voters.id })
      .from(voters)
      .where(
        and(
          eq(voters.memberId, memberId),
          lowerEmail(email),
          exceptId ? ne(voters.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async insert(values: VoterInsert): Promise<VoterRow> {
    const [row] = await this.database.db
      .insert(voters)
      .values(values)
      .returning();
    return row;
  }

  async update(
    voterId: string,
    values: Partial<VoterInsert>,
  ): Promise<VoterRow> {
    const [row] = await this.database.db
      .update(voters)
      .set(values)
      .where(eq(voters.id, voterId))
      .returning();
    return row;
  }

  async delete(voterId: string): Promise<void> {
    await this.database.db.delete(voters).where(eq(voters.id, voterId));
  }

  async castBallots(voterId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: ballots.id })
      .from(ballots)
      .where(eq(ballots.voterId, voterId))
      .limit(1);
    return Boolean(row);
  }

  /** Every voter of the meeting: id, member, e-mail and name (the import merges by e-mail). */
  listKeys(meetingId: string): Promise<
    {
      id: string;
      memberId: string;
      email: string;
      name: string;
      isTestVoter: boolean;
      language: Language | null;
    }[]
  > {
    return this.database.db
      .select({
        id: voters.id,
        memberId: voters.memberId,
        email: voters.email,
        name: voters.name,
        isTestVoter: voters.isTestVoter,
        language: voters.language,
      })
      .from(voters)
      .where(eq(voters.meetingId, meetingId));
  }

  async insertMany(rows: VoterInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK)
      await this.database.db.insert(voters).values(rows.slice(i, i + CHUNK));
  }

  /** Renames voters and sets their language (kept where null) in multi-row statements. */
  async renameMany(
    renames: { id: string; name: string; language: Language | null }[],
    updatedAt: Date,
  ): Promise<void> {
    for (let i = 0; i < renames.length; i += CHUNK) {
      const values = sql.join(
        renames
          .slice(i, i + CHUNK)
          .map(
            ({ id, name, language }) =>
              sql`(${id}::uuid, ${name}::text, ${language}::text)`,
          ),
        sql`, `,
      );
      await this.database.db.execute(
        sql`update ${voters} set name = v.name, language = coalesce(v.language, ${voters.language}), updated_at = ${updatedAt.toISOString()}::timestamptz from (values ${values}) as v(id, name, language) where ${voters.id} = v.id`,
      );
    }
  }
}
