import type {
  Threshold,
  ThresholdBasis,
  TieBreak,
  VotingMethod,
} from '@livevote/contracts';
import {
  exactUnits,
  isElection,
  meetsThreshold,
  microShares,
  type ElectionCount,
} from '@livevote/rules';
import type { ProblemItem } from '../common/api-exception';
import type { StoredResult } from './results.mapper';

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

/** A tie break refused: what is wrong with it, item by item, and the seats it had to fill. */
export interface TieBreakRefusal {
  seats: number;
  errors: ProblemItem[];
}

/**
 * The result once the chair decided a tie: the decision's options take the seats left (of an
 * election), or the lead (of a choice, which must still pass its threshold to be elected);
 * the tie the count found stays in `tiedForLastSeat` and the decision in `tieBreak`, for the
 * minutes. Refused unless the decision names exactly as many of the tied options as seats
 * are left, each once.
 */
export function breakTie(
  matter: {
    choices: number;
    votingMethod: VotingMethod;
    threshold: Threshold;
    thresholdBasis: ThresholdBasis;
  },
  stored: StoredResult,
  decision: TieBreak,
): { result: Partial<StoredResult> } | TieBreakRefusal {
  const seats = Math.max(1, matter.choices - stored.elected.length);
  const errors: ProblemItem[] = [];
  decision.elected.forEach((option, i) => {
    if (!stored.tied.includes(option))
      errors.push({
        path: `elected.${i}`,
        message: {
          key: 'tieBreak.notTied',
          values: { option, tied: stored.tied.join(', ') },
        },
      });
    else if (decision.elected.indexOf(option) !== i)
      errors.push({
        path: `elected.${i}`,
        message: { key: 'tieBreak.twice', values: { option } },
      });
  });
  if (decision.elected.length !== seats)
    errors.push({
      path: 'elected',
      message: { key: 'tieBreak.count', values: { count: seats } },
    });
  if (errors.length) return { seats, errors };
  const tieBreak = { ...decision, elected: [...decision.elected] };
  if (!isElection(matter)) {
    // a choice tied at the top: the chosen option still needs the threshold
    const figures = stored.totals.find(
      (row) => row.vote === decision.elected[0],
    );
    const part = {
      units: exactUnits(figures?.units ?? 0),
      shares: microShares(figures?.shares ?? 0),
    };
    const base = {
      units: exactUnits(stored.base.units),
      shares: microShares(stored.base.shares),
    };
    const measures: ('units' | 'shares')[] =
      matter.thresholdBasis === 'both'
        ? ['units', 'shares']
        : [matter.thresholdBasis];
    const passes = measures.every((m) =>
      meetsThreshold(part[m], base[m], matter.threshold),
    );
    return {
      result: {
        verdict: passes ? 'elected' : 'defeated',
        elected: passes ? [...decision.elected] : [],
        tied: [],
        tiedForLastSeat: stored.tiedForLastSeat ?? [],
        tieBreak,
      },
    };
  }
  return {
    result: {
      verdict: 'elected',
      elected: [...stored.elected, ...decision.elected],
      tied: [],
      tieBreak,
    },
  };
}
