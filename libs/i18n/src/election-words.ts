import {
  electionPercent,
  type ThresholdBasis,
  type VotingMethod,
} from '@livevote/rules';
import type { Language } from './languages';
import { translator, type Translate } from './translator';
import { formatPercent } from './zoned-time';

/**
 * An election's verdict in words (docs/elections.md): how it was decided ("Elected by
 * plurality", "by cumulative votes", "by ranked count (3 rounds)"), never a majority
 * threshold, with each elected candidate's percentage of the base the count names, the
 * candidates tied for the last seat, and the chair's tie break once recorded.
 */

/** What an election's words need of its result. */
export interface ElectionForWords {
  verdict: 'carried' | 'defeated' | 'tied' | 'elected';
  votingMethod: VotingMethod;
  elected: readonly string[];
  tiedForLastSeat: readonly string[];
  rounds: readonly unknown[];
  totals: readonly { vote: string; units: number; shares: number }[];
  base: { units: number; shares: number };
  thresholdBasis: ThresholdBasis;
  /** The matter's seats (`choices`), to say how many the tie leaves to fill. */
  seats?: number;
  tieBreak: {
    elected: readonly string[];
    method: 'lot' | 'casting_vote' | 'other';
    note: string;
  } | null;
}

/** The measure an election's percentages are of: shares, unless only units count. */
export function electionMeasure(basis: ThresholdBasis): 'units' | 'shares' {
  return basis === 'units' ? 'units' : 'shares';
}

/**
 * Each option's percentage of the count's base on its measure, as libs/rules computes it
 * (`electionPercent`): the bars and the sentence show these same figures.
 */
export function electionPercents(
  result: Pick<ElectionForWords, 'totals' | 'base' | 'thresholdBasis'>,
): Map<string, number> {
  const totals = Object.fromEntries(
    result.totals.map(({ vote, units, shares }) => [vote, { units, shares }]),
  );
  const count = { totals, base: result.base };
  const measure = electionMeasure(result.thresholdBasis);
  return new Map(
    result.totals.map(({ vote }) => [
      vote,
      electionPercent(count, vote, measure),
    ]),
  );
}

/** "Elected by plurality", "Elected by ranked count (3 rounds)". */
export function electedByWords(
  result: Pick<ElectionForWords, 'votingMethod' | 'rounds'>,
  lng: Language | Translate = 'en',
): string {
  const t = typeof lng === 'function' ? lng : translator(lng);
  return result.votingMethod === 'ranked'
    ? t('election.electedBy.ranked', { count: result.rounds.length })
    : t(`election.electedBy.${result.votingMethod}`);
}

/**
 * "Elected by plurality: Hugo Rossi (45.5% of the shares voted), Grace Lee (30%)." then, when
 * the last seat is tied, "Tied for the last seat: C, D." and the tie break once recorded.
 */
export function electionStatement(
  result: ElectionForWords,
  lng: Language = 'en',
): string {
  const t = translator(lng);
  const how = electedByWords(result, t);
  const percents = electionPercents(result);
  const measure = electionMeasure(result.thresholdBasis);
  const named = (name: string, first: boolean) => {
    const percent = formatPercent(percents.get(name) ?? 0, 100, lng);
    return t('election.namedShare', {
      name,
      percent: first
        ? t('election.percentOf', {
            percent,
            basis: t(`election.basisWords.${measure}`),
          })
        : percent,
    });
  };
  const list = (names: readonly string[]) =>
    names.map((name, index) => named(name, index === 0)).join(', ');
  const parts: string[] = [];
  if (result.verdict === 'tied') {
    if (result.elected.length)
      parts.push(t('election.statement', { how, names: list(result.elected) }));
    parts.push(
      t('election.tiedLast', {
        count: Math.max(1, seatsLeft(result)),
        tied: result.tiedForLastSeat.join(', '),
      }),
    );
  } else if (result.elected.length)
    parts.push(t('election.statement', { how, names: list(result.elected) }));
  else parts.push(t('election.statementNone', { how }));
  if (result.tieBreak) {
    parts.push(
      t('election.tieBroken', {
        how: t(`election.tieHow.${result.tieBreak.method}`),
        elected: result.tieBreak.elected.join(', '),
      }),
    );
    if (result.tieBreak.note)
      parts.push(t('election.tieNote', { note: result.tieBreak.note }));
  }
  return parts.join(' ');
}

/** How many seats the tie leaves to fill (the tie break picks this many of the tied). */
export function seatsLeft(
  result: Pick<ElectionForWords, 'seats' | 'elected' | 'tieBreak'>,
): number {
  if (result.seats !== undefined)
    return Math.max(1, result.seats - result.elected.length);
  return result.tieBreak?.elected.length ?? 1;
}
