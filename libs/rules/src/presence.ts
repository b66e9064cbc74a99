import type { BallotMethod } from './ballots';
import { sqlAlias } from './sql-alias';
import { isRepresented, representedSql, type Representation } from './quorum';
import type { RepresentationSettings } from './quorum';
import {
  addWeight,
  exactWeight,
  sharesText,
  ZERO_WEIGHT,
  type ExactWeight,
  type Weight,
} from './weight';

/**
 * How a member (a unit) is present at a meeting, one way only (docs/presence.md):
 * - `in_person`: a voter of the member is checked in at the desk, or a ballot in the room (a
 *   floor ballot) stands for it;
 * - `online`: a voter of the member is connected to the live meeting now, or cast a ballot
 *   online during the meeting (it took part, whether it is still connected or not);
 * - `proxy`: neither, but the member is represented (see {@link isRepresented}: a verified
 *   proxy whose holder is present when the meeting asks for it, or a ballot given before the
 *   meeting).
 * A member checked in and connected is present in person; one present either way and also
 * represented is present in person or online (its proxy is not counted twice).
 */
export type PresentBy = 'in_person' | 'online' | 'proxy';

export const PRESENT_BY: readonly PresentBy[] = [
  'in_person',
  'online',
  'proxy',
];

export interface Attendance {
  /** A voter of the member is checked in at the desk now (a test voter does not count: docs/test-voters.md). */
  checkedIn: boolean;
  /**
   * A ballot in the room stands for the member on a matter of the meeting: a floor ballot, or
   * a vote in the room a manager recorded (a ballot of method `other`).
   */
  floorBallot: boolean;
  /** A voter of the member is connected to the live meeting now (on any node). */
  online: boolean;
  /**
   * A voter of the member cast a ballot online during the meeting (a ballot of method `live`
   * stands for it on a matter), over the live channel or over HTTP.
   */
  votedOnline: boolean;
  representation: Representation;
}

/** How the member is present, or null when it is absent. */
export function presentBy(
  member: Attendance,
  settings: RepresentationSettings,
): PresentBy | null {
  if (member.checkedIn || member.floorBallot) return 'in_person';
  if (member.online || member.votedOnline) return 'online';
  if (isRepresented(member.representation, settings)) return 'proxy';
  return null;
}

/**
 * The present members of a meeting, in units: all of them, and each way (the three add up to
 * `presentMembers`). The names every figure of presence uses: the stats, the close snapshot,
 * the report.
 */
export interface PresentCount {
  presentMembers: number;
  presentOnline: number;
  presentInPerson: number;
  presentByProxy: number;
}

/** Present members each way, as weights (units and shares). */
export type PresentWeights = Record<PresentBy, Weight>;

export const NOBODY_PRESENT: PresentCount = {
  presentMembers: 0,
  presentOnline: 0,
  presentInPerson: 0,
  presentByProxy: 0,
};

/** The count of the members' ways of being present (null: absent). */
export function presentCount(
  ways: readonly (PresentBy | null)[],
): PresentCount {
  const of = (way: PresentBy) => ways.filter((w) => w === way).length;
  return presentCountOf({
    in_person: { units: of('in_person'), shares: 0 },
    online: { units: of('online'), shares: 0 },
    proxy: { units: of('proxy'), shares: 0 },
  });
}

/** The units of present weights, under the names of {@link PresentCount}. */
export function presentCountOf(weights: PresentWeights): PresentCount {
  return {
    presentMembers:
      weights.in_person.units + weights.online.units + weights.proxy.units,
    presentOnline: weights.online.units,
    presentInPerson: weights.in_person.units,
    presentByProxy: weights.proxy.units,
  };
}

/** The shares of present weights, under the names of {@link PresentCount} (6 decimals). */
export function presentSharesOf(weights: PresentWeights): PresentCount {
  const shares = (weight: Weight) => exactWeight(weight).shares;
  const all = PRESENT_BY.reduce<ExactWeight>(
    (sum, way) => addWeight(sum, exactWeight(weights[way])),
    ZERO_WEIGHT,
  );
  const text = (micro: bigint) => Number(sharesText(micro));
  return {
    presentMembers: text(all.shares),
    presentOnline: text(shares(weights.online)),
    presentInPerson: text(shares(weights.in_person)),
    presentByProxy: text(shares(weights.proxy)),
  };
}

/**
 * What the quorum counts of the present members: `present` (in person or online) and
 * `proxies` (by proxy), the weights of `quorumFigure` (docs/verdicts.md, "Quorum").
 */
export function quorumPresence(weights: PresentWeights): {
  present: Weight;
  proxies: Weight;
} {
  const present = addWeight(
    exactWeight(weights.in_person),
    exactWeight(weights.online),
  );
  return {
    present: {
      units: Number(present.units),
      shares: sharesText(present.shares),
    },
    proxies: weights.proxy,
  };
}

/**
 * {@link presentBy} in SQL over a `members` row and its `meetings` row under the given aliases:
 * `'in_person'`, `'online'`, `'proxy'` or null. `online` is the caller's SQL boolean for "a
 * voter of this member is connected" (the connected set lives in Redis, not in PostgreSQL).
 * Reads `voters` (check-ins, a test voter's left out: docs/test-voters.md), `ballots` (a member's ballots are all of its meeting) and what
 * {@link representedSql} reads. Each EXISTS refers to the member alone, so PostgreSQL may
 * answer it from one hashed set for a whole meeting (docs/benchmarks-history.md, "The
 * quorum's statement").
 */
export function presentBySql(
  aliases: { member: string; meeting: string },
  online: string,
): string {
  const member = sqlAlias(aliases.member);
  const cast = (method: Extract<BallotMethod, 'live' | 'other'>) =>
    `exists (select 1 from ballots pb where pb.member_id = ${member}.id` +
    ` and pb.method = '${method}')`;
  return (
    `(case when exists (select 1 from voters pv where pv.member_id = ${member}.id` +
    ` and pv.checked_in_at is not null and not pv.is_test_voter) or ${cast('other')}` +
    ` then '${'in_person' satisfies PresentBy}'` +
    ` when ${online} or ${cast('live')} then '${'online' satisfies PresentBy}'` +
    ` when ${representedSql(aliases)} then '${'proxy' satisfies PresentBy}' end)`
  );
}
