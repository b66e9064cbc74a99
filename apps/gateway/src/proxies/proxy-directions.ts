import type { ProxyDirection } from '@livevote/contracts';
import {
  choicesProblem,
  isEligible,
  type EligibilityMember,
} from '@livevote/rules';
import { ProxyErrorCode, ProxyException } from './proxies.exception';

export interface DirectionMatter {
  id: string;
  options: string[];
  choices: number;
  allowProxyVote: boolean;
  eligibility: string[];
}

/** The choices of one direction, checked as a ballot's are; null (discretion) passes. */
export function checkChoices(
  matter: Pick<DirectionMatter, 'options' | 'choices'>,
  choices: readonly string[],
): void {
  const problem = choicesProblem(matter, choices);
  if (problem === 'duplicate_choice')
    throw new ProxyException(ProxyErrorCode.DuplicateChoice);
  if (problem === 'too_many_choices')
    throw new ProxyException(ProxyErrorCode.TooManyChoices);
  if (problem) throw new ProxyException(ProxyErrorCode.InvalidChoice);
}

/**
 * The directions a proxy stores: one for every matter that takes proxy votes and that the
 * member may vote on, in the meeting's order (`matters` comes ordered); a matter the form left
 * out is at the holder's discretion. Refuses a direction for an unknown matter or one named
 * twice, a matter without allowProxyVote, a matter the member may not vote on, and choices
 * that are not a valid ballot.
 */
export function normalizeDirections(
  given: readonly ProxyDirection[],
  matters: readonly DirectionMatter[],
  member: EligibilityMember,
): ProxyDirection[] {
  const byKey = new Map(matters.map((matter) => [matter.id, matter]));
  const chosen = new Map<string, string[] | null>();
  for (const direction of given) {
    const matter = byKey.get(direction.matterKey);
    if (!matter || chosen.has(direction.matterKey))
      throw new ProxyException(ProxyErrorCode.InvalidDirection);
    if (!matter.allowProxyVote)
      throw new ProxyException(ProxyErrorCode.DirectionNotAllowed);
    if (!isEligible(member, matter))
      throw new ProxyException(ProxyErrorCode.NotEligible);
    if (direction.allocations || direction.ranking)
      throw new ProxyException(ProxyErrorCode.InvalidChoice);
    const choices = direction.choices ?? null;
    if (choices) checkChoices(matter, choices);
    chosen.set(direction.matterKey, choices);
  }
  return matters
    .filter((matter) => matter.allowProxyVote && isEligible(member, matter))
    .map((matter) => ({
      matterKey: matter.id,
      choices: chosen.get(matter.id) ?? null,
    }));
}

/** The direction a proxy gives on a matter: its choices, or null when the holder decides. */
export function directionOn(
  directions: readonly ProxyDirection[],
  matterId: string,
): string[] | null {
  return (
    directions.find((direction) => direction.matterKey === matterId)?.choices ??
    null
  );
}
