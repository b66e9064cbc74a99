import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { eligibleSql } from '@livevote/rules';
import { SingleFlight } from '../common/single-flight';
import { Database } from '../database/database';
import {
  matters,
  meetings,
  members,
  type VotingMethod,
} from '../database/schema';

export interface MatterInfo {
  id: string;
  meetingId: string;
  shortCode: string;
  options: string[];
  choices: number;
  votingMethod: VotingMethod;
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
export class MatterDirectoryStore {
  private readonly cache = new Map<
    string,
    { info: MatterInfo; until: number }
  >();
  private readonly eligible = new Map<
    string,
    { count: number; until: number }
  >();

  /**
   * Reads under way, one a matter: when an entry expires, the ballots that arrive before its
   * read answers wait for that one read instead of each starting its own (at thousands of
   * ballots a second, each expiry was hundreds of identical queries: docs/benchmarks-history.md,
   * "Ingest after removing per-ballot cost").
   */
  private readonly loading = new SingleFlight<string, MatterInfo | undefined>();
  private readonly loadingEligible = new SingleFlight<string, number>();

  constructor(private readonly database: Database) {}

  async get(matterId: string): Promise<MatterInfo | undefined> {
    return this.cached(matterId) ?? this.read(matterId);
  }

  /**
   * The matter as cached, when its entry is fresh: no promise, for the ballot path, which asks
   * once a ballot (docs/benchmarks-history.md, "Fewer promises a ballot"). Undefined asks `get`.
   */
  cached(matterId: string): MatterInfo | undefined {
    const hit = this.cache.get(matterId);
    return hit && hit.until > Date.now() ? hit.info : undefined;
  }

  private read(matterId: string): Promise<MatterInfo | undefined> {
    return this.loading.run(
      matterId,
      () => this.load(matterId),
      (info) => {
        if (info)
          this.cache.set(matterId, { info, until: Date.now() + TTL_MS });
      },
    );
  }

  private async load(matterId: string): Promise<MatterInfo | undefined> {
    const [row] = await this.database.db
      .select({
        id: matters.id,
        meetingId: matters.meetingId,
        shortCode: meetings.shortCode,
        options: matters.options,
        choices: matters.choices,
        votingMethod: matters.votingMethod,
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
    // a read under way may predate the change: the next caller reads again
    this.loading.forget(matterId);
    this.loadingEligible.forget(matterId);
  }

  /** Members eligible to vote on the matter (eligible, and tagged as its eligibility asks). */
  async eligibleMembers(matterId: string): Promise<number> {
    const hit = this.eligible.get(matterId);
    if (hit && hit.until > Date.now()) return hit.count;
    return this.loadingEligible.run(
      matterId,
      () => this.loadEligible(matterId),
      (count) =>
        this.eligible.set(matterId, {
          count,
          until: Date.now() + ELIGIBLE_TTL_MS,
        }),
    );
  }

  private async loadEligible(matterId: string): Promise<number> {
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
    return Number(row?.count ?? 0);
  }
}
