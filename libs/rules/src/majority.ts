import {
  addWeight,
  exactUnits,
  exactWeight,
  type ExactWeight,
  toFigures,
  type Figures,
  maxWeight,
  microShares,
  minWeight,
  type Shares,
  subtractWeight,
  type Weight,
  ZERO_WEIGHT,
} from './weight';

/** Carried or defeated: thresholds, verdicts and forecasts, as explained in docs/verdicts.md. */

/** A fraction p/q in (0, 1] of the base: strictly more than it, or at least it. */
export interface Threshold {
  numerator: number;
  denominator: number;
  strict: boolean;
}

/** What is counted: shares, units (members), or both must pass. */
export type ThresholdBasis = 'shares' | 'units' | 'both';

/** What the fraction is of: votes cast for counted options, members present or represented, or all eligible members. */
export type ThresholdBase = 'cast' | 'present' | 'eligible';

export const SIMPLE_MAJORITY: Threshold = {
  numerator: 1,
  denominator: 2,
  strict: true,
};
export const TWO_THIRDS: Threshold = {
  numerator: 2,
  denominator: 3,
  strict: false,
};
export const THREE_QUARTERS: Threshold = {
  numerator: 3,
  denominator: 4,
  strict: false,
};
export const DEFAULT_THRESHOLD: Threshold = SIMPLE_MAJORITY;
export const DEFAULT_THRESHOLD_BASIS: ThresholdBasis = 'shares';
export const DEFAULT_THRESHOLD_BASE: ThresholdBase = 'cast';

/** What the rules need of a matter. */
export interface VotingMatter {
  options: readonly string[];
  /** Options a voter may choose: 1 for a motion or a choice, the seats of an election. */
  choices: number;
  /** Options left out of the count (e.g. "Abstain"). */
  exclusions: readonly string[];
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
}

/** One option's ballots and shares per method: the tally row of libs/rules and of the API. */
export interface CountedTallyRow {
  vote: string;
  numProxyVotes: number;
  numLiveVotes: number;
  numOtherVotes: number;
  numProxyShares: Shares;
  numLiveShares: Shares;
  numOtherShares: Shares;
}

export interface CountedTally {
  rows: readonly CountedTallyRow[];
  /** Ballots cast, abstentions and excluded options included. */
  votesCast: number;
  sharesCast: Shares;
}

/** The members the base can be measured against (docs/verdicts.md, "The base"). */
export interface BaseWeights {
  /** Members eligible for the matter. */
  eligible: Weight;
  /** Members eligible for the matter who are present or represented (by proxy). */
  present: Weight;
}

export type Verdict = 'carried' | 'defeated' | 'tied' | 'elected';
export type Forecast = 'carried' | 'defeated' | 'open';

/** A closed matter's result, before it is published and signed off. */
export interface MatterResult {
  verdict: Verdict;
  /** Options chosen: the winner of a choice, the seats of an election, in order of votes. */
  elected: string[];
  /** Options tied at the top of a choice or for the last seats of an election, in option order. */
  tied: string[];
  /** The for option of a motion; otherwise the leading option. */
  forYes: Figures;
  /** The base the threshold was measured against. */
  base: Figures;
}

/**
 * A motion: one choice, exactly one counted option a word for yes. A choice: one choice
 * otherwise. An election: more than one choice, `choices` seats.
 */
export type MatterKind = 'motion' | 'choice' | 'election';

/** Option names that make a single-choice matter a motion, compared trimmed and case-blind. */
export const FOR_OPTION_NAMES: readonly string[] = [
  'yes',
  'for',
  'aye',
  'yea',
  'in favour',
  'in favor',
  'approve',
  'approved',
  'accept',
  'accepted',
  'agree',
  'oui',
  'pour',
  'sí',
  'si',
  'ja',
];

/** Why a threshold cannot be used, in words fit for a 400, or null when it can. */
export function validateThreshold(threshold: Threshold): string | null {
  const { numerator, denominator, strict } = threshold;
  if (!Number.isSafeInteger(numerator) || numerator < 1)
    return 'The threshold numerator must be a positive whole number.';
  if (!Number.isSafeInteger(denominator) || denominator < 1)
    return 'The threshold denominator must be a positive whole number.';
  if (numerator > denominator)
    return 'The threshold must be at most 1: the numerator may not exceed the denominator.';
  if (typeof strict !== 'boolean')
    return 'The threshold must say whether it is strict (more than) or not (at least).';
  if (strict && numerator === denominator)
    return 'A threshold of strictly more than the whole base can never be met: use at least.';
  return null;
}

/** Options that count: the options less the exclusions, in option order. */
export function countedOptions(
  matter: Pick<VotingMatter, 'options' | 'exclusions'>,
): string[] {
  return [...new Set(matter.options)].filter(
    (option) => !matter.exclusions.includes(option),
  );
}

const normalName = (option: string) =>
  option.trim().replace(/\s+/g, ' ').toLowerCase();

/** The option whose passing carries a motion, or null when the matter is not a motion. */
export function forOption(
  matter: Pick<VotingMatter, 'options' | 'exclusions' | 'choices'>,
): string | null {
  if (matter.choices !== 1) return null;
  const yes = countedOptions(matter).filter((option) =>
    FOR_OPTION_NAMES.includes(normalName(option)),
  );
  return yes.length === 1 ? yes[0] : null;
}

export function matterKind(
  matter: Pick<VotingMatter, 'options' | 'exclusions' | 'choices'>,
): MatterKind {
  if (matter.choices > 1) return 'election';
  return forOption(matter) === null ? 'choice' : 'motion';
}

/** Whether `part` passes the threshold of `base` in exact integers; nothing never passes. */
export function meetsThreshold(
  part: bigint,
  base: bigint,
  threshold: Threshold,
): boolean {
  if (part <= 0n) return false;
  const left = part * BigInt(threshold.denominator);
  const right = base * BigInt(threshold.numerator);
  return threshold.strict ? left > right : left >= right;
}

/** The matter's figures in exact integers, as the verdict and the forecast read them. */
interface Count {
  kind: MatterKind;
  /** Counted options in option order, with their figures. */
  options: { option: string; weight: ExactWeight }[];
  /** Ballots cast, excluded options and abstentions included. */
  castAll: ExactWeight;
}

function count(matter: VotingMatter, tally: CountedTally): Count {
  const problem = validateThreshold(matter.threshold);
  if (problem) throw new RangeError(problem);
  if (!Number.isSafeInteger(matter.choices) || matter.choices < 1)
    throw new RangeError(
      `choices must be a positive integer: ${matter.choices}`,
    );
  const byOption = new Map<string, ExactWeight>();
  let rowSum = ZERO_WEIGHT;
  for (const row of tally.rows) {
    const weight = {
      units:
        exactUnits(row.numProxyVotes) +
        exactUnits(row.numLiveVotes) +
        exactUnits(row.numOtherVotes),
      shares:
        microShares(row.numProxyShares) +
        microShares(row.numLiveShares) +
        microShares(row.numOtherShares),
    };
    byOption.set(
      row.vote,
      addWeight(byOption.get(row.vote) ?? ZERO_WEIGHT, weight),
    );
    rowSum = addWeight(rowSum, weight);
  }
  const declared = exactWeight({
    units: tally.votesCast,
    shares: tally.sharesCast,
  });
  const kind = matterKind(matter);
  return {
    kind,
    options: countedOptions(matter).map((option) => ({
      option,
      weight: byOption.get(option) ?? ZERO_WEIGHT,
    })),
    // a single-choice ballot is in exactly one row; an election ballot may be in several
    castAll: kind === 'election' ? declared : maxWeight(declared, rowSum),
  };
}

type Measure = keyof ExactWeight;

const measures = (basis: ThresholdBasis): Measure[] =>
  basis === 'both' ? ['units', 'shares'] : [basis];

/** The measure options are ranked by: shares, unless only units count. */
const rankMeasure = (basis: ThresholdBasis): Measure =>
  basis === 'units' ? 'units' : 'shares';

function passes(
  part: ExactWeight,
  base: ExactWeight,
  matter: VotingMatter,
): boolean {
  return measures(matter.thresholdBasis).every((measure) =>
    meetsThreshold(part[measure], base[measure], matter.threshold),
  );
}

const sumOf = (weights: ExactWeight[]) =>
  weights.reduce(addWeight, ZERO_WEIGHT);

/**
 * The base at close: votes for counted options; or members present, or eligible, never fewer
 * than those who voted (a member who voted is present or represented, and was eligible) and
 * never more present than eligible.
 */
function baseAt(
  matter: VotingMatter,
  counted: ExactWeight,
  castAll: ExactWeight,
  bases: BaseWeights,
): ExactWeight {
  const eligible = maxWeight(exactWeight(bases.eligible), castAll);
  switch (matter.thresholdBase) {
    case 'cast':
      return counted;
    case 'eligible':
      return eligible;
    case 'present':
      return minWeight(
        maxWeight(exactWeight(bases.present), castAll),
        eligible,
      );
  }
}

/** Options in order of votes on the ranking measure, ties in option order. */
function ranked(tally: Count, measure: Measure): Count['options'] {
  return [...tally.options].sort((a, b) =>
    a.weight[measure] === b.weight[measure]
      ? 0
      : a.weight[measure] > b.weight[measure]
        ? -1
        : 1,
  );
}

/** The result of a closed matter from its tally, its rule and the members it is measured against. */
export function matterResult(
  matter: VotingMatter,
  tally: CountedTally,
  bases: BaseWeights,
): MatterResult {
  const counted = count(matter, tally);
  const counts = counted.options.map(({ weight }) => weight);
  const base = baseAt(matter, sumOf(counts), counted.castAll, bases);
  const result = (
    verdict: Verdict,
    forYes: ExactWeight,
    elected: string[] = [],
    tied: string[] = [],
  ): MatterResult => ({
    verdict,
    elected,
    tied,
    forYes: toFigures(forYes),
    base: toFigures(base),
  });

  if (counted.kind === 'motion') {
    const yes = forOption(matter);
    const weight =
      counted.options.find(({ option }) => option === yes)?.weight ??
      ZERO_WEIGHT;
    return result(
      passes(weight, base, matter) ? 'carried' : 'defeated',
      weight,
    );
  }

  const measure = rankMeasure(matter.thresholdBasis);
  const order = ranked(counted, measure);
  const leading = order[0]?.weight ?? ZERO_WEIGHT;
  const candidates = order.filter(({ weight }) => weight[measure] > 0n);
  const names = (list: Count['options']) => list.map(({ option }) => option);
  const inOptionOrder = (list: Count['options']) =>
    counted.options
      .filter((entry) => list.includes(entry))
      .map(({ option }) => option);
  if (candidates.length === 0) return result('defeated', leading);

  if (counted.kind === 'choice') {
    const top = candidates[0].weight[measure];
    const leaders = candidates.filter(({ weight }) => weight[measure] === top);
    if (leaders.length > 1)
      return result('tied', leading, [], inOptionOrder(leaders));
    return passes(leaders[0].weight, base, matter)
      ? result('elected', leading, names(leaders))
      : result('defeated', leading);
  }

  const seats = matter.choices;
  if (candidates.length <= seats)
    return result('elected', leading, names(candidates));
  const cut = candidates[seats - 1].weight[measure];
  if (candidates[seats].weight[measure] < cut)
    return result('elected', leading, names(candidates.slice(0, seats)));
  return result(
    'tied',
    leading,
    names(candidates.filter(({ weight }) => weight[measure] > cut)),
    inOptionOrder(candidates.filter(({ weight }) => weight[measure] === cut)),
  );
}

/** What a live matter can still count on: its eligible members, and those not yet voted. */
export interface ForecastWeights {
  eligible: Weight;
  /** Eligible members who have not voted yet. */
  remaining: Weight;
}

/**
 * Whether a live matter is carried or defeated however the members not yet voted vote, abstain
 * or stay away (the ballots cast are taken as they stand), else open. Choices and elections
 * are never forecast carried: their verdict names options.
 */
export function matterForecast(
  matter: VotingMatter,
  tally: CountedTally,
  weights: ForecastWeights,
): Forecast {
  const counted = count(matter, tally);
  const remaining = exactWeight(weights.remaining);
  const eligible = exactWeight(weights.eligible);
  const measure = rankMeasure(matter.thresholdBasis);
  const total = sumOf(counted.options.map(({ weight }) => weight));

  if (counted.kind === 'election')
    return remaining[measure] === 0n &&
      counted.options.every(({ weight }) => weight[measure] === 0n)
      ? 'defeated'
      : 'open';

  /** Whether `part` passes whatever happens (worst), or can pass at all (best). */
  const bounds = (part: ExactWeight) => {
    const others = subtractWeight(total, part);
    const excluded = subtractWeight(counted.castAll, total);
    // worst: every remaining member votes for another counted option, or stays away
    // while the base is every eligible member; best: every one of them votes for it
    const allCast = addWeight(addWeight(total, excluded), remaining);
    const bestPart = addWeight(part, remaining);
    const bestCast = addWeight(addWeight(bestPart, others), excluded);
    const [worstBase, bestBase] = ((): [ExactWeight, ExactWeight] => {
      switch (matter.thresholdBase) {
        case 'cast':
          return [addWeight(total, remaining), addWeight(bestPart, others)];
        case 'present':
          return [maxWeight(eligible, allCast), bestCast];
        case 'eligible':
          return [maxWeight(eligible, allCast), maxWeight(eligible, bestCast)];
      }
    })();
    return {
      always: passes(part, worstBase, matter),
      never: measures(matter.thresholdBasis).some(
        (m) => !meetsThreshold(bestPart[m], bestBase[m], matter.threshold),
      ),
    };
  };

  if (counted.kind === 'motion') {
    const yes = forOption(matter);
    const { always, never } = bounds(
      counted.options.find(({ option }) => option === yes)?.weight ??
        ZERO_WEIGHT,
    );
    return always ? 'carried' : never ? 'defeated' : 'open';
  }

  // a choice is defeated for sure when no option can pass and its leader cannot be tied
  if (!counted.options.every(({ weight }) => bounds(weight).never))
    return 'open';
  const [leader, ...rest] = ranked(counted, measure);
  if (!leader) return 'defeated';
  const untieable =
    remaining[measure] === 0n
      ? leader.weight[measure] === 0n ||
        rest.every(({ weight }) => weight[measure] < leader.weight[measure])
      : rest.every(
          ({ weight }) =>
            weight[measure] + remaining[measure] < leader.weight[measure],
        );
  return untieable ? 'defeated' : 'open';
}
