import type { HolderSplit, ProxyDirection } from '@livevote/contracts';
import { ballotMarks, type VotingMethod } from '@livevote/rules';
import {
  bodyOf,
  labelOf,
  type MarkableMatter,
} from '../../ballots/utils/marks';
import type { TFunction } from 'i18next';
import { answerText } from '../../ballots/utils/marks-words';

/** One group of a holder's split: the choices, and how many proxies go to them. */
export interface SplitRow {
  choices: string[];
  /** Cumulative votes on each choice (parallel to `choices`); empty for other methods. */
  votes?: number[];
  count: number;
}

/** What a split needs of its matter. */
export interface SplitMatter {
  options: readonly string[];
  choices: number;
  votingMethod?: VotingMethod;
}

export function splitTotal(rows: readonly SplitRow[]): number {
  return rows.reduce((sum, row) => sum + (row.count > 0 ? row.count : 0), 0);
}

/** The split the gateway takes: groups whose choices fit the matter, with a positive whole count. */
export function toSplit(
  rows: readonly SplitRow[],
  matter: SplitMatter,
): HolderSplit[] {
  const method = matter.votingMethod ?? 'plurality';
  const bodyOfRow = (row: SplitRow) =>
    bodyOf(method, { choices: row.choices, votes: row.votes ?? [] });
  return rows
    .filter(
      (row) =>
        ballotMarks({ ...matter, votingMethod: method }, bodyOfRow(row))
          .problem === null,
    )
    .filter((row) => Number.isInteger(row.count))
    .filter((row) => row.count > 0)
    .map((row) => ({ ...bodyOfRow(row), count: row.count }) as HolderSplit);
}

/** Why the split cannot be cast as it is. */
export type SplitProblem =
  | { kind: 'wholeCounts' }
  | { kind: 'noVote' }
  | { kind: 'tooMany'; held: number; total: number };

/** Why the split cannot be cast as it is, or null when it can. */
export function splitProblem(
  rows: readonly SplitRow[],
  held: number,
): SplitProblem | null {
  if (rows.some((row) => row.count < 0 || !Number.isInteger(row.count)))
    return { kind: 'wholeCounts' };
  const total = splitTotal(rows);
  if (total === 0) return { kind: 'noVote' };
  if (total > held) return { kind: 'tooMany', held, total };
  return null;
}

/** A split's problem in the console's language. */
export function splitProblemText(
  t: TFunction,
  number: (value: number) => string,
  problem: SplitProblem,
): string {
  switch (problem.kind) {
    case 'wholeCounts':
      return t('forms.split.wholeCounts');
    case 'noVote':
      return t('forms.split.noVote');
    case 'tooMany':
      return t('forms.split.tooMany', {
        held: number(problem.held),
        total: number(problem.total),
      });
  }
}

/** Rows that start a split: one per option for a one-choice matter, else one empty group. */
export function initialRows(
  options: readonly string[],
  choices: number,
  cast: readonly HolderSplit[],
  method: VotingMethod = 'plurality',
): SplitRow[] {
  if (choices > 1 || method !== 'plurality')
    return cast.length
      ? cast.map((part) => ({
          choices: [
            ...(part.ranking ??
              part.allocations?.map(({ option }) => option) ??
              part.choices ??
              []),
          ],
          votes: part.allocations?.map(({ votes }) => votes) ?? [],
          count: part.count,
        }))
      : [{ choices: [], votes: [], count: 0 }];
  return options.map((option) => ({
    choices: [option],
    count: cast.find((part) => part.choices?.[0] === option)?.count ?? 0,
  }));
}

/** A direction's ballot as answers carry it: choices, a ranking or allocations; null for discretion. */
export type DirectionMarks = Pick<
  ProxyDirection,
  'choices' | 'allocations' | 'ranking'
>;

/** The direction a proxy gives on one matter. */
export function directionOn(
  directions: readonly ProxyDirection[],
  matterKey: string,
): string[] | null {
  return directions.find((d) => d.matterKey === matterKey)?.choices ?? null;
}

/**
 * How a proxy is directed on one matter: its ballot in a line, or "at the holder's discretion";
 * `label` names an option as the reader reads it.
 */
export function directionText(
  t: TFunction,
  direction: DirectionMarks | readonly string[] | null,
  label: (option: string) => string = (option) => option,
): string {
  if (direction === null) return t('proxyForm.discretion');
  if (Array.isArray(direction)) return direction.map(label).join(', ');
  const marks = direction as DirectionMarks;
  if (!marks.ranking && !marks.allocations && !marks.choices)
    return t('proxyForm.discretion');
  return answerText(
    t,
    {
      choices: marks.choices ?? [],
      allocations: marks.allocations,
      ranking: marks.ranking,
    },
    label,
  );
}

/** What the reader's labels need of a matter: its options, and one label each in their language. */
export type LabelledOptions = Pick<MarkableMatter, 'options' | 'optionLabels'>;

/**
 * One direction of a proxy, with its matter's name ("Budget: For"); with the matter's
 * `optionLabels`, its options as the reader reads them ("Budget : Pour", docs/i18n.md).
 */
export function directionLine(
  t: TFunction,
  matterName: string | undefined,
  direction: DirectionMarks | readonly string[] | null,
  matter?: LabelledOptions,
): string {
  return t('proxyForm.direction', {
    matter: matterName ?? t('proxyForm.aMatter'),
    direction: directionText(
      t,
      direction,
      matter ? (option) => labelOf(matter, option) : undefined,
    ),
  });
}
