import type { BallotMethod, CountedBallot } from './ballots';
import {
  DEFAULT_VOTING_METHOD,
  tallyMarks,
  type VotingMethod,
} from './voting-methods';

/** Shares are summed as integer millionths so sums never drift (the column is numeric(20,6)). */
export const MICRO = 1_000_000;
export const toMicro = (shares: number): number => Math.round(shares * MICRO);
/** Shares from millionths, rounded to the 6 decimals a tally shows. */
export const sharesFromMicro = (micro: number): number =>
  Math.round((micro / MICRO) * MICRO) / MICRO;

/** One option of a matter: ballots and shares per method (a tally row). */
export interface TallyRow {
  vote: string;
  numProxyVotes: number;
  numLiveVotes: number;
  numOtherVotes: number;
  numProxyShares: number;
  numLiveShares: number;
  numOtherShares: number;
}

export interface Tally {
  /** One per option, in option order. */
  rows: TallyRow[];
  votesCast: number;
  sharesCast: number;
}

/** An option's row from its ballot counts and share sums (in millionths) per method. */
export function tallyRow(
  vote: string,
  votes: (method: BallotMethod) => number,
  microShares: (method: BallotMethod) => number,
): TallyRow {
  return {
    vote,
    numProxyVotes: votes('proxy'),
    numLiveVotes: votes('live'),
    numOtherVotes: votes('other'),
    numProxyShares: sharesFromMicro(microShares('proxy')),
    numLiveShares: sharesFromMicro(microShares('live')),
    numOtherShares: sharesFromMicro(microShares('other')),
  };
}

/**
 * The tally of a matter from its current ballots, under each ballot's method: a ballot adds
 * to an option what {@link tallyMarks} says (once for each option of a plurality ballot, its
 * votes for a cumulative one, its first preference for a ranked one), and that many times its
 * weight in shares; options nobody chose get zeros. A ballot is cast once, with its weight.
 */
export function tally(
  options: readonly string[],
  ballots: Iterable<CountedBallot>,
  votingMethod: VotingMethod = DEFAULT_VOTING_METHOD,
): Tally {
  const key = (method: BallotMethod, option: string) => `${method}|${option}`;
  const votes = new Map<string, number>();
  const shares = new Map<string, number>();
  let votesCast = 0;
  let sharesCast = 0;
  for (const ballot of ballots) {
    const weight = toMicro(ballot.weight);
    votesCast += 1;
    sharesCast += weight;
    for (const { option, count } of tallyMarks(votingMethod, ballot)) {
      const field = key(ballot.method, option);
      votes.set(field, (votes.get(field) ?? 0) + count);
      shares.set(field, (shares.get(field) ?? 0) + weight * count);
    }
  }
  return {
    rows: options.map((vote) =>
      tallyRow(
        vote,
        (method) => votes.get(key(method, vote)) ?? 0,
        (method) => shares.get(key(method, vote)) ?? 0,
      ),
    ),
    votesCast,
    sharesCast: sharesFromMicro(sharesCast),
  };
}
