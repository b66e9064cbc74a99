import {
  electionPercent,
  isElection,
  type Figures,
  type Threshold,
  type ThresholdBase,
  type ThresholdBasis,
  type Verdict,
  type VotingMethod,
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

/** How a matter is counted, as the words need it. */
export interface MethodForWords {
  votingMethod?: VotingMethod;
  /** Options a ballot may choose: the seats of an election. */
  choices?: number;
}

/** An election, as libs/rules decides it (`isElection`): its words never name a threshold. */
export const isElectionMatter: (matter: MethodForWords) => boolean = isElection;

/**
 * An election's rule: "plurality: the 2 options with the most votes are elected, by shares",
 * "ranked count by single transferable vote for 3 seats: …".
 */
export function electionRuleWords(
  matter: {
    votingMethod?: VotingMethod;
    choices?: number;
    thresholdBasis: ThresholdBasis;
  },
  lng: Language | Translate = 'en',
): string {
  const t = tOf(lng);
  return t(`verdict.electionRule.${matter.votingMethod ?? 'plurality'}`, {
    count: matter.choices ?? 1,
    basis: t(`verdict.basis.${matter.thresholdBasis}`),
  });
}

/**
 * "more than one half of the votes cast, by shares"; an election's rule instead when the
 * matter given is one (its `votingMethod` and `choices` say so).
 */
export function ruleWords(
  rule: {
    threshold: Threshold;
    thresholdBasis: ThresholdBasis;
    thresholdBase: ThresholdBase;
  } & MethodForWords,
  lng: Language | Translate = 'en',
): string {
  const t = tOf(lng);
  if (isElectionMatter(rule)) return electionRuleWords(rule, t);
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
  /** How it was counted (docs/elections.md); an election when not plurality. */
  votingMethod?: VotingMethod;
  /** The seats of an election. */
  choices?: number;
  /** Per option, in option order: the figures an election's percentages are of `base`. */
  totals?: readonly { vote: string; units: number; shares: number }[];
  /** An election's options tied for the last seats, as the count found them. */
  tiedForLastSeat?: readonly string[];
  /** A ranked count's stages. */
  rounds?: readonly unknown[];
  /** The chair's decision on the tie, once made. */
  tieBreak?: {
    elected: readonly string[];
    method: 'lot' | 'casting_vote' | 'other';
    note: string;
  } | null;
}

/** The words of an election's verdict: a sentence for who was elected, ties and tie break. */
function electionStatement(
  result: ResultForWords,
  lng: Language,
  label: (option: string) => string,
): string {
  const t = translator(lng);
  const method = result.votingMethod ?? 'plurality';
  const rounds = result.rounds?.length ?? 0;
  const count = {
    totals: Object.fromEntries(
      (result.totals ?? []).map(({ vote, units, shares }) => [
        vote,
        { units, shares },
      ]),
    ),
    base: result.base,
  };
  const percent = (option: string, measure: 'units' | 'shares') =>
    formatPercent(electionPercent(count, option, measure), 100, lng);
  const share = (option: string) =>
    t(`verdict.electionShare.${result.thresholdBasis}`, {
      units: percent(option, 'units'),
      shares: percent(option, 'shares'),
    });
  const base = t(`verdict.electionBaseBasis.${result.thresholdBasis}`, {
    base: t(`verdict.electionBase.${method}`),
  });
  const decided = result.tieBreak?.elected ?? [];
  // the seats the count filled, before any tie break
  const counted = result.elected.filter((name) => !decided.includes(name));
  const tied = result.tiedForLastSeat?.length
    ? result.tiedForLastSeat
    : result.tied;
  const sentences: string[] = [];
  if (counted.length)
    sentences.push(
      t('verdict.statement.election', {
        method: t(`verdict.method.${method}`, { count: rounds }),
        names: counted
          .map((name) =>
            t('verdict.electedName', { name: label(name), share: share(name) }),
          )
          .join(', '),
        base,
      }),
    );
  else
    sentences.push(
      t(
        tied.length
          ? 'verdict.statement.electionCounted'
          : 'verdict.statement.electionNone',
        { counted: t(`verdict.counted.${method}`, { count: rounds }) },
      ),
    );
  if (tied.length)
    sentences.push(
      t('verdict.statement.tiedForLastSeat', {
        // the seats left to the tie
        count: Math.max(
          1,
          result.choices
            ? result.choices - counted.length
            : decided.length || tied.length - 1,
        ),
        tied: tied.map(label).join(', '),
        share: share(tied[0]),
      }),
    );
  if (result.tieBreak)
    sentences.push(
      t(
        result.tieBreak.note
          ? 'verdict.statement.tieBrokenNote'
          : 'verdict.statement.tieBroken',
        {
          names: result.tieBreak.elected.map(label).join(', '),
          method: t(`verdict.tieBreakMethod.${result.tieBreak.method}`),
          note: result.tieBreak.note,
        },
      ),
    );
  return sentences.join(' ');
}

/**
 * One sentence for people: "Carried by 78.2 % of the votes cast by units, 81.0 % by shares;
 * the threshold was at least two-thirds of the votes cast, by shares."
 */
export function resultStatement(
  result: ResultForWords,
  lng: Language = 'en',
  /** An option as the reader sees it (a translated label); the result names canonical options. */
  label: (option: string) => string = (option) => option,
): string {
  if (
    result.election ||
    (result.votingMethod !== undefined && result.votingMethod !== 'plurality')
  )
    return electionStatement(result, lng, label);
  const t = translator(lng);
  const share = t('verdict.share', {
    units: percentText(result.forYes.units, result.base.units, lng),
    base: t(`verdict.base.${result.thresholdBase}`),
    shares: percentText(result.forYes.shares, result.base.shares, lng),
  });
  const rule = t('verdict.ruleSuffix', { rule: ruleWords(result, t) });
  const names = (list: readonly string[]) => list.map(label).join(', ');
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
