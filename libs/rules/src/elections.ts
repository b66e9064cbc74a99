import { countedOptions, type ThresholdBasis } from './majority';
import { tallyMarks, type VotingMethod } from './voting-methods';
import { microShares, sharesText } from './weight';

/**
 * Counting an election by its voting method: plurality, cumulative votes, or a ranked count
 * (instant runoff for one seat, single transferable vote for several). The rules, ties
 * included, are written out in docs/elections.md ("Counting").
 */

/** A member's current ballot on an election: its marks and the member's shares. */
export interface ElectionBallot {
  /** Options in the ballot's order (a ranking's order). */
  choices: readonly string[];
  /** Cumulative votes on each choice (parallel to `choices`); absent or null otherwise. */
  votes?: readonly number[] | null;
  /** The member's shares. */
  weight: number;
}

/** Units and shares, to 6 decimals (a transferred ballot counts a fraction of a unit). */
export interface ElectionFigures {
  units: number;
  shares: number;
}

/** One stage of a ranked count: the figures it decided on and what it decided. */
export interface ElectionRound {
  /** Continuing options at the start of the stage. */
  counts: Record<string, ElectionFigures>;
  /** Options elected at this stage, in order of votes. */
  elected: string[];
  /** Options excluded at this stage, in option order. */
  excluded: string[];
  /** Ballots with no continuing option left, at their value, before this stage's transfers. */
  exhausted: ElectionFigures;
}

export interface ElectionCount {
  verdict: 'elected' | 'tied';
  /** Options elected, in the order they were elected (by votes within a stage). */
  elected: string[];
  /** Options tied for the last seats, in option order; empty unless `tied`. */
  tiedForLastSeat: string[];
  /** Every stage of a ranked count; empty for plurality and cumulative. */
  rounds: ElectionRound[];
  /** Each counted option's figures: its votes, or for a ranked count those it was last counted with. */
  totals: Record<string, ElectionFigures>;
  /** What the percentages are of (see {@link electionPercent}). */
  base: ElectionFigures;
  /**
   * The quota of a count of several seats by single transferable vote, in shares (units when
   * only units count); null otherwise (instant runoff elects on a majority of the continuing votes).
   */
  quota: number | null;
}

/**
 * An election: a cumulative or ranked matter, or a plurality matter of more than one seat. It
 * is decided by its method (`countElection`), never against a threshold; motions and
 * single-seat plurality choices keep theirs (docs/elections.md). A matter that does not say
 * (`votingMethod` or `choices` absent) is plurality of one choice.
 */
export function isElection(matter: {
  votingMethod?: VotingMethod;
  choices?: number;
}): boolean {
  return (
    (matter.votingMethod ?? 'plurality') !== 'plurality' ||
    (matter.choices ?? 1) > 1
  );
}

export interface ElectionMatter {
  options: readonly string[];
  /** Options left out of the count (e.g. "Abstain"). */
  exclusions: readonly string[];
  /** Seats. */
  choices: number;
  votingMethod: VotingMethod;
  thresholdBasis: ThresholdBasis;
}

/** Exact figures: units and shares in integer millionths. */
interface Micro {
  units: bigint;
  shares: bigint;
}

const MICRO = 1_000_000n;
const zero = (): Micro => ({ units: 0n, shares: 0n });
const figures = (micro: Micro): ElectionFigures => ({
  units: Number(sharesText(micro.units)),
  shares: Number(sharesText(micro.shares)),
});

/**
 * Orders figures by the basis: shares, or units when only units count; with `both`, shares
 * first and units between options of equal shares. Positive when `a` is ahead.
 */
function comparator(basis: ThresholdBasis): (a: Micro, b: Micro) => number {
  const sign = (x: bigint) => (x > 0n ? 1 : x < 0n ? -1 : 0);
  if (basis === 'units') return (a, b) => sign(a.units - b.units);
  if (basis === 'shares') return (a, b) => sign(a.shares - b.shares);
  return (a, b) => sign(a.shares - b.shares) || sign(a.units - b.units);
}

/**
 * A member's shares in millionths: a stored weight has at most 6 decimals, so the product
 * rounds exactly as tally.ts's `toMicro`; anything else is read by `microShares`, which
 * refuses negative or non-finite shares.
 */
function weightMicro(weight: number): bigint {
  const micro = Math.round(weight * 1e6);
  return Number.isSafeInteger(micro) && micro >= 0 && weight >= 0
    ? BigInt(micro)
    : microShares(weight);
}

/** Whether figures count as votes on the basis; an option with none is never elected. */
function hasVotes(basis: ThresholdBasis, weight: Micro): boolean {
  if (basis === 'units') return weight.units > 0n;
  if (basis === 'shares') return weight.shares > 0n;
  return weight.units > 0n || weight.shares > 0n;
}

/** The measure a ranked count's quota and transfers are on: shares unless only units count. */
const measureOf = (basis: ThresholdBasis): keyof Micro =>
  basis === 'units' ? 'units' : 'shares';

export function countElection(
  matter: ElectionMatter,
  ballots: Iterable<ElectionBallot>,
): ElectionCount {
  if (!Number.isSafeInteger(matter.choices) || matter.choices < 1)
    throw new RangeError(`seats must be a positive integer: ${matter.choices}`);
  return matter.votingMethod === 'ranked'
    ? rankedCount(matter, ballots)
    : topCount(matter, ballots);
}

/**
 * The option's figure as a percentage of the count's base on that measure (0 of nothing), to
 * 6 decimals: the bars and the verdict text format this one figure.
 */
export function electionPercent(
  count: Pick<ElectionCount, 'totals' | 'base'>,
  option: string,
  basis: 'units' | 'shares',
): number {
  const whole = count.base[basis];
  const part = count.totals[option]?.[basis] ?? 0;
  // to 6 decimals, so that 58 of 100 reads 58, not 57.99999999999999
  return whole > 0 ? Math.round(((part * 100) / whole) * 1e6) / 1e6 : 0;
}

// ---- plurality and cumulative: the top `choices` options ----

function topCount(
  matter: ElectionMatter,
  ballots: Iterable<ElectionBallot>,
): ElectionCount {
  const options = countedOptions(matter);
  const totals = new Map(options.map((option) => [option, zero()]));
  const base = zero();
  for (const ballot of ballots) {
    const weight = weightMicro(ballot.weight);
    const marks = tallyMarks(matter.votingMethod, ballot);
    if (matter.votingMethod === 'plurality') {
      base.units += MICRO;
      base.shares += weight;
    }
    for (const { option, count } of marks) {
      const votes = BigInt(count);
      if (matter.votingMethod === 'cumulative') {
        base.units += votes * MICRO;
        base.shares += votes * weight;
      }
      const total = totals.get(option);
      if (!total) continue;
      total.units += votes * MICRO;
      total.shares += votes * weight;
    }
  }
  const compare = comparator(matter.thresholdBasis);
  const order = options
    .filter((option) => hasVotes(matter.thresholdBasis, totals.get(option)!))
    .sort((a, b) => compare(totals.get(b)!, totals.get(a)!));
  const seats = matter.choices;
  const counted = {
    rounds: [],
    quota: null,
    totals: Object.fromEntries(
      options.map((option) => [option, figures(totals.get(option)!)]),
    ),
    base: figures(base),
  };
  if (order.length <= seats)
    return {
      verdict: 'elected',
      elected: order,
      tiedForLastSeat: [],
      ...counted,
    };
  const cut = totals.get(order[seats - 1])!;
  const atCut = (option: string) => compare(totals.get(option)!, cut) === 0;
  if (!atCut(order[seats]))
    return {
      verdict: 'elected',
      elected: order.slice(0, seats),
      tiedForLastSeat: [],
      ...counted,
    };
  return {
    verdict: 'tied',
    elected: order.filter((option) => compare(totals.get(option)!, cut) > 0),
    tiedForLastSeat: options.filter(
      (option) => order.includes(option) && atCut(option),
    ),
    ...counted,
  };
}

// ---- ranked: instant runoff and single transferable vote ----

/** A ranked ballot in the count: its continuing preferences and its current value. */
interface Paper {
  /** Counted options by index, in preference order, each once. */
  preferences: number[];
  /** Index into `preferences` of the option it counts for now. */
  at: number;
  value: Micro;
}

type Standing = 'continuing' | 'elected' | 'excluded';

function rankedCount(
  matter: ElectionMatter,
  ballots: Iterable<ElectionBallot>,
): ElectionCount {
  const options = countedOptions(matter);
  const index = new Map(options.map((option, i) => [option, i]));
  const basis = matter.thresholdBasis;
  const measure = measureOf(basis);
  const compare = comparator(basis);
  const standing: Standing[] = options.map(() => 'continuing');
  const piles: Paper[][] = options.map(() => []);
  const counts: Micro[] = options.map(zero);
  const exhausted = zero();
  const valid = zero();

  for (const ballot of ballots) {
    const preferences: number[] = [];
    for (const choice of ballot.choices) {
      const i = index.get(choice);
      if (i !== undefined && !preferences.includes(i)) preferences.push(i);
    }
    // a ballot ranking no counted option is not a valid vote in the count
    if (preferences.length === 0) continue;
    const paper: Paper = {
      preferences,
      at: 0,
      value: { units: MICRO, shares: weightMicro(ballot.weight) },
    };
    valid.units += paper.value.units;
    valid.shares += paper.value.shares;
    piles[preferences[0]].push(paper);
    counts[preferences[0]].units += paper.value.units;
    counts[preferences[0]].shares += paper.value.shares;
  }

  const seats = matter.choices;
  // Droop quota on the valid weight, in whole units or shares
  const quota = (valid[measure] / MICRO / BigInt(seats + 1) + 1n) * MICRO;
  const continuing = () =>
    options.map((_, i) => i).filter((i) => standing[i] === 'continuing');
  const reaches = (i: number, live: number[]): boolean => {
    if (seats > 1) return counts[i][measure] >= quota;
    // one seat: instant runoff, more than half of the continuing votes
    const total = live.reduce((sum, j) => sum + counts[j][measure], 0n);
    return counts[i][measure] * 2n > total;
  };
  const byVotes = (list: number[]) =>
    [...list].sort((a, b) => compare(counts[b], counts[a]) || a - b);

  /** Moves a paper on to its next continuing preference, or into the exhausted pile. */
  const pass = (paper: Paper) => {
    do paper.at += 1;
    while (
      paper.at < paper.preferences.length &&
      standing[paper.preferences[paper.at]] !== 'continuing'
    );
    const next = paper.preferences[paper.at];
    const into = next === undefined ? exhausted : counts[next];
    into.units += paper.value.units;
    into.shares += paper.value.shares;
    if (next !== undefined) piles[next].push(paper);
  };

  const rounds: ElectionRound[] = [];
  /** Each stage's exact counts, by option index, for breaking ties. */
  const history: Micro[][] = [];
  const totals = new Map<number, Micro>();
  const elected: string[] = [];
  let seatsLeft = seats;
  let tiedForLastSeat: string[] = [];

  /** Elects every continuing option that has votes: no more are left than seats. */
  const electRemaining = (round: ElectionRound) => {
    for (const i of byVotes(continuing())) {
      standing[i] = hasVotes(basis, counts[i]) ? 'elected' : 'excluded';
      totals.set(i, { ...counts[i] });
      if (standing[i] === 'elected') {
        round.elected.push(options[i]);
        seatsLeft -= 1;
      } else round.excluded.push(options[i]);
    }
  };

  while (seatsLeft > 0 && continuing().length > 0) {
    const live = continuing();
    const round: ElectionRound = {
      counts: Object.fromEntries(
        live.map((i) => [options[i], figures(counts[i])]),
      ),
      elected: [],
      excluded: [],
      exhausted: figures(exhausted),
    };
    rounds.push(round);
    history.push(counts.map((count) => ({ ...count })));
    if (live.length <= seatsLeft) {
      electRemaining(round);
      break;
    }

    const reached = byVotes(live.filter((i) => reaches(i, live)));
    if (reached.length > 0) {
      // every option at the quota is elected; its surplus goes on at surplus / its total
      for (const i of reached) {
        standing[i] = 'elected';
        round.elected.push(options[i]);
        totals.set(i, { ...counts[i] });
        seatsLeft -= 1;
      }
      for (const i of reached) {
        const total = counts[i];
        const surplus = total[measure] - (seats > 1 ? quota : total[measure]);
        const pile = piles[i];
        piles[i] = [];
        if (seatsLeft === 0 || surplus <= 0n) continue;
        const kept = { ...total };
        for (const paper of pile) {
          const value = {
            units: (paper.value.units * surplus) / total[measure],
            shares: (paper.value.shares * surplus) / total[measure],
          };
          kept.units -= value.units;
          kept.shares -= value.shares;
          paper.value = value;
          pass(paper);
        }
        // what the option keeps is its total less what went on: the quota, and the
        // millionths lost in rounding the transfers down, so no weight is lost from the count
        counts[i] = kept;
      }
    } else {
      const lowest = lowestToExclude(live);
      if (lowest === null) {
        // the tie decides seats: no rule of the count can choose between them
        const tied = lowestTied(live);
        for (const i of byVotes(live.filter((i) => !tied.includes(i)))) {
          standing[i] = 'elected';
          totals.set(i, { ...counts[i] });
          round.elected.push(options[i]);
          seatsLeft -= 1;
        }
        for (const i of tied) totals.set(i, { ...counts[i] });
        tiedForLastSeat = tied.map((i) => options[i]);
        break;
      }
      for (const i of lowest) {
        standing[i] = 'excluded';
        round.excluded.push(options[i]);
        totals.set(i, { ...counts[i] });
      }
      for (const i of lowest) {
        const pile = piles[i];
        piles[i] = [];
        counts[i] = zero();
        for (const paper of pile) pass(paper);
      }
    }
    if (seatsLeft > 0 && continuing().length <= seatsLeft)
      electRemaining(round);
  }
  for (const i of continuing()) totals.set(i, { ...counts[i] });
  for (const { elected: names } of rounds) elected.push(...names);

  return {
    verdict: tiedForLastSeat.length > 0 ? 'tied' : 'elected',
    elected,
    tiedForLastSeat,
    rounds,
    totals: Object.fromEntries(
      options.map((option, i) => [option, figures(totals.get(i) ?? zero())]),
    ),
    base: figures(valid),
    quota: seats > 1 ? Number(sharesText(quota)) : null,
  };

  /** The continuing options lowest now, narrowed by the earliest earlier stage where they differ. */
  function lowestTied(live: number[]): number[] {
    const last = byVotes(live).at(-1)!;
    let tied = live.filter((i) => compare(counts[i], counts[last]) === 0);
    for (const earlier of history.slice(0, -1)) {
      if (tied.length === 1) break;
      const least = tied.reduce((low, i) =>
        compare(earlier[i], earlier[low]) < 0 ? i : low,
      );
      tied = tied.filter((i) => compare(earlier[i], earlier[least]) === 0);
    }
    return tied;
  }

  /**
   * The options to exclude at a stage without a quota: the lowest, a tie broken by the
   * earliest stage where the tied options differ; options still tied in every stage are
   * excluded together, unless that leaves fewer options than seats (null: the tie decides a
   * seat). Options with no votes are always excluded together.
   */
  function lowestToExclude(live: number[]): number[] | null {
    const tied = lowestTied(live);
    if (tied.length === 1) return tied;
    if (!hasVotes(basis, counts[tied[0]])) return tied;
    return live.length - tied.length >= seatsLeft ? tied : null;
  }
}
