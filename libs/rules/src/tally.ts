import type { BallotMethod, CountedBallot } from './ballots';

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
 * The tally of a matter from its current ballots: a ballot counts once, with its weight, for
 * each option it chose, under its method; options nobody chose get zeros.
 */
export function tally(
  options: readonly string[],
  ballots: Iterable<CountedBallot>,
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
    for (const option of ballot.choices) {
      const field = key(ballot.method, option);
      votes.set(field, (votes.get(field) ?? 0) + 1);
      shares.set(field, (shares.get(field) ?? 0) + weight);
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
