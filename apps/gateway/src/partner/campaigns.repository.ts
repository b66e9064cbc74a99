import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Database, rowsOf } from '../database/database';
import {
  accountUsers,
  meetingEarlyVotingExtensions,
  meetings,
} from '../database/schema';

const campaignColumns = {
  id: meetings.id,
  shortCode: meetings.shortCode,
  name: meetings.name,
  description: meetings.description,
  meetingDate: meetings.meetingDate,
  duration: meetings.duration,
  expiryDate: meetings.expiryDate,
  location: meetings.location,
  originalExpiryDate: meetingEarlyVotingExtensions.originalExpiryDate,
};

export interface CampaignRow {
  id: string;
  shortCode: string;
  name: string;
  description: string;
  meetingDate: Date;
  duration: number;
  expiryDate: Date | null;
  location: string;
  /** Set once expiryDate was moved later after early voting had opened. */
  originalExpiryDate: Date | null;
}

export interface CampaignCounts {
  votesSubmitted: number;
  maxVoters: number;
  attendingCount: number;
}

/** Meetings seen as campaigns: only those of accounts the user belongs to. */
@Injectable()
export class CampaignsRepository {
  constructor(private readonly database: Database) {}

  private forUser(userId: string) {
    return this.database.db
      .select(campaignColumns)
      .from(meetings)
      .innerJoin(
        accountUsers,
        and(
          eq(accountUsers.accountId, meetings.accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .leftJoin(
        meetingEarlyVotingExtensions,
        eq(meetingEarlyVotingExtensions.meetingId, meetings.id),
      );
  }

  listForUser(userId: string): Promise<CampaignRow[]> {
    return this.forUser(userId).orderBy(
      asc(meetings.meetingDate),
      asc(meetings.id),
    );
  }

  async findForUser(
    userId: string,
    meetingId: string,
  ): Promise<CampaignRow | undefined> {
    const [row] = await this.forUser(userId)
      .where(eq(meetings.id, meetingId))
      .limit(1);
    return row;
  }

  /** Members that voted (any matter, any method), eligible members, voters who RSVP'd. */
  async counts(meetingId: string): Promise<CampaignCounts> {
    const result = await this.database.db.execute(sql`
      select
        (select count(distinct b.member_id) from ballots b
          join matters mt on mt.id = b.matter_id
          where mt.meeting_id = ${meetingId})::int as "votesSubmitted",
        (select count(*) from members
          where meeting_id = ${meetingId} and eligible)::int as "maxVoters",
        (select count(*) from voters
          where meeting_id = ${meetingId} and attending and not is_test_voter)::int as "attendingCount"
    `);
    const row = rowsOf(result)[0];
    return {
      votesSubmitted: Number(row.votesSubmitted),
      maxVoters: Number(row.maxVoters),
      attendingCount: Number(row.attendingCount),
    };
  }
}
