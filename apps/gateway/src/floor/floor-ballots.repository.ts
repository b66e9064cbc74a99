import { Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { Database } from '../database/database';
import {
  floorEntries,
  matters,
  members,
  users,
  type FloorEntryStatus,
} from '../database/schema';

export type FloorEntryRow = typeof floorEntries.$inferSelect;
export type FloorEntryView = FloorEntryRow & {
  unit: string;
  recorderName: string | null;
  recorderEmail: string | null;
};

/** The SQL of floor ballots' double entry (the ballots themselves: BallotsRepository). */
@Injectable()
export class FloorBallotsRepository {
  constructor(private readonly database: Database) {}

  /** The matter's state and eligibility, share-locked as the ballot statement locks it. */
  async matterForShare(meetingId: string, matterId: string) {
    const [row] = await this.database.db
      .select({
        id: matters.id,
        liveStatus: matters.liveStatus,
        liveEndsAt: matters.liveEndsAt,
        allowProxyVote: matters.allowProxyVote,
        liveGeneration: matters.liveGeneration,
        eligibility: matters.eligibility,
        votingMethod: matters.votingMethod,
      })
      .from(matters)
      .where(and(eq(matters.id, matterId), eq(matters.meetingId, meetingId)))
      .for('share')
      .limit(1);
    return row;
  }

  /**
   * The member, locked against another floor entry of it until the transaction ends (no key
   * update: ballots of it, which only key-share it, still go through).
   */
  async memberForEntry(meetingId: string, memberId: string) {
    const [row] = await this.database.db
      .select({
        id: members.id,
        unit: members.unit,
        eligible: members.eligible,
        tags: members.tags,
      })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.meetingId, meetingId)))
      .for('no key update')
      .limit(1);
    return row;
  }

  /** The member's entries still pending on the matter, of any opening. */
  pending(matterId: string, memberId: string): Promise<FloorEntryRow[]> {
    return this.database.db
      .select()
      .from(floorEntries)
      .where(
        and(
          eq(floorEntries.matterId, matterId),
          eq(floorEntries.memberId, memberId),
          eq(floorEntries.status, 'pending'),
        ),
      )
      .orderBy(asc(floorEntries.entry));
  }

  /** Every pending entry of the matter, with the unit and who typed it. */
  /** The matter's pending entries, or only one member's (the sheet a clerk just typed). */
  pendingOfMatter(
    matterId: string,
    memberId?: string,
  ): Promise<FloorEntryView[]> {
    return this.database.db
      .select({
        ...getTableColumns(floorEntries),
        unit: members.unit,
        recorderName: users.name,
        recorderEmail: users.email,
      })
      .from(floorEntries)
      .innerJoin(members, eq(members.id, floorEntries.memberId))
      .leftJoin(users, eq(users.id, floorEntries.recordedBy))
      .where(
        and(
          eq(floorEntries.matterId, matterId),
          memberId ? eq(floorEntries.memberId, memberId) : undefined,
          eq(floorEntries.status, 'pending'),
        ),
      )
      .orderBy(asc(members.unit), asc(floorEntries.entry));
  }

  async insert(
    values: typeof floorEntries.$inferInsert,
  ): Promise<FloorEntryRow> {
    const [row] = await this.database.db
      .insert(floorEntries)
      .values(values)
      .returning();
    return row;
  }

  async resolve(
    ids: string[],
    change: {
      status: FloorEntryStatus;
      resolvedAt: Date;
      resolvedBy: string;
      ballotId?: string;
    },
  ): Promise<void> {
    if (!ids.length) return;
    await this.database.db
      .update(floorEntries)
      .set(change)
      .where(
        and(inArray(floorEntries.id, ids), eq(floorEntries.status, 'pending')),
      );
  }

  /** A pending entry of the matter, locked. */
  async pendingEntry(
    matterId: string,
    entryId: string,
  ): Promise<FloorEntryRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(floorEntries)
      .where(
        and(
          eq(floorEntries.id, entryId),
          eq(floorEntries.matterId, matterId),
          eq(floorEntries.status, 'pending'),
        ),
      )
      .for('update')
      .limit(1);
    return row;
  }
}
