import { Injectable } from '@nestjs/common';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import {
  meetings,
  voters,
  webcastAttendees,
  webcastEvents,
  webcasts,
} from '../database/schema';

export type WebcastRow = typeof webcasts.$inferSelect;
export type WebcastAttendeeRow = typeof webcastAttendees.$inferSelect;

/** A voter as the webcast's sync sees it. */
export interface WebcastVoterRow {
  id: string;
  name: string;
  email: string;
  isPanelist: boolean;
}

@Injectable()
export class WebcastRepository {
  constructor(private readonly database: Database) {}

  async findForMeeting(
    meetingId: string,
    options: { lock?: boolean } = {},
  ): Promise<WebcastRow | undefined> {
    const query = this.database.db
      .select()
      .from(webcasts)
      .where(eq(webcasts.meetingId, meetingId))
      .limit(1);
    const [row] = await (options.lock ? query.for('update') : query);
    return row;
  }

  async meetingOf(
    meetingId: string,
  ): Promise<typeof meetings.$inferSelect | undefined> {
    const [row] = await this.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.id, meetingId))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<WebcastRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(webcasts)
      .where(eq(webcasts.id, id))
      .limit(1);
    return row;
  }

  /** The webcast whose room at `provider` has that id, locked for the event's change. */
  async findByCastId(
    provider: string,
    castId: number,
  ): Promise<WebcastRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(webcasts)
      .where(
        and(
          eq(webcasts.castId, castId),
          sql`${webcasts.meta} -> 'room' ->> 'provider' = ${provider}`,
        ),
      )
      .limit(1)
      .for('update');
    return row;
  }

  async insert(values: typeof webcasts.$inferInsert): Promise<WebcastRow> {
    const [row] = await this.database.db
      .insert(webcasts)
      .values(values)
      .returning();
    return row;
  }

  async update(
    id: string,
    values: Partial<typeof webcasts.$inferInsert>,
  ): Promise<WebcastRow> {
    const [row] = await this.database.db
      .update(webcasts)
      .set(values)
      .where(eq(webcasts.id, id))
      .returning();
    return row;
  }

  /**
   * Sets the status an event reports, unless an event that happened later already set one;
   * undefined when nothing changed.
   */
  async setStatusFromEvent(
    id: string,
    status: string,
    at: Date,
    now: Date,
  ): Promise<WebcastRow | undefined> {
    const [row] = await this.database.db
      .update(webcasts)
      .set({ status, statusAt: at, updatedAt: now })
      .where(
        and(
          eq(webcasts.id, id),
          or(isNull(webcasts.statusAt), lt(webcasts.statusAt, at)),
        ),
      )
      .returning();
    return row;
  }

  /** Records that an event was applied; false when it had been before (a replay). */
  async recordEvent(
    provider: string,
    eventKey: string,
    at: Date,
  ): Promise<boolean> {
    const rows = await this.database.db
      .insert(webcastEvents)
      .values({ provider, eventKey, receivedAt: at })
      .onConflictDoNothing()
      .returning({ eventKey: webcastEvents.eventKey });
    return rows.length > 0;
  }

  /** Voters who may join the video room: all but those a webinar seats as panelists. */
  async countAudience(meetingId: string, webinar: boolean): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(voters)
      .where(
        webinar
          ? and(eq(voters.meetingId, meetingId), eq(voters.isPanelist, false))
          : eq(voters.meetingId, meetingId),
      );
    return Number(row?.n ?? 0);
  }

  async votersOf(meetingId: string): Promise<WebcastVoterRow[]> {
    return this.database.db
      .select({
        id: voters.id,
        name: voters.name,
        email: voters.email,
        isPanelist: voters.isPanelist,
      })
      .from(voters)
      .where(eq(voters.meetingId, meetingId))
      .orderBy(voters.createdAt, voters.id);
  }

  async voter(
    meetingId: string,
    voterId: string,
  ): Promise<WebcastVoterRow | undefined> {
    const [row] = await this.database.db
      .select({
        id: voters.id,
        name: voters.name,
        email: voters.email,
        isPanelist: voters.isPanelist,
      })
      .from(voters)
      .where(and(eq(voters.meetingId, meetingId), eq(voters.id, voterId)))
      .limit(1);
    return row;
  }

  async attendees(webcastId: string): Promise<WebcastAttendeeRow[]> {
    return this.database.db
      .select()
      .from(webcastAttendees)
      .where(eq(webcastAttendees.webcastId, webcastId));
  }

  async attendee(
    webcastId: string,
    voterId: string,
  ): Promise<WebcastAttendeeRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(webcastAttendees)
      .where(
        and(
          eq(webcastAttendees.webcastId, webcastId),
          eq(webcastAttendees.voterId, voterId),
        ),
      )
      .limit(1);
    return row;
  }

  /** Keeps what the provider answered for a voter, whoever wrote it first. */
  async saveAttendee(
    values: Omit<
      typeof webcastAttendees.$inferInsert,
      'id' | 'createdAt' | 'updatedAt'
    > & { voterId: string },
    now: Date,
  ): Promise<void> {
    await this.database.db
      .insert(webcastAttendees)
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [webcastAttendees.webcastId, webcastAttendees.voterId],
        set: {
          email: values.email,
          role: values.role,
          providerId: values.providerId,
          joinUrl: values.joinUrl,
          updatedAt: now,
        },
      });
  }

  async deleteAttendee(id: string): Promise<void> {
    await this.database.db
      .delete(webcastAttendees)
      .where(eq(webcastAttendees.id, id));
  }

  /** Keeps the provider's room as rescheduled, unless the room was replaced meanwhile. */
  async setRoom(
    id: string,
    castId: number,
    room: Record<string, unknown>,
    now: Date,
  ): Promise<void> {
    await this.database.db
      .update(webcasts)
      .set({
        meta: sql`jsonb_set(${webcasts.meta}, '{room}', ${JSON.stringify(room)}::jsonb)`,
        updatedAt: now,
      })
      .where(and(eq(webcasts.id, id), eq(webcasts.castId, castId)));
  }

  /** A new room knows none of the old one's panelists and registrants. */
  async deleteAttendees(webcastId: string): Promise<void> {
    await this.database.db
      .delete(webcastAttendees)
      .where(eq(webcastAttendees.webcastId, webcastId));
  }
}
