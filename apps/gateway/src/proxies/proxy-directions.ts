import type { ProxyDirection } from '@livevote/contracts';
import {
  isEligible,
  type BallotMarks,
  type BallotShapeProblem,
  type EligibilityMember,
  type VotingMethod,
} from '@livevote/rules';
import type { ProblemItem } from '../common/api-exception';
import { bodyOf, marksOrFail } from '../ballots/ballot-marks';
import { ProxyErrorCode, ProxyException } from './proxies.exception';

export interface DirectionMatter {
  id: string;
  options: string[];
  choices: number;
  /** Plurality when absent. */
  votingMethod?: VotingMethod;
  allowProxyVote: boolean;
  eligibility: string[];
}

const CODES: Record<BallotShapeProblem, ProxyErrorCode> = {
  no_choice: ProxyErrorCode.InvalidChoice,
  invalid_choice: ProxyErrorCode.InvalidChoice,
  duplicate_choice: ProxyErrorCode.DuplicateChoice,
  too_many_choices: ProxyErrorCode.TooManyChoices,
  invalid_allocation: ProxyErrorCode.InvalidAllocation,
  invalid_ranking: ProxyErrorCode.InvalidRanking,
};

/** A direction's (or a holder split's) ballot that does not fit its matter: 400 with its code. */
export function refuseDirection(
  problem: BallotShapeProblem,
  errors: ProblemItem[],
): never {
  throw new ProxyException(CODES[problem], {}, errors);
}

/** Whether the direction binds the holder (a ballot), not left to its discretion. */
export function isDirected(direction: ProxyDirection): boolean {
  return Boolean(
    direction.allocations || direction.ranking || direction.choices,
  );
}

/**
 * The directions a proxy stores: one for every matter that takes proxy votes and that the
 * member may vote on, in the meeting's order (`matters` comes ordered); a matter the form left
 * out is at the holder's discretion (`choices: null`). A direction is stored as the ballot
 * body of its matter's voting method (`choices`, `allocations` or `ranking`). Refuses a
 * direction for an unknown matter or one named twice, a matter without allowProxyVote, a
 * matter the member may not vote on, and a ballot that does not fit the matter, checked as
 * every ballot is (libs/rules' `ballotMarks`).
 */
export function normalizeDirections(
  given: readonly ProxyDirection[],
  matters: readonly DirectionMatter[],
  member: EligibilityMember,
): ProxyDirection[] {
  const byKey = new Map(matters.map((matter) => [matter.id, matter]));
  const chosen = new Map<string, ProxyDirection>();
  for (const [index, direction] of given.entries()) {
    const matter = byKey.get(direction.matterKey);
    if (!matter || chosen.has(direction.matterKey))
      throw new ProxyException(ProxyErrorCode.InvalidDirection);
    if (!matter.allowProxyVote)
      throw new ProxyException(ProxyErrorCode.DirectionNotAllowed);
    if (!isEligible(member, matter))
      throw new ProxyException(ProxyErrorCode.NotEligible);
    if (!isDirected(direction)) {
      chosen.set(matter.id, { matterKey: matter.id, choices: null });
      continue;
    }
    marksOrFail(
      { ...matter, votingMethod: matter.votingMethod ?? 'plurality' },
      direction,
      refuseDirection,
      `directions.${index}`,
    );
    const body = bodyOf(direction);
    chosen.set(
      matter.id,
      'allocations' in body
        ? {
            matterKey: matter.id,
            allocations: body.allocations.map(({ option, votes }) => ({
              option,
              votes,
            })),
          }
        : 'ranking' in body
          ? { matterKey: matter.id, ranking: [...body.ranking] }
          : { matterKey: matter.id, choices: [...body.choices] },
    );
  }
  return matters
    .filter((matter) => matter.allowProxyVote && isEligible(member, matter))
    .map(
      (matter) =>
        chosen.get(matter.id) ?? { matterKey: matter.id, choices: null },
    );
}

/**
 * The marks a proxy's direction on a matter holds (the ballot the holder must cast), or null
 * when the holder decides. Cast by HolderBallotsRepository's directed statement, which reads
 * the same stored shape in SQL.
 */
export function directionOn(
  directions: readonly ProxyDirection[],
  matterId: string,
): BallotMarks | null {
  const direction = directions.find((d) => d.matterKey === matterId);
  if (!direction || !isDirected(direction)) return null;
  if (direction.allocations)
    return {
      choices: direction.allocations.map(({ option }) => option),
      votes: direction.allocations.map(({ votes }) => votes),
    };
  return { choices: direction.ranking ?? direction.choices ?? [], votes: null };
}
