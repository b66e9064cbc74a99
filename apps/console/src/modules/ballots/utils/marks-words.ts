import type { TFunction } from 'i18next';
import type { MarksDraft } from './marks';

/** A ballot's marks in a line: "Hugo Rossi, Grace Lee", "1. Hugo Rossi, 2. Grace Lee", "Hugo Rossi: 2". */
export function marksText(
  t: TFunction,
  method: 'plurality' | 'cumulative' | 'ranked',
  marks: MarksDraft,
  /** An option as the reader sees it (its label in their language, docs/i18n.md). */
  label: (option: string) => string = (option) => option,
): string {
  switch (method) {
    case 'ranked':
      return marks.choices
        .map((option, index) =>
          t('election.ballot.rankedList', {
            rank: index + 1,
            option: label(option),
          }),
        )
        .join(', ');
    case 'cumulative':
      return marks.choices
        .map((option, index) =>
          t('election.ballot.allocated', {
            option: label(option),
            votes: marks.votes[index],
          }),
        )
        .join(', ');
    default:
      return marks.choices.map(label).join(', ');
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
  label: (option: string) => string = (option) => option,
): string {
  if (answer.ranking)
    return marksText(
      t,
      'ranked',
      { choices: [...answer.ranking], votes: [] },
      label,
    );
  if (answer.allocations)
    return marksText(
      t,
      'cumulative',
      {
        choices: answer.allocations.map(({ option }) => option),
        votes: answer.allocations.map(({ votes }) => votes),
      },
      label,
    );
  return answer.choices.map(label).join(', ');
}
