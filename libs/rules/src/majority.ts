/** Majority thresholds (not decided yet): what share of which base carries a matter. */

/** What a threshold is measured against. */
export type ThresholdBase =
  'votesCast' | 'sharesCast' | 'eligibleMembers' | 'presentMembers';

export interface Threshold {
  base: ThresholdBase;
  /** The fraction of the base, e.g. 1/2 or 2/3. */
  numerator: number;
  denominator: number;
  /** More than the fraction (a simple majority), or at least it (two thirds). */
  strict: boolean;
}

export type Verdict = 'carried' | 'defeated' | 'no_quorum';
