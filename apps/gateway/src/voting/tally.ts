import type { MatterTallyRow } from '@livevote/contracts';
import {
  sharesFromMicro,
  tallyMarks,
  tallyRow,
  toMicro,
} from '@livevote/rules';
import type { BallotMethod, VotingMethod } from '../database/schema';

/** A tally as flat integer counters: `v|method|option`, `s|method|option`, `votes`, `shares`. */
export type TallyCounters = Map<string, number>;

export const voteField = (method: BallotMethod, option: string) =>
  `v|${method}|${option}`;
export const shareField = (method: BallotMethod, option: string) =>
  `s|${method}|${option}`;

/** A ballot's marks (libs/rules' `BallotMarks`) under a method, with its weight. */
interface CastBallot {
  method: BallotMethod;
  /** The options in ballot order (a ranking's order). */
  choices: readonly string[];
  /** A cumulative ballot's votes, one per choice; null (or absent) otherwise. */
  votes?: readonly number[] | null;
  weight: number;
}

export interface CastChange extends CastBallot {
  prev: CastBallot | null;
  /** The ballot was taken back (a proxy holder's smaller split): only `prev` counts, out. */
  removed?: boolean;
}

/**
 * The counter increments one batch of accepted ballots on a matter makes, replacements
 * netted out: an option gains what libs/rules' `tallyMarks` says under the matter's voting
 * method (once a plurality choice, a cumulative ballot's votes, a ranked ballot's first
 * preference), and that many times the ballot's weight in shares; `votes` and `shares` count
 * each ballot once.
 */
export function tallyDelta(
  changes: CastChange[],
  votingMethod: VotingMethod = 'plurality',
): TallyCounters {
  const delta: TallyCounters = new Map();
  const add = (field: string, by: number) => {
    if (by !== 0) delta.set(field, (delta.get(field) ?? 0) + by);
  };
  const count = (ballot: CastBallot, sign: 1 | -1) => {
    const weight = toMicro(ballot.weight);
    for (const { option, count: n } of tallyMarks(votingMethod, ballot)) {
      add(voteField(ballot.method, option), sign * n);
      add(shareField(ballot.method, option), sign * n * weight);
    }
  };
  for (const change of changes) {
    if (change.removed && change.prev) {
      count(change.prev, -1);
      add('votes', -1);
      add('shares', -toMicro(change.prev.weight));
      continue;
    }
    count(change, 1);
    const weight = toMicro(change.weight);
    if (change.prev) {
      count(change.prev, -1);
      add('shares', weight - toMicro(change.prev.weight));
    } else {
      add('votes', 1);
      add('shares', weight);
    }
  }
  for (const [field, value] of delta) if (value === 0) delta.delete(field);
  return delta;
}

/** Whether a delta changes turnout (ballots or shares cast), not only how they split. */
export function turnoutMoved(delta: TallyCounters): boolean {
  return delta.has('votes') || delta.has('shares');
}

export interface TallyView {
  rows: MatterTallyRow[];
  votesCast: number;
  sharesCast: number;
}

/** The tally rows, one per option in option order, from the counters. */
export function tallyView(
  options: string[],
  counters: TallyCounters,
): TallyView {
  const get = (field: string) => counters.get(field) ?? 0;
  return {
    rows: options.map((vote) =>
      tallyRow(
        vote,
        (method) => get(voteField(method, vote)),
        (method) => get(shareField(method, vote)),
      ),
    ),
    votesCast: get('votes'),
    sharesCast: sharesFromMicro(get('shares')),
  };
}

/** Counters from stored ballots (a full recount). */
export function countersFromBallots(
  ballots: CastBallot[],
  votingMethod: VotingMethod = 'plurality',
): TallyCounters {
  return tallyDelta(
    ballots.map((ballot) => ({ ...ballot, prev: null })),
    votingMethod,
  );
}
