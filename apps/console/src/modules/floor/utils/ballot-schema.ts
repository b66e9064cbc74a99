import { choicesProblem, type BallotMatter } from '@livevote/rules';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { WORDED } from '../../ui/hooks/useContractForm';

/** The words for each way choices can miss their matter, as the gateway says them. */
const WORDS = {
  no_choice: 'forms.problem.required',
  duplicate_choice: 'problems.duplicate_choice',
  invalid_choice: 'problems.invalid_choice',
  too_many_choices: 'problems.too_many_choices',
} as const;

/**
 * A ballot form's draft (`choices`) checked by the gateway's own rule for choices that fit
 * their matter (libs/rules), so the console and the gateway cannot disagree.
 */
export function ballotSchema(matter: BallotMatter, t: TFunction) {
  return z
    .object({ choices: z.array(z.string()) })
    .superRefine(({ choices }, context) => {
      const problem = choicesProblem(matter, choices);
      if (problem)
        context.addIssue({
          code: 'custom',
          path: ['choices'],
          message: t(WORDS[problem]),
          params: WORDED,
        });
    });
}
