/**
 * How a manager's ballot for a member came in (docs/hybrid-meetings.md, "Floor ballots"):
 * - `ballots` with `method: "proxy"`: a paper proxy form received before the meeting, entered
 *   for a member who need not be in the room;
 * - `ballots` with `method: "other"`, or `floor` with its entry slot: a vote cast in the room.
 */
export type ManagerBallotPath =
  | { route: 'ballots'; method: 'proxy' | 'other' }
  | { route: 'floor'; entry: 1 | 2 };

export interface ManagerBallotFacts {
  /** The member is present as the quorum counts it (a connected voter, or checked in). */
  present: boolean;
  /** The meeting's `floorDoubleEntry` setting. */
  doubleEntry: boolean;
}

/**
 * - `count`: the ballot counts now;
 * - `await_other_entry`: double entry; the entry waits for the other one, typed by another manager;
 * - `member_absent`: an in-room vote for a member not present;
 * - `not_double_entry`: entry 2 while the meeting takes each sheet once;
 * - `double_entry_required`: an in-room vote on the path that has no second entry, while the
 *   meeting takes each sheet twice (the floor-ballot path takes it).
 */
export type ManagerBallotAdmission =
  | 'count'
  | 'await_other_entry'
  | 'member_absent'
  | 'not_double_entry'
  | 'double_entry_required';

/**
 * Whether a ballot a manager records may count now: one rule for a vote cast in the room,
 * whichever route brings it (presence, then double entry); a paper proxy form is not one.
 */
export function managerBallotAdmission(
  path: ManagerBallotPath,
  facts: ManagerBallotFacts,
): ManagerBallotAdmission {
  if (path.route === 'ballots' && path.method === 'proxy') return 'count';
  if (!facts.present) return 'member_absent';
  if (path.route === 'ballots')
    return facts.doubleEntry ? 'double_entry_required' : 'count';
  if (!facts.doubleEntry)
    return path.entry === 1 ? 'count' : 'not_double_entry';
  return 'await_other_entry';
}
