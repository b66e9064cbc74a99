import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  presentBySql,
  type PresentBy,
  type PresentWeights,
  type Weight,
} from '@livevote/rules';
import { Database, rowsOf } from '../database/database';

/**
 * Ends a subquery of per-member flags that several aggregates read. Without it PostgreSQL
 * inlines the flags into each aggregate, so the connected set is parsed, and every EXISTS
 * probed, once an aggregate (docs/benchmarks-history.md, "Fan-out: the start's quorum and the
 * first round").
 */
const ONCE_A_MEMBER = sql.raw('offset 0');

/** Where the caller's test of "connected" goes in the rule's fragment. */
const ONLINE_SLOT = '(true /* online */)';

const WAYS = ['in_person', 'online', 'proxy'] as const satisfies PresentBy[];

// how each eligible member is present (libs/rules presence.ts), around the connected test
const [PRESENT_BY_HEAD, PRESENT_BY_TAIL] = presentBySql(
  { member: 'mb', meeting: 'mt' },
  ONLINE_SLOT,
)
  .split(ONLINE_SLOT)
  .map((part) => sql.raw(part));

const BY_WAY = sql.raw(
  WAYS.map(
    (way) =>
      `count(*) filter (where x.way = '${way}')::int as "${way}Units", ` +
      `coalesce(sum(x.shares) filter (where x.way = '${way}'), 0)::text as "${way}Shares"`,
  ).join(', '),
);

/** The members of a meeting present, and how (libs/rules presence.ts, docs/presence.md). */
export interface MeetingPresence {
  present: PresentWeights;
  /** The eligible members of the meeting: what a quorum percentage is of. */
  eligible: Weight;
}

/** What presence keeps in PostgreSQL: attendance, check-ins, and who is present how. */
@Injectable()
export class PresenceRepository {
  constructor(private readonly database: Database) {}

  /** Marks voters as having attended (the stats' inAttendance), one statement per flush. */
  async markInAttendance(voterIds: string[]): Promise<void> {
    if (!voterIds.length) return;
    await this.database.db.execute(sql`
      update voters set in_attendance = true
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(voterIds)}::jsonb))
        and not in_attendance
    `);
  }

  /** Members with a voter checked in at the desk now (test voters attend nowhere). */
  async checkedInMembers(meetingId: string): Promise<string[]> {
    const result = await this.database.db.execute(sql`
      select distinct member_id from voters
      where meeting_id = ${meetingId} and checked_in_at is not null and not is_test_voter
    `);
    return rowsOf<{ member_id: string }>(result).map((row) => row.member_id);
  }

  /**
   * The meeting's eligible members present, each one way (in person, online, by proxy), in
   * units and shares, in one statement: `online` is the members with a voter connected now
   * (one uuid[] parameter, never spliced). The quorum, the stats and the close snapshot all
   * count these.
   */
  async presentWeights(
    meetingId: string,
    online: readonly string[],
  ): Promise<MeetingPresence> {
    const result = await this.database.db.execute(sql`
      select count(*)::int as "eligibleUnits",
        coalesce(sum(x.shares), 0)::text as "eligibleShares", ${BY_WAY}
      from (
        select mb.shares, ${PRESENT_BY_HEAD}mb.id in (select unnest(${this.database.uuidArray(online)}))${PRESENT_BY_TAIL} as way
        from members mb join meetings mt on mt.id = mb.meeting_id
        where mb.meeting_id = ${meetingId} and mb.eligible
        ${ONCE_A_MEMBER}
      ) x
    `);
    const row = rowsOf<Record<string, string | number>>(result)[0];
    const weight = (units: string | number, shares: string | number) => ({
      units: Number(units),
      shares: String(shares),
    });
    return {
      present: {
        in_person: weight(row.in_personUnits, row.in_personShares),
        online: weight(row.onlineUnits, row.onlineShares),
        proxy: weight(row.proxyUnits, row.proxyShares),
      },
      eligible: weight(row.eligibleUnits, row.eligibleShares),
    };
  }
}
