import type { HolderSplit, ProxyDirection } from '@livevote/contracts';
import { choicesFit, type BallotMatter } from '@livevote/rules';
import type { TFunction } from 'i18next';
import { answerText } from '../../ballots/utils/marks-words';

/** One group of a holder's split: the choices, and how many proxies go to them. */
export interface SplitRow {
  choices: string[];
  count: number;
}

export function splitTotal(rows: readonly SplitRow[]): number {
  return rows.reduce((sum, row) => sum + (row.count > 0 ? row.count : 0), 0);
}

/** The split the gateway takes: groups whose choices fit the matter, with a positive whole count. */
export function toSplit(
  rows: readonly SplitRow[],
  matter: BallotMatter,
): HolderSplit[] {
  return rows
    .filter((row) => choicesFit(matter, row.choices))
    .filter((row) => Number.isInteger(row.count))
    .filter((row) => row.count > 0)
    .map((row) => ({ choices: [...row.choices], count: row.count }));
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
): SplitRow[] {
  if (choices > 1)
    return cast.length
      ? cast.map((part) => ({
          choices: [...(part.choices ?? [])],
          count: part.count,
        }))
      : [{ choices: [], count: 0 }];
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

/** How a proxy is directed on one matter: its ballot in a line, or "at the holder's discretion". */
export function directionText(
  t: TFunction,
  direction: DirectionMarks | readonly string[] | null,
): string {
  if (direction === null) return t('proxyForm.discretion');
  if (Array.isArray(direction)) return direction.join(', ');
  const marks = direction as DirectionMarks;
  if (!marks.ranking && !marks.allocations && !marks.choices)
    return t('proxyForm.discretion');
  return answerText(t, {
    choices: marks.choices ?? [],
    allocations: marks.allocations,
    ranking: marks.ranking,
  });
}

/** One direction of a proxy, with its matter's name ("Budget: For"). */
export function directionLine(
  t: TFunction,
  matterName: string | undefined,
  direction: DirectionMarks | readonly string[] | null,
): string {
  return t('proxyForm.direction', {
    matter: matterName ?? t('proxyForm.aMatter'),
    direction: directionText(t, direction),
  });
}
