import type { MatterTallyRow, VotingMethod } from '@livevote/contracts';
import type { ElectionCount } from '@livevote/rules';
import type { StoredResult } from './results.mapper';

/**
 * An election: a cumulative or ranked matter, or a plurality matter of more than one seat. It
 * is counted by its method (libs/rules `countElection`), never against a threshold; motions
 * and single-seat plurality choices keep theirs (docs/elections.md).
 */
export function isElection(matter: {
  votingMethod: VotingMethod;
  choices: number;
}): boolean {
  return matter.votingMethod !== 'plurality' || matter.choices > 1;
}

/** The parts of a stored result an election's count decides. */
export type ElectionOutcome = Pick<
  StoredResult,
  | 'verdict'
  | 'elected'
  | 'tied'
  | 'forYes'
  | 'base'
  | 'totals'
  | 'votingMethod'
  | 'tiedForLastSeat'
  | 'rounds'
  | 'tieBreak'
>;

/**
 * The result of an election from its count: the verdict (`elected` or `tied`), the seats
 * filled and the options tied for the last ones, a ranked count's rounds, and figures of the
 * base the method names: each option's votes (a ranked count's: those it was last counted
 * with), the leading option's (`forYes`) and the base they are percentages of. Options left
 * out of the count (an "Abstain") keep their tally figures.
 */
export function electionOutcome(
  matter: { options: string[]; votingMethod: VotingMethod },
  count: ElectionCount,
  totals: StoredResult['totals'],
): ElectionOutcome {
  const zero = { units: 0, shares: 0 };
  const leading = count.elected[0] ?? count.tiedForLastSeat[0];
  return {
    verdict: count.verdict,
    elected: count.elected,
    tied: count.tiedForLastSeat,
    votingMethod: matter.votingMethod,
    tiedForLastSeat: count.tiedForLastSeat,
    rounds: count.rounds,
    tieBreak: null,
    forYes: leading ? { ...(count.totals[leading] ?? zero) } : zero,
    base: { ...count.base },
    totals: matter.options.map((vote) => {
      const counted = count.totals[vote];
      if (counted) return { vote, ...counted };
      const tallied = totals.find((row) => row.vote === vote);
      return { vote, units: tallied?.units ?? 0, shares: tallied?.shares ?? 0 };
    }),
  };
}
