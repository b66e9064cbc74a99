import type { TFunction } from 'i18next';
import type { MarksDraft } from './marks';

/** A ballot's marks in a line: "Hugo Rossi, Grace Lee", "1. Hugo Rossi, 2. Grace Lee", "Hugo Rossi: 2". */
export function marksText(
  t: TFunction,
  method: 'plurality' | 'cumulative' | 'ranked',
  marks: MarksDraft,
): string {
  switch (method) {
    case 'ranked':
      return marks.choices
        .map((option, index) =>
          t('election.ballot.rankedList', { rank: index + 1, option }),
        )
        .join(', ');
    case 'cumulative':
      return marks.choices
        .map((option, index) =>
          t('election.ballot.allocated', { option, votes: marks.votes[index] }),
        )
        .join(', ');
    default:
      return marks.choices.join(', ');
  }
}

/** A ballot as the gateway answers it (`choices`, and the ranking or allocations) in a line. */
export function answerText(
  t: TFunction,
  answer: {
    choices: readonly string[];
    allocations?: readonly { option: string; votes: number }[];
    ranking?: readonly string[];
  },
): string {
  if (answer.ranking)
    return marksText(t, 'ranked', { choices: [...answer.ranking], votes: [] });
  if (answer.allocations)
    return marksText(t, 'cumulative', {
      choices: answer.allocations.map(({ option }) => option),
      votes: answer.allocations.map(({ votes }) => votes),
    });
  return answer.choices.join(', ');
}
