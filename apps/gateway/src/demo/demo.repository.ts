import { Injectable } from '@nestjs/common';
import { and, asc, count, eq } from 'drizzle-orm';
import { Database } from '../database/database';
import {
  accounts,
  accountUsers,
  matters,
  meetings,
  members,
  nominations,
  proxies,
  proxyHolders,
  questions,
  voters,
} from '../database/schema';

export interface DemoMeetingRow {
  id: string;
  accountKey: string;
  shortCode: string;
  name: string;
  meetingDate: Date;
  duration: number;
}

export interface DemoVoterRow {
  id: string;
  name: string;
  email: string;
  unit: string;
  controlNumber: string;
}

@Injectable()
export class DemoRepository {
  constructor(private readonly database: Database) {}

  async firstMeetingOfUser(
    userId: string,
  ): Promise<DemoMeetingRow | undefined> {
    const [row] = await this.database.db
      .select({
        id: meetings.id,
        accountKey: accounts.id,
        shortCode: meetings.shortCode,
        name: meetings.name,
        meetingDate: meetings.meetingDate,
        duration: meetings.duration,
      })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
      .innerJoin(meetings, eq(meetings.accountId, accounts.id))
      .where(eq(accountUsers.userId, userId))
      .orderBy(asc(meetings.createdAt))
      .limit(1);
    return row;
  }

  async insertMeeting(values: typeof meetings.$inferInsert) {
    const [row] = await this.database.db
      .insert(meetings)
      .values(values)
      .returning();
    return row;
  }

  async memberCount(meetingId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(members)
      .where(eq(members.meetingId, meetingId));
    return row?.n ?? 0;
  }

  async insertMember(values: typeof members.$inferInsert) {
    const [row] = await this.database.db
      .insert(members)
      .values(values)
      .returning({ id: members.id });
    return row;
  }

  async insertVoter(values: typeof voters.$inferInsert): Promise<string> {
    const [row] = await this.database.db
      .insert(voters)
      .values(values)
      .returning({ id: voters.id });
    return row.id;
  }

  async insertQuestions(
    values: (typeof questions.$inferInsert)[],
  ): Promise<{ id: string }[]> {
    return this.database.db
      .insert(questions)
      .values(values)
      .returning({ id: questions.id });
  }

  async insertMatters(
    values: (typeof matters.$inferInsert)[],
  ): Promise<{ id: string }[]> {
    return this.database.db
      .insert(matters)
      .values(values)
      .returning({ id: matters.id });
  }

  async insertNominations(
    values: (typeof nominations.$inferInsert)[],
  ): Promise<{ id: string }[]> {
    return this.database.db
      .insert(nominations)
      .values(values)
      .returning({ id: nominations.id });
  }

  async insertHolder(values: typeof proxyHolders.$inferInsert) {
    const [row] = await this.database.db
      .insert(proxyHolders)
      .values(values)
      .returning();
    return row;
  }

  async insertProxies(
    values: (typeof proxies.$inferInsert)[],
  ): Promise<{ id: string }[]> {
    return this.database.db
      .insert(proxies)
      .values(values)
      .returning({ id: proxies.id });
  }

  /** The meeting's named proxy holders (they vote from a link of their own). */
  namedHolders(meetingId: string) {
    return this.database.db
      .select()
      .from(proxyHolders)
      .where(
        and(
          eq(proxyHolders.meetingId, meetingId),
          eq(proxyHolders.isDefault, false),
        ),
      )
      .orderBy(asc(proxyHolders.name));
  }

  votersOfMeeting(meetingId: string): Promise<DemoVoterRow[]> {
    return this.database.db
      .select({
        id: voters.id,
        name: voters.name,
        email: voters.email,
        unit: members.unit,
        controlNumber: members.controlNumber,
      })
      .from(voters)
      .innerJoin(members, eq(members.id, voters.memberId))
      .where(eq(voters.meetingId, meetingId))
      .orderBy(asc(members.unit), asc(voters.email));
  }
}
