import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import {
  members,
  questions,
  voters,
  type QuestionStatus,
} from '../database/schema';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionWithUnit = QuestionRow & { unit: string };
type QuestionChange = Partial<
  Pick<
    QuestionRow,
    'status' | 'reply' | 'repliedAt' | 'onScreen' | 'moderatedBy' | 'updatedAt'
  >
>;

const withUnit = { ...getTableColumns(questions), unit: members.unit };

/** Questions of meetings: the SQL and nothing else (rules in QuestionsService). */
@Injectable()
export class QuestionsRepository {
  constructor(private readonly database: Database) {}

  /** The voter still voting for that member, with its name (null once deleted). */
  async voter(
    voterId: string,
    memberId: string,
  ): Promise<{ name: string } | undefined> {
    const [row] = await this.database.db
      .select({ name: voters.name })
      .from(voters)
      .where(and(eq(voters.id, voterId), eq(voters.memberId, memberId)))
      .limit(1);
    return row;
  }

  /** Holds, until the transaction ends, the right to add to the meeting's queue (any node). */
  async lockQueue(meetingId: string): Promise<void> {
    await this.database.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`questions:${meetingId}`}, 0))`,
    );
  }

  /** Questions waiting for the chair: the meeting's, and the member's among them. */
  async waiting(
    meetingId: string,
    memberId: string,
  ): Promise<{ meeting: number; member: number }> {
    const [row] = await this.database.db
      .select({
        meeting: sql<number>`count(*)::int`,
        member: sql<number>`(count(*) filter (where ${questions.memberId} = ${memberId}))::int`,
      })
      .from(questions)
      .where(
        and(eq(questions.meetingId, meetingId), eq(questions.status, 'new')),
      );
    return { meeting: Number(row.meeting), member: Number(row.member) };
  }

  async insert(values: typeof questions.$inferInsert): Promise<QuestionRow> {
    const [row] = await this.database.db
      .insert(questions)
      .values(values)
      .returning();
    return row;
  }

  /** The chair's queue, oldest first. */
  list(
    meetingId: string,
    status?: QuestionStatus,
  ): Promise<QuestionWithUnit[]> {
    return this.database.db
      .select(withUnit)
      .from(questions)
      .innerJoin(members, eq(members.id, questions.memberId))
      .where(
        and(
          eq(questions.meetingId, meetingId),
          status ? eq(questions.status, status) : undefined,
        ),
      )
      .orderBy(asc(questions.askedAt), asc(questions.id));
  }

  /** A voter's own questions, newest first. */
  own(meetingId: string, voterId: string): Promise<QuestionRow[]> {
    return this.database.db
      .select()
      .from(questions)
      .where(
        and(eq(questions.meetingId, meetingId), eq(questions.voterId, voterId)),
      )
      .orderBy(desc(questions.askedAt), desc(questions.id));
  }

  async withUnit(id: string): Promise<QuestionWithUnit | undefined> {
    const [row] = await this.database.db
      .select(withUnit)
      .from(questions)
      .innerJoin(members, eq(members.id, questions.memberId))
      .where(eq(questions.id, id))
      .limit(1);
    return row;
  }

  /** The question of the meeting, locked until the transaction ends. */
  async forUpdate(
    meetingId: string,
    id: string,
  ): Promise<QuestionRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(questions)
      .where(and(eq(questions.id, id), eq(questions.meetingId, meetingId)))
      .for('update')
      .limit(1);
    return row;
  }

  async update(id: string, change: QuestionChange): Promise<void> {
    await this.database.db
      .update(questions)
      .set(change)
      .where(eq(questions.id, id));
  }

  /** Takes the meeting's other question off the screen; the ids taken off. */
  async clearScreen(
    meetingId: string,
    keep: string,
    at: Date,
  ): Promise<string[]> {
    const rows = await this.database.db
      .update(questions)
      .set({ onScreen: false, updatedAt: at })
      .where(
        and(
          eq(questions.meetingId, meetingId),
          eq(questions.onScreen, true),
          ne(questions.id, keep),
        ),
      )
      .returning({ id: questions.id });
    return rows.map((row) => row.id);
  }

  async onScreen(meetingId: string): Promise<QuestionRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(questions)
      .where(
        and(eq(questions.meetingId, meetingId), eq(questions.onScreen, true)),
      )
      .limit(1);
    return row;
  }

  /** Deletes a voter's questions; answers them as they were (was one on the screen?). */
  async deleteByVoter(voterId: string): Promise<QuestionRow[]> {
    return this.database.db
      .delete(questions)
      .where(eq(questions.voterId, voterId))
      .returning();
  }
}
