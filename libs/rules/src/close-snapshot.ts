import type { PresentCount } from './presence';

/** Why a live vote closed: its deadline passed, the chair stopped it, or every member voted. */
export type CloseReason = 'deadline' | 'stop' | 'all_voted';

/** The record kept with a closed matter: the figures at the instant it closed. */
export type CloseSnapshot = {
  reason: CloseReason;
  /** ISO 8601 UTC with milliseconds. */
  closedAt: string | null;
  eligibleMembers: number;
  /** Every way of being present (docs/presence.md): the three below add up to it. */
  presentMembers: number;
  presentInPerson: number;
  presentOnline: number;
  presentByProxy: number;
  /** Voters connected (any member's). */
  presentVoters: number;
  votesCast: number;
  sharesCast: number;
};

/** The snapshot's fields in their one order. */
export const CLOSE_SNAPSHOT_FIELDS = [
  'reason',
  'closedAt',
  'eligibleMembers',
  'presentMembers',
  'presentInPerson',
  'presentOnline',
  'presentByProxy',
  'presentVoters',
  'votesCast',
  'sharesCast',
] as const satisfies readonly (keyof CloseSnapshot)[];

export function closeSnapshot(facts: {
  reason: CloseReason;
  closedAt: Date | null;
  eligibleMembers: number;
  present: PresentCount & { presentVoters: number };
  cast: { votes: number; shares: number };
}): CloseSnapshot {
  return {
    reason: facts.reason,
    closedAt: facts.closedAt?.toISOString() ?? null,
    eligibleMembers: facts.eligibleMembers,
    presentMembers: facts.present.presentMembers,
    presentInPerson: facts.present.presentInPerson,
    presentOnline: facts.present.presentOnline,
    presentByProxy: facts.present.presentByProxy,
    presentVoters: facts.present.presentVoters,
    votesCast: facts.cast.votes,
    sharesCast: facts.cast.shares,
  };
}

/**
 * The snapshot as `key, value` pairs for a SQL jsonb_build_object, one value (an expression
 * of the caller's SQL builder) per field: a field added here fails to compile until the SQL
 * writer supplies it.
 */
export function closeSnapshotPairs<T>(values: {
  [K in keyof CloseSnapshot]: T;
}): [keyof CloseSnapshot, T][] {
  return CLOSE_SNAPSHOT_FIELDS.map((field) => [field, values[field]]);
}
