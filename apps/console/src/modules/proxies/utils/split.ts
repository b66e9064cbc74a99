import type { HolderSplit, ProxyDirection } from '@livevote/contracts';

/** One group of a holder's split: the choices, and how many proxies go to them. */
export interface SplitRow {
  choices: string[];
  count: number;
}

export function splitTotal(rows: readonly SplitRow[]): number {
  return rows.reduce((sum, row) => sum + (row.count > 0 ? row.count : 0), 0);
}

/** The split the gateway takes: groups with choices and a positive whole count. */
export function toSplit(rows: readonly SplitRow[]): HolderSplit[] {
  return rows
    .filter((row) => row.choices.length > 0 && Number.isInteger(row.count))
    .filter((row) => row.count > 0)
    .map((row) => ({ choices: [...row.choices], count: row.count }));
}

/** Why the split cannot be cast as it is, or null when it can. */
export function splitProblem(
  rows: readonly SplitRow[],
  held: number,
): string | null {
  if (rows.some((row) => row.count < 0 || !Number.isInteger(row.count)))
    return 'Counts are whole numbers.';
  const total = splitTotal(rows);
  if (total === 0) return 'Give at least one vote.';
  if (total > held)
    return `You hold ${held} at your discretion; this casts ${total}.`;
  return null;
}

/** Rows that start a split: one per option for a one-choice matter, else one empty group. */
export function initialRows(
  options: readonly string[],
  choices: number,
  cast: readonly HolderSplit[],
): SplitRow[] {
  if (choices > 1)
    return cast.length
      ? cast.map((part) => ({ choices: [...part.choices], count: part.count }))
      : [{ choices: [], count: 0 }];
  return options.map((option) => ({
    choices: [option],
    count: cast.find((part) => part.choices[0] === option)?.count ?? 0,
  }));
}

/** "For", "Ana, Ben" or "at the holder’s discretion". */
export function directionText(choices: readonly string[] | null): string {
  return choices ? choices.join(', ') : 'at the holder’s discretion';
}

/** The direction a proxy gives on one matter. */
export function directionOn(
  directions: readonly ProxyDirection[],
  matterKey: string,
): string[] | null {
  return directions.find((d) => d.matterKey === matterKey)?.choices ?? null;
}
