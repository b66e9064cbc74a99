import type {
  Figures,
  Threshold,
  ThresholdBase,
  ThresholdBasis,
  Verdict,
} from '@livevote/rules';
import type { Language } from './languages';
import { translator, type Translate } from './translator';
import { formatPercent } from './zoned-time';

/**
 * Verdicts and rules in words, the same on the big screen, in the console and in the report
 * (docs/verdicts.md, "The result in words"), in English or French.
 */

function tOf(lng: Language | Translate): Translate {
  return typeof lng === 'function' ? lng : translator(lng);
}

/** "more than one half", "at least two-thirds", "at least 5/8". */
export function thresholdWords(
  threshold: Threshold,
  lng: Language | Translate = 'en',
): string {
  const t = tOf(lng);
  const { numerator, denominator, strict } = threshold;
  const key = `verdict.fraction.${numerator}/${denominator}`;
  const named = t(key);
  const fraction = named === key ? `${numerator}/${denominator}` : named;
  return t(strict ? 'verdict.strict' : 'verdict.atLeast', { fraction });
}

/** "more than one half of the votes cast, by shares". */
export function ruleWords(
  rule: {
    threshold: Threshold;
    thresholdBasis: ThresholdBasis;
    thresholdBase: ThresholdBase;
  },
  lng: Language | Translate = 'en',
): string {
  const t = tOf(lng);
  return t('verdict.rule', {
    threshold: thresholdWords(rule.threshold, t),
    base: t(`verdict.base.${rule.thresholdBase}`),
    basis: t(`verdict.basis.${rule.thresholdBasis}`),
  });
}

/** part / whole as a percentage to at most one decimal ("78.2%", "78,2 %"), or "–" of nothing. */
export function percentText(
  part: number,
  whole: number,
  lng: Language = 'en',
): string {
  return formatPercent(part, whole, lng);
}

export function verdictWords(
  verdict: Verdict,
  lng: Language | Translate = 'en',
): string {
  return tOf(lng)(`verdict.${verdict}`);
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
export function resultStatement(
  result: ResultForWords,
  lng: Language = 'en',
): string {
  const t = translator(lng);
  const share = t('verdict.share', {
    units: percentText(result.forYes.units, result.base.units, lng),
    base: t(`verdict.base.${result.thresholdBase}`),
    shares: percentText(result.forYes.shares, result.base.shares, lng),
  });
  const rule = result.election
    ? ''
    : t('verdict.ruleSuffix', { rule: ruleWords(result, t) });
  const names = (list: readonly string[]) => list.join(', ');
  switch (result.verdict) {
    case 'carried':
      return t('verdict.statement.carried', { share, rule });
    case 'defeated':
      return t('verdict.statement.defeated', { share, rule });
    case 'elected':
      return t('verdict.statement.elected', {
        names: names(result.elected),
        share,
        rule,
      });
    case 'tied':
      return result.elected.length
        ? t('verdict.statement.tiedElected', {
            elected: names(result.elected),
            tied: names(result.tied),
          })
        : t('verdict.statement.tiedLead', { tied: names(result.tied), share });
  }
}
