import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { eligibleSql } from '@livevote/rules';
import { Database } from '../database/database';
import { matters, meetings, members } from '../database/schema';

export interface MatterInfo {
  id: string;
  meetingId: string;
  shortCode: string;
  options: string[];
  choices: number;
  autoCloseWhenAllVoted: boolean;
  secretBallot: boolean;
  liveStatus: 'pending' | 'live' | 'closed';
  liveGeneration: number;
  liveEndsAt: Date | null;
}

const TTL_MS = 1000;
const ELIGIBLE_TTL_MS = 5000;

/**
 * A short-lived cache of what ballot checks and tally broadcasts need to know about a matter,
 * so the hot path makes no per-ballot query. The database stays the judge: every ballot is
 * checked again inside the batch statement.
 */
@Injectable()
export class MatterDirectory {
  private readonly cache = new Map<
    string,
    { info: MatterInfo; until: number }
  >();
  private readonly eligible = new Map<
    string,
    { count: number; until: number }
  >();

  constructor(private readonly database: Database) {}

  async get(matterId: string): Promise<MatterInfo | undefined> {
    const hit = this.cache.get(matterId);
    if (hit && hit.until > Date.now()) return hit.info;
    const [row] = await this.database.db
      .select({
        id: matters.id,
        meetingId: matters.meetingId,
        shortCode: meetings.shortCode,
        options: matters.options,
        choices: matters.choices,
        autoCloseWhenAllVoted: matters.autoCloseWhenAllVoted,
        secretBallot: matters.secretBallot,
        liveStatus: matters.liveStatus,
        liveGeneration: matters.liveGeneration,
        liveEndsAt: matters.liveEndsAt,
      })
      .from(matters)
      .innerJoin(meetings, eq(meetings.id, matters.meetingId))
      .where(eq(matters.id, matterId))
      .limit(1);
    if (row)
      this.cache.set(matterId, { info: row, until: Date.now() + TTL_MS });
    return row;
  }

  /** The matter if it belongs to the meeting. */
  async inMeeting(
    meetingId: string,
    matterId: string,
  ): Promise<MatterInfo | undefined> {
    const info = await this.get(matterId);
    return info?.meetingId === meetingId ? info : undefined;
  }

  invalidate(matterId: string): void {
    this.cache.delete(matterId);
    this.eligible.delete(matterId);
  }

  /** Members eligible to vote on the matter (eligible, and tagged as its eligibility asks). */
  async eligibleMembers(matterId: string): Promise<number> {
    const hit = this.eligible.get(matterId);
    if (hit && hit.until > Date.now()) return hit.count;
    const [row] = await this.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(members)
      .innerJoin(matters, eq(matters.meetingId, members.meetingId))
      .where(
        and(
          eq(matters.id, matterId),
          sql.raw(eligibleSql({ member: 'members', matter: 'matters' })),
        ),
      );
    const count = Number(row?.count ?? 0);
    this.eligible.set(matterId, { count, until: Date.now() + ELIGIBLE_TTL_MS });
    return count;
  }
}
