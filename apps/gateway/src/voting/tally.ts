import type { MatterTallyRow } from '@livevote/contracts';
import { sharesFromMicro, tallyRow, toMicro } from '@livevote/rules';
import type { BallotMethod } from '../database/schema';

/** A tally as flat integer counters: `v|method|option`, `s|method|option`, `votes`, `shares`. */
export type TallyCounters = Map<string, number>;

export const voteField = (method: BallotMethod, option: string) =>
  `v|${method}|${option}`;
export const shareField = (method: BallotMethod, option: string) =>
  `s|${method}|${option}`;

export interface CastChange {
  method: BallotMethod;
  choices: string[];
  weight: number;
  prev: { method: BallotMethod; choices: string[]; weight: number } | null;
  /** The ballot was taken back (a proxy holder's smaller split): only `prev` counts, out. */
  removed?: boolean;
}

/** The counter increments one batch of accepted ballots makes, replacements netted out. */
export function tallyDelta(changes: CastChange[]): TallyCounters {
  const delta: TallyCounters = new Map();
  const add = (field: string, by: number) => {
    if (by !== 0) delta.set(field, (delta.get(field) ?? 0) + by);
  };
  for (const change of changes) {
    if (change.removed && change.prev) {
      const prevWeight = toMicro(change.prev.weight);
      for (const option of change.prev.choices) {
        add(voteField(change.prev.method, option), -1);
        add(shareField(change.prev.method, option), -prevWeight);
      }
      add('votes', -1);
      add('shares', -prevWeight);
      continue;
    }
    const weight = toMicro(change.weight);
    for (const option of change.choices) {
      add(voteField(change.method, option), 1);
      add(shareField(change.method, option), weight);
    }
    if (change.prev) {
      const prevWeight = toMicro(change.prev.weight);
      for (const option of change.prev.choices) {
        add(voteField(change.prev.method, option), -1);
        add(shareField(change.prev.method, option), -prevWeight);
      }
      add('shares', weight - prevWeight);
    } else {
      add('votes', 1);
      add('shares', weight);
    }
  }
  for (const [field, value] of delta) if (value === 0) delta.delete(field);
  return delta;
}

/** Whether a delta changes turnout (ballots or shares cast), not only how they split. */
export function turnoutMoved(delta: TallyCounters): boolean {
  return delta.has('votes') || delta.has('shares');
}

export interface TallyView {
  rows: MatterTallyRow[];
  votesCast: number;
  sharesCast: number;
}

/** The tally rows, one per option in option order, from the counters. */
export function tallyView(
  options: string[],
  counters: TallyCounters,
): TallyView {
  const get = (field: string) => counters.get(field) ?? 0;
  return {
    rows: options.map((vote) =>
      tallyRow(
        vote,
        (method) => get(voteField(method, vote)),
        (method) => get(shareField(method, vote)),
      ),
    ),
    votesCast: get('votes'),
    sharesCast: sharesFromMicro(get('shares')),
  };
}

/** Counters from stored ballots (a full recount). */
export function countersFromBallots(
  ballots: { method: BallotMethod; choices: string[]; weight: number }[],
): TallyCounters {
  return tallyDelta(ballots.map((ballot) => ({ ...ballot, prev: null })));
}
