import { Injectable } from '@nestjs/common';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import { documents, proxies } from '../database/schema';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * What voters may see: documents registered for them, and never a paper proxy's scan (the
 * member's own paper), however it was registered.
 */
const forVoters = and(
  eq(documents.forVoters, true),
  notExists(
    sql`(select 1 from ${proxies} where ${proxies.scanDocumentId} = ${documents.id})`,
  ),
);

@Injectable()
export class DocumentsRepository {
  constructor(private readonly database: Database) {}

  listForMeeting(meetingId: string): Promise<DocumentRow[]> {
    return this.database.db
      .select()
      .from(documents)
      .where(eq(documents.meetingId, meetingId))
      .orderBy(asc(documents.createdAt), asc(documents.id));
  }

  async find(
    meetingId: string,
    documentId: string,
  ): Promise<DocumentRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(documents)
      .where(
        and(eq(documents.meetingId, meetingId), eq(documents.id, documentId)),
      )
      .limit(1);
    return row;
  }

  async findByStorageKey(
    meetingId: string,
    storageKey: string,
  ): Promise<DocumentRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.meetingId, meetingId),
          eq(documents.storageKey, storageKey),
        ),
      )
      .limit(1);
    return row;
  }

  async insert(values: typeof documents.$inferInsert): Promise<DocumentRow> {
    const [row] = await this.database.db
      .insert(documents)
      .values(values)
      .returning();
    return row;
  }

  async delete(
    meetingId: string,
    documentId: string,
  ): Promise<DocumentRow | undefined> {
    const [row] = await this.database.db
      .delete(documents)
      .where(
        and(eq(documents.meetingId, meetingId), eq(documents.id, documentId)),
      )
      .returning();
    return row;
  }

  /** What the meeting's voters see: its documents, less the scans of paper proxies. */
  listForVoters(meetingId: string): Promise<DocumentRow[]> {
    return this.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.meetingId, meetingId), forVoters))
      .orderBy(asc(documents.createdAt), asc(documents.id));
  }

  async findForVoters(
    meetingId: string,
    documentId: string,
  ): Promise<DocumentRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.meetingId, meetingId),
          eq(documents.id, documentId),
          forVoters,
        ),
      )
      .limit(1);
    return row;
  }
}
