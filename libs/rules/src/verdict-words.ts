import type {
  Threshold,
  ThresholdBase,
  ThresholdBasis,
  Verdict,
} from './majority';
import type { Figures } from './weight';

/**
 * Verdicts and rules in words, the same on the big screen, in the console and in the report
 * (docs/verdicts.md, "The result in words").
 */

const NAMED_FRACTIONS: Record<string, string> = {
  '1/1': 'all',
  '1/2': 'one half',
  '1/3': 'one third',
  '2/3': 'two-thirds',
  '1/4': 'one quarter',
  '3/4': 'three-quarters',
  '3/5': 'three-fifths',
  '4/5': 'four-fifths',
};

/** "more than one half", "at least two-thirds", "at least 5/8". */
export function thresholdWords(threshold: Threshold): string {
  const { numerator, denominator, strict } = threshold;
  const fraction =
    NAMED_FRACTIONS[`${numerator}/${denominator}`] ??
    `${numerator}/${denominator}`;
  return `${strict ? 'more than' : 'at least'} ${fraction}`;
}

const BASE_WORDS: Record<ThresholdBase, string> = {
  cast: 'the votes cast',
  present: 'the members present or represented',
  eligible: 'the eligible members',
};

const BASIS_WORDS: Record<ThresholdBasis, string> = {
  shares: 'by shares',
  units: 'by units',
  both: 'by units and by shares',
};

/** "more than one half of the votes cast, by shares". */
export function ruleWords(rule: {
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
}): string {
  return `${thresholdWords(rule.threshold)} of ${BASE_WORDS[rule.thresholdBase]}, ${BASIS_WORDS[rule.thresholdBasis]}`;
}

/** part / whole as a percentage to one decimal ("78.2 %"), or "–" of nothing. */
export function percentText(part: number, whole: number): string {
  if (!(whole > 0)) return '–';
  return `${((part / whole) * 100).toLocaleString('en', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })} %`;
}

const VERDICT_WORDS: Record<Verdict, string> = {
  carried: 'Carried',
  defeated: 'Defeated',
  tied: 'Tied',
  elected: 'Elected',
};

export function verdictWords(verdict: Verdict): string {
  return VERDICT_WORDS[verdict];
}

/** What the verdict sentence needs of a result. */
export interface ResultForWords {
  verdict: Verdict;
  elected: readonly string[];
  tied: readonly string[];
  forYes: Figures;
  base: Figures;
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
  /** An election (more than one choice): no threshold applies. */
  election?: boolean;
}

/**
 * One sentence for people: "Carried by 78.2 % of the votes cast by units, 81.0 % by shares;
 * the threshold was at least two-thirds of the votes cast, by shares."
 */
export function resultStatement(result: ResultForWords): string {
  const share = `${percentText(result.forYes.units, result.base.units)} of ${
    BASE_WORDS[result.thresholdBase]
  } by units, ${percentText(result.forYes.shares, result.base.shares)} by shares`;
  const rule = result.election
    ? ''
    : `; the threshold was ${ruleWords(result)}`;
  const names = (list: readonly string[]) => list.join(', ');
  switch (result.verdict) {
    case 'carried':
      return `Carried by ${share}${rule}.`;
    case 'defeated':
      return `Defeated with ${share}${rule}.`;
    case 'elected':
      return `Elected: ${names(result.elected)}, the first with ${share}${rule}.`;
    case 'tied':
      return result.elected.length
        ? `Tied: ${names(result.elected)} elected; ${names(result.tied)} tied for the remaining seats.`
        : `Tied: ${names(result.tied)} share the lead with ${share} each.`;
  }
}
