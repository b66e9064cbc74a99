import { ballotMarks, type VotingMethod } from '@livevote/rules';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { bodyOf } from '../../ballots/utils/marks';
import { WORDED } from '../../ui/hooks/useContractForm';

/** The words for each way marks can miss their matter, as the gateway says them. */
const WORDS = {
  no_choice: 'forms.problem.required',
  duplicate_choice: 'problems.duplicate_choice',
  invalid_choice: 'problems.invalid_choice',
  too_many_choices: 'problems.too_many_choices',
  invalid_allocation: 'problems.invalid_allocation',
  invalid_ranking: 'problems.invalid_ranking',
} as const;

export interface SchemaMatter {
  options: readonly string[];
  choices: number;
  /** Plurality when absent. */
  votingMethod?: VotingMethod;
}

/**
 * A ballot form's draft (`choices`, and `votes` for cumulative) checked by the gateway's own
 * rule for marks that fit their matter (libs/rules `ballotMarks`), so the console and the
 * gateway cannot disagree.
 */
export function ballotSchema(matter: SchemaMatter, t: TFunction) {
  const method = matter.votingMethod ?? 'plurality';
  const marked = { ...matter, votingMethod: method };
  return z
    .object({
      choices: z.array(z.string()),
      votes: z.array(z.number()).default([]),
    })
    .superRefine(({ choices, votes }, context) => {
      const { problem } = ballotMarks(
        marked,
        bodyOf(method, { choices, votes }),
      );
      if (problem)
        context.addIssue({
          code: 'custom',
          path: ['choices'],
          message: t(WORDS[problem]),
          params: WORDED,
        });
    });
}
