/** How a ballot was cast: live during the vote, by proxy (early), or entered by staff. */
export type BallotMethod = 'live' | 'proxy' | 'other';

export const BALLOT_METHODS: readonly BallotMethod[] = [
  'live',
  'proxy',
  'other',
];

/** What a tally needs of a member's current ballot on a matter. */
export interface CountedBallot {
  method: BallotMethod;
  /** Distinct options of the matter, in the ballot's order (a ranking's order). */
  choices: readonly string[];
  /** Cumulative votes placed on each choice (parallel to `choices`); absent or null otherwise. */
  votes?: readonly number[] | null;
  /** The member's shares when the ballot was cast. */
  weight: number;
}
