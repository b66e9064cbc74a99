import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '@livevote/i18n';
import { Database, rowsOf } from '../database/database';
import { members, voters, type RsvpAnswer } from '../database/schema';

/** A voter with its member, as the desk and the portal's attendance read it. */
export interface DeskVoterRow {
  id: string;
  meetingId: string;
  memberId: string;
  name: string;
  email: string;
  unit: string;
  shares: number;
  rsvp: RsvpAnswer | null;
  rsvpAt: Date | null;
  checkInCode: string;
  checkedInAt: Date | null;
  /** The voter's own language, if it chose one (docs/i18n.md). */
  language: Language | null;
}

const deskColumns = {
  id: voters.id,
  meetingId: voters.meetingId,
  memberId: voters.memberId,
  name: voters.name,
  email: voters.email,
  unit: members.unit,
  shares: members.shares,
  rsvp: voters.rsvp,
  rsvpAt: voters.rsvpAt,
  checkInCode: voters.checkInCode,
  checkedInAt: voters.checkedInAt,
  language: voters.language,
};

@Injectable()
export class CheckInsRepository {
  constructor(private readonly database: Database) {}

  /** The voter holding the code, in any meeting (the caller compares); locked when asked. */
  byCode(code: string, lock: boolean): Promise<DeskVoterRow | undefined> {
    return this.one(eq(voters.checkInCode, code), lock);
  }

  byId(
    meetingId: string,
    voterId: string,
    lock: boolean,
  ): Promise<DeskVoterRow | undefined> {
    return this.one(
      and(eq(voters.meetingId, meetingId), eq(voters.id, voterId)),
      lock,
    );
  }

  async memberByControlNumber(meetingId: string, controlNumber: string) {
    const [row] = await this.database.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.meetingId, meetingId),
          eq(members.controlNumber, controlNumber),
        ),
      )
      .limit(1);
    return row;
  }

  /** The member's voter with that e-mail (any case), created when there is none. */
  async walkIn(
    meetingId: string,
    memberId: string,
    person: { name: string; email: string },
    now: Date,
  ): Promise<DeskVoterRow> {
    await this.database.db
      .insert(voters)
      .values({
        meetingId,
        memberId,
        name: person.name,
        email: person.email,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const found = await this.one(
      and(
        eq(voters.memberId, memberId),
        eq(sql`lower(${voters.email})`, person.email.toLowerCase()),
      ),
      true,
    );
    if (!found) throw new Error(`walk-in voter of member ${memberId} missing`);
    return found;
  }

  /** Checks the voter in; a check-in also marks the voter as having attended. */
  async checkIn(voterId: string, userId: string, now: Date): Promise<Date> {
    await this.database.db
      .update(voters)
      .set({ checkedInAt: now, checkedInBy: userId, inAttendance: true })
      .where(eq(voters.id, voterId));
    return now;
  }

  async checkOut(voterId: string): Promise<void> {
    await this.database.db
      .update(voters)
      .set({ checkedInAt: null, checkedInBy: null })
      .where(eq(voters.id, voterId));
  }

  /** Who is checked in now, by unit. */
  checkedIn(meetingId: string): Promise<DeskVoterRow[]> {
    return this.database.db
      .select(deskColumns)
      .from(voters)
      .innerJoin(members, eq(members.id, voters.memberId))
      .where(
        and(eq(voters.meetingId, meetingId), isNotNull(voters.checkedInAt)),
      )
      .orderBy(asc(members.unit), asc(voters.name), asc(voters.id));
  }

  async counts(meetingId: string): Promise<{ voters: number; units: number }> {
    const result = await this.database.db.execute(sql`
      select count(*)::int as voters, count(distinct member_id)::int as units
      from voters where meeting_id = ${meetingId} and checked_in_at is not null
    `);
    const row = rowsOf<{ voters: number; units: number }>(result)[0];
    return { voters: Number(row.voters), units: Number(row.units) };
  }

  /** Records the RSVP; `attending` (the seed's boolean) is its "in person", in the same statement. */
  async setRsvp(voterId: string, answer: RsvpAnswer, now: Date): Promise<void> {
    await this.database.db
      .update(voters)
      .set({ rsvp: answer, rsvpAt: now, attending: answer === 'in_person' })
      .where(eq(voters.id, voterId));
  }

  private async one(
    where: ReturnType<typeof and>,
    lock: boolean,
  ): Promise<DeskVoterRow | undefined> {
    const query = this.database.db
      .select(deskColumns)
      .from(voters)
      .innerJoin(members, eq(members.id, voters.memberId))
      .where(where)
      .limit(1);
    const [row] = lock
      ? await query.for('update', { of: voters })
      : await query;
    return row;
  }
}
