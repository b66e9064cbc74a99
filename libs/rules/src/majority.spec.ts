import { describe, expect, it } from 'vitest';
import {
  type BaseWeights,
  type CountedTally,
  DEFAULT_THRESHOLD,
  type Forecast,
  forOption,
  matterForecast,
  matterKind,
  matterResult,
  type MatterResult,
  meetsThreshold,
  SIMPLE_MAJORITY,
  THREE_QUARTERS,
  type Threshold,
  TWO_THIRDS,
  validateThreshold,
  type VotingMatter,
} from './majority';
import { microShares, type Shares, sharesText } from './weight';

const matter = (overrides: Partial<VotingMatter> = {}): VotingMatter => ({
  options: ['For', 'Against'],
  choices: 1,
  exclusions: [],
  threshold: DEFAULT_THRESHOLD,
  thresholdBasis: 'shares',
  thresholdBase: 'cast',
  ...overrides,
});

/** A tally of live ballots from `[units, shares]` per option; cast defaults to their sum. */
const counts = (
  perOption: Record<string, [number, Shares]>,
  cast?: [number, Shares],
): CountedTally => {
  const rows = Object.entries(perOption).map(([vote, [units, shares]]) => ({
    vote,
    numProxyVotes: 0,
    numLiveVotes: units,
    numOtherVotes: 0,
    numProxyShares: 0,
    numLiveShares: shares,
    numOtherShares: 0,
  }));
  const values = Object.values(perOption);
  const units = values.reduce((sum, [count]) => sum + count, 0);
  const shares = sharesText(
    values.reduce((sum, [, weight]) => sum + microShares(weight), 0n),
  );
  return {
    rows,
    votesCast: cast?.[0] ?? units,
    sharesCast: cast?.[1] ?? shares,
  };
};

/** `units` members of one share each. */
const members = (units: number): [number, number] => [units, units];

const NOBODY: BaseWeights = {
  eligible: { units: 0, shares: 0 },
  present: { units: 0, shares: 0 },
};
const bases = (
  eligible: [number, Shares],
  present: [number, Shares] = [0, 0],
): BaseWeights => ({
  eligible: { units: eligible[0], shares: eligible[1] },
  present: { units: present[0], shares: present[1] },
});

const figures = (units: number, shares: number) => ({ units, shares });
const MORE_THAN_TWO_THIRDS: Threshold = { ...TWO_THIRDS, strict: true };

describe(validateThreshold.name, () => {
  it.each([SIMPLE_MAJORITY, TWO_THIRDS, THREE_QUARTERS, MORE_THAN_TWO_THIRDS])(
    'takes $numerator/$denominator (strict: $strict)',
    (threshold) => {
      expect(validateThreshold(threshold)).toBeNull();
    },
  );

  it.each([
    { numerator: 1, denominator: 1, strict: false },
    { numerator: 1, denominator: 1_000_000, strict: true },
    { numerator: 999_999, denominator: 1_000_000, strict: true },
  ])('takes $numerator/$denominator at the edges of (0, 1]', (threshold) => {
    expect(validateThreshold(threshold)).toBeNull();
  });

  it.each([
    [{ numerator: 0, denominator: 2, strict: true }, /numerator/],
    [{ numerator: -1, denominator: 2, strict: true }, /numerator/],
    [{ numerator: 1.5, denominator: 2, strict: true }, /numerator/],
    [{ numerator: NaN, denominator: 2, strict: true }, /numerator/],
    [{ numerator: 1, denominator: 0, strict: true }, /denominator/],
    [{ numerator: 1, denominator: 2.5, strict: true }, /denominator/],
    [{ numerator: 1, denominator: 2 ** 53, strict: true }, /denominator/],
    [{ numerator: 3, denominator: 2, strict: false }, /at most 1/],
    [{ numerator: 1, denominator: 1, strict: true }, /never be met/],
    [{ numerator: 1, denominator: 2, strict: 'yes' }, /strict/],
  ])('refuses %j', (threshold, message) => {
    expect(validateThreshold(threshold as Threshold)).toMatch(message);
  });

  it('makes the verdict refuse a bad threshold rather than answer', () => {
    expect(() =>
      matterResult(
        matter({ threshold: { numerator: 2, denominator: 1, strict: false } }),
        counts({ For: members(1) }),
        NOBODY,
      ),
    ).toThrow(/at most 1/);
  });
});

describe(meetsThreshold.name, () => {
  it.each([
    { part: 6n, base: 9n, threshold: TWO_THIRDS, meets: true },
    { part: 6n, base: 9n, threshold: MORE_THAN_TWO_THIRDS, meets: false },
    { part: 7n, base: 9n, threshold: MORE_THAN_TWO_THIRDS, meets: true },
    { part: 5n, base: 10n, threshold: SIMPLE_MAJORITY, meets: false },
    { part: 6n, base: 10n, threshold: SIMPLE_MAJORITY, meets: true },
    { part: 0n, base: 0n, threshold: TWO_THIRDS, meets: false },
    {
      part: 0n,
      base: 0n,
      threshold: { numerator: 1, denominator: 1, strict: false },
      meets: false,
    },
  ])(
    '$part of $base against $threshold.numerator/$threshold.denominator (strict: $threshold.strict): $meets',
    ({ part, base, threshold, meets }) => {
      expect(meetsThreshold(part, base, threshold)).toBe(meets);
    },
  );
});

describe(matterKind.name, () => {
  it.each([
    { options: ['For', 'Against'], exclusions: [], kind: 'motion', yes: 'For' },
    { options: ['Yes', 'No'], exclusions: [], kind: 'motion', yes: 'Yes' },
    { options: ['Against', 'For'], exclusions: [], kind: 'motion', yes: 'For' },
    {
      options: ['For', 'Against', 'Abstain'],
      exclusions: ['Abstain'],
      kind: 'motion',
      yes: 'For',
    },
    { options: [' IN  Favour ', 'Nay'], exclusions: [], kind: 'motion' },
    { options: ['Yes', 'Abstain'], exclusions: ['Abstain'], kind: 'motion' },
    { options: ['Ann', 'Bob'], exclusions: [], kind: 'choice', yes: null },
    { options: ['Yes', 'For'], exclusions: [], kind: 'choice', yes: null },
    { options: ['Yes', 'No'], exclusions: ['Yes'], kind: 'choice', yes: null },
    { options: ['A', 'B', 'C'], exclusions: [], kind: 'choice', yes: null },
  ])(
    '$options less $exclusions with one choice is a $kind',
    ({ options, exclusions, kind, yes }) => {
      const shape = { options, exclusions, choices: 1 };
      expect(matterKind(shape)).toBe(kind);
      if (yes !== undefined) expect(forOption(shape)).toBe(yes);
    },
  );

  it('takes a matter with more than one choice for an election', () => {
    const shape = { options: ['Yes', 'No'], exclusions: [], choices: 2 };
    expect(matterKind(shape)).toBe('election');
    expect(forOption(shape)).toBeNull();
  });
});

interface ResultCase {
  name: string;
  matter: VotingMatter;
  tally: CountedTally;
  bases?: BaseWeights;
  result: Partial<MatterResult>;
}

const RESULT_CASES: ResultCase[] = [
  {
    name: 'more than half of the shares cast carries by default',
    matter: matter(),
    tally: counts({ For: members(6), Against: members(4) }),
    result: {
      verdict: 'carried',
      elected: [],
      tied: [],
      forYes: figures(6, 6),
      base: figures(10, 10),
    },
  },
  {
    name: 'exactly half is not more than half: a tied motion is defeated',
    matter: matter(),
    tally: counts({ For: members(5), Against: members(5) }),
    result: { verdict: 'defeated', forYes: figures(5, 5) },
  },
  {
    name: 'two-thirds of 9 is 6: 6 of 9 carries "at least two-thirds"',
    matter: matter({ threshold: TWO_THIRDS, thresholdBasis: 'units' }),
    tally: counts({ For: members(6), Against: members(3) }),
    result: { verdict: 'carried', base: figures(9, 9) },
  },
  {
    name: '6 of 9 fails "more than two-thirds"',
    matter: matter({
      threshold: MORE_THAN_TWO_THIRDS,
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(6), Against: members(3) }),
    result: { verdict: 'defeated' },
  },
  {
    name: '7 of 9 carries "more than two-thirds"',
    matter: matter({
      threshold: MORE_THAN_TWO_THIRDS,
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(7), Against: members(2) }),
    result: { verdict: 'carried' },
  },
  {
    name: '5 of 9 fails "at least two-thirds"',
    matter: matter({ threshold: TWO_THIRDS, thresholdBasis: 'units' }),
    tally: counts({ For: members(5), Against: members(4) }),
    result: { verdict: 'defeated' },
  },
  {
    name: 'two-thirds of 3 shares exactly: 2 carries at least',
    matter: matter({ threshold: TWO_THIRDS }),
    tally: counts({ For: [1, '2'], Against: [1, '1'] }),
    result: { verdict: 'carried', forYes: figures(1, 2) },
  },
  {
    name: 'two-thirds of 3 shares exactly: 2 fails strictly more',
    matter: matter({ threshold: MORE_THAN_TWO_THIRDS }),
    tally: counts({ For: [1, '2'], Against: [1, '1'] }),
    result: { verdict: 'defeated' },
  },
  {
    name: '0.333333 of 0.999999 shares is exactly one third: carries at least',
    matter: matter({
      threshold: { numerator: 1, denominator: 3, strict: false },
    }),
    tally: counts({ For: [1, 0.333333], Against: [1, 0.666666] }),
    result: {
      verdict: 'carried',
      forYes: figures(1, 0.333333),
      base: figures(2, 0.999999),
    },
  },
  {
    name: '0.333333 of 0.999999 shares fails strictly more than one third',
    matter: matter({
      threshold: { numerator: 1, denominator: 3, strict: true },
    }),
    tally: counts({ For: [1, '0.333333'], Against: [1, '0.666666'] }),
    result: { verdict: 'defeated' },
  },
  {
    name: '0.666666 of 1 share falls a millionth short of two-thirds',
    matter: matter({ threshold: TWO_THIRDS }),
    tally: counts({ For: [1, 0.666666], Against: [1, 0.333334] }),
    result: { verdict: 'defeated' },
  },
  {
    name: '0.666667 of 1 share reaches two-thirds',
    matter: matter({ threshold: TWO_THIRDS }),
    tally: counts({ For: [1, 0.666667], Against: [1, 0.333333] }),
    result: { verdict: 'carried' },
  },
  {
    name: 'exactly three-quarters in fractions where floating point falls short (0.010218 of 0.013624)',
    matter: matter({ threshold: THREE_QUARTERS }),
    tally: counts({ For: [1, 0.010218], Against: [1, 0.003406] }),
    result: { verdict: 'carried', base: figures(2, 0.013624) },
  },
  {
    name: 'shares split across methods add up exactly',
    matter: matter({
      threshold: { numerator: 1, denominator: 3, strict: false },
    }),
    tally: {
      rows: [
        {
          vote: 'For',
          numProxyVotes: 1,
          numLiveVotes: 1,
          numOtherVotes: 0,
          numProxyShares: 0.1,
          numLiveShares: 0.2,
          numOtherShares: 0,
        },
        {
          vote: 'Against',
          numProxyVotes: 0,
          numLiveVotes: 1,
          numOtherVotes: 0,
          numProxyShares: 0,
          numLiveShares: 0.6,
          numOtherShares: 0,
        },
      ],
      votesCast: 3,
      sharesCast: 0.9,
    },
    result: {
      verdict: 'carried',
      forYes: figures(2, 0.3),
      base: figures(3, 0.9),
    },
  },
  {
    name: '"both": units pass and shares fail, defeated',
    matter: matter({ thresholdBasis: 'both' }),
    tally: counts({ For: [6, 6], Against: [4, 40] }),
    result: {
      verdict: 'defeated',
      forYes: figures(6, 6),
      base: figures(10, 46),
    },
  },
  {
    name: 'the same count by units only carries',
    matter: matter({ thresholdBasis: 'units' }),
    tally: counts({ For: [6, 6], Against: [4, 40] }),
    result: { verdict: 'carried' },
  },
  {
    name: '"both": shares pass and units fail, defeated',
    matter: matter({ thresholdBasis: 'both' }),
    tally: counts({ For: [4, 40], Against: [6, 6] }),
    result: { verdict: 'defeated' },
  },
  {
    name: '"both": both pass, carried',
    matter: matter({ thresholdBasis: 'both' }),
    tally: counts({ For: [6, 40], Against: [4, 6] }),
    result: { verdict: 'carried' },
  },
  {
    name: 'abstentions are left out of the base cast',
    matter: matter({
      options: ['For', 'Against', 'Abstain'],
      exclusions: ['Abstain'],
    }),
    tally: counts({
      For: members(3),
      Against: members(2),
      Abstain: members(5),
    }),
    result: { verdict: 'carried', base: figures(5, 5) },
  },
  {
    name: 'all abstain: nothing carries on nothing',
    matter: matter({
      options: ['For', 'Against', 'Abstain'],
      exclusions: ['Abstain'],
      threshold: { numerator: 1, denominator: 2, strict: false },
    }),
    tally: counts({ For: [0, 0], Against: [0, 0], Abstain: members(5) }),
    result: {
      verdict: 'defeated',
      forYes: figures(0, 0),
      base: figures(0, 0),
    },
  },
  {
    name: 'no votes: defeated, even "at least" a fraction of nothing',
    matter: matter({
      threshold: { numerator: 1, denominator: 1, strict: false },
    }),
    tally: counts({ For: [0, 0], Against: [0, 0] }),
    result: {
      verdict: 'defeated',
      forYes: figures(0, 0),
      base: figures(0, 0),
    },
  },
  {
    name: 'an abstention not listed in exclusions counts in the base',
    matter: matter({ options: ['For', 'Against', 'Abstain'] }),
    tally: counts({
      For: members(3),
      Against: members(2),
      Abstain: members(5),
    }),
    result: { verdict: 'defeated', base: figures(10, 10) },
  },
  {
    name: 'the for option is found by name, not by place',
    matter: matter({ options: ['Against', 'For'] }),
    tally: counts({ Against: members(4), For: members(6) }),
    result: { verdict: 'carried', forYes: figures(6, 6) },
  },
  {
    name: 'a motion whose against wins is defeated, never carried',
    matter: matter({ options: ['No', 'Yes'] }),
    tally: counts({ No: members(9), Yes: members(1) }),
    result: { verdict: 'defeated', elected: [], forYes: figures(1, 1) },
  },
  {
    name: 'base present: 6 of 13 present fails more than half',
    matter: matter({ thresholdBase: 'present' }),
    tally: counts({ For: members(6), Against: members(1) }),
    bases: bases(members(20), members(13)),
    result: { verdict: 'defeated', base: figures(13, 13) },
  },
  {
    name: 'base present: 6 of 11 present carries',
    matter: matter({ thresholdBase: 'present' }),
    tally: counts({ For: members(6), Against: members(1) }),
    bases: bases(members(20), members(11)),
    result: { verdict: 'carried', base: figures(11, 11) },
  },
  {
    name: 'base present counts abstainers, who are present',
    matter: matter({
      options: ['For', 'Against', 'Abstain'],
      exclusions: ['Abstain'],
      thresholdBase: 'present',
    }),
    tally: counts({
      For: members(6),
      Against: members(1),
      Abstain: members(5),
    }),
    bases: bases(members(20), members(3)),
    result: { verdict: 'defeated', base: figures(12, 12) },
  },
  {
    name: 'base present is never more than the eligible members',
    matter: matter({ thresholdBase: 'present' }),
    tally: counts({ For: members(6), Against: members(1) }),
    bases: bases(members(11), members(40)),
    result: { verdict: 'carried', base: figures(11, 11) },
  },
  {
    name: 'base eligible: 6 of 9 eligible reaches two-thirds',
    matter: matter({
      threshold: TWO_THIRDS,
      thresholdBase: 'eligible',
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(6), Against: members(0) }),
    bases: bases(members(9), members(6)),
    result: { verdict: 'carried', base: figures(9, 9) },
  },
  {
    name: 'base eligible: 5 of 9 eligible does not, however few voted against',
    matter: matter({
      threshold: TWO_THIRDS,
      thresholdBase: 'eligible',
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(5), Against: members(0) }),
    bases: bases(members(9), members(9)),
    result: { verdict: 'defeated' },
  },
  {
    name: 'base eligible in fractional shares given as text',
    matter: matter({ threshold: TWO_THIRDS, thresholdBase: 'eligible' }),
    tally: counts({ For: [2, '0.666667'], Against: [0, 0] }),
    bases: bases([3, '1.000000']),
    result: { verdict: 'carried', base: figures(3, 1) },
  },
  {
    name: 'a single counted yes is measured against the eligible members',
    matter: matter({
      options: ['Yes', 'Abstain'],
      exclusions: ['Abstain'],
      threshold: THREE_QUARTERS,
      thresholdBase: 'eligible',
    }),
    tally: counts({ Yes: members(7), Abstain: members(1) }),
    bases: bases(members(10)),
    result: { verdict: 'defeated', forYes: figures(7, 7) },
  },
  {
    name: 'a choice: the leader alone past the threshold is elected',
    matter: matter({ options: ['A', 'B', 'C'] }),
    tally: counts({ A: members(6), B: members(2), C: members(2) }),
    result: {
      verdict: 'elected',
      elected: ['A'],
      tied: [],
      forYes: figures(6, 6),
      base: figures(10, 10),
    },
  },
  {
    name: 'a choice: a leader short of the threshold is defeated',
    matter: matter({ options: ['A', 'B', 'C'] }),
    tally: counts({ A: members(2), B: members(5), C: members(3) }),
    result: { verdict: 'defeated', elected: [], forYes: figures(5, 5) },
  },
  {
    name: 'a choice: leaders tied at the top are tied, named in option order',
    matter: matter({ options: ['C', 'A', 'B'] }),
    tally: counts({ C: members(1), A: members(4), B: members(4) }),
    result: { verdict: 'tied', elected: [], tied: ['A', 'B'] },
  },
  {
    name: 'a choice of two names: an even split is a tie',
    matter: matter({ options: ['Ann', 'Bob'] }),
    tally: counts({ Ann: members(5), Bob: members(5) }),
    result: { verdict: 'tied', tied: ['Ann', 'Bob'] },
  },
  {
    name: 'a choice of two names: the second can win',
    matter: matter({ options: ['Ann', 'Bob'] }),
    tally: counts({ Ann: members(4), Bob: members(6) }),
    result: { verdict: 'elected', elected: ['Bob'] },
  },
  {
    name: 'a choice ranks by shares: more members but fewer shares is not ahead',
    matter: matter({ options: ['A', 'B'] }),
    tally: counts({ A: [5, 10], B: [1, 10] }),
    result: { verdict: 'tied', tied: ['A', 'B'] },
  },
  {
    name: 'a choice by units ranks by units',
    matter: matter({ options: ['A', 'B'], thresholdBasis: 'units' }),
    tally: counts({ A: [5, 10], B: [1, 10] }),
    result: { verdict: 'elected', elected: ['A'] },
  },
  {
    name: 'a choice with no votes is defeated, not tied',
    matter: matter({ options: ['A', 'B', 'C'] }),
    tally: counts({ A: [0, 0], B: [0, 0], C: [0, 0] }),
    result: { verdict: 'defeated', tied: [], forYes: figures(0, 0) },
  },
  {
    name: 'every option excluded: defeated',
    matter: matter({ options: ['A', 'B'], exclusions: ['A', 'B'] }),
    tally: counts({ A: members(3), B: members(1) }),
    result: { verdict: 'defeated', base: figures(0, 0) },
  },
  {
    name: 'an election fills its seats by most shares, in order of votes',
    matter: matter({ options: ['A', 'B', 'C', 'D'], choices: 2 }),
    tally: counts(
      { A: members(3), B: members(5), C: members(4), D: members(1) },
      [7, 7],
    ),
    result: {
      verdict: 'elected',
      elected: ['B', 'C'],
      tied: [],
      forYes: figures(5, 5),
      base: figures(13, 13),
    },
  },
  {
    name: 'an election with a tie for the last seat names the tied options',
    matter: matter({ options: ['A', 'B', 'C', 'D'], choices: 2 }),
    tally: counts(
      { A: members(5), B: members(3), C: members(1), D: members(3) },
      [6, 6],
    ),
    result: { verdict: 'tied', elected: ['A'], tied: ['B', 'D'] },
  },
  {
    name: 'an election tied for every seat',
    matter: matter({ options: ['A', 'B', 'C'], choices: 2 }),
    tally: counts({ A: members(2), B: members(2), C: members(2) }, [3, 3]),
    result: { verdict: 'tied', elected: [], tied: ['A', 'B', 'C'] },
  },
  {
    name: 'an election where the tie lies below the last seat elects',
    matter: matter({ options: ['A', 'B', 'C', 'D'], choices: 2 }),
    tally: counts(
      { A: members(5), B: members(4), C: members(2), D: members(2) },
      [7, 7],
    ),
    result: { verdict: 'elected', elected: ['A', 'B'] },
  },
  {
    name: 'an election with fewer candidates voted for than seats elects those',
    matter: matter({
      options: ['A', 'B', 'C', 'Abstain'],
      choices: 3,
      exclusions: ['Abstain'],
    }),
    tally: counts(
      { A: members(2), B: [0, 0], C: members(1), Abstain: members(4) },
      [6, 6],
    ),
    result: { verdict: 'elected', elected: ['A', 'C'], tied: [] },
  },
  {
    name: 'an election with no votes is defeated',
    matter: matter({ options: ['A', 'B', 'C'], choices: 2 }),
    tally: counts({ A: [0, 0], B: [0, 0], C: [0, 0] }, [0, 0]),
    result: { verdict: 'defeated', elected: [], tied: [] },
  },
  {
    name: 'an election ignores the threshold',
    matter: matter({
      options: ['A', 'B', 'C'],
      choices: 2,
      threshold: THREE_QUARTERS,
      thresholdBase: 'eligible',
    }),
    tally: counts({ A: members(2), B: members(1), C: [0, 0] }, [2, 2]),
    bases: bases(members(100)),
    result: {
      verdict: 'elected',
      elected: ['A', 'B'],
      base: figures(100, 100),
    },
  },
];

describe(matterResult.name, () => {
  it.each(RESULT_CASES)('$name', ({ matter, tally, bases, result }) => {
    expect(matterResult(matter, tally, bases ?? NOBODY)).toMatchObject(result);
  });

  it('reads rows by option name, whatever their order, and zeros for a missing row', () => {
    expect(
      matterResult(
        matter({ options: ['For', 'Against', 'Abstain'] }),
        counts({ Against: members(2), For: members(3) }),
        NOBODY,
      ),
    ).toMatchObject({
      verdict: 'carried',
      forYes: figures(3, 3),
      base: figures(5, 5),
    });
  });
});

interface ForecastCase {
  name: string;
  matter: VotingMatter;
  tally: CountedTally;
  eligible: [number, Shares];
  remaining: [number, Shares];
  forecast: Forecast;
}

const FORECAST_CASES: ForecastCase[] = [
  {
    name: 'a majority of all who can still vote is carried',
    matter: matter(),
    tally: counts({ For: members(6), Against: members(0) }),
    eligible: members(10),
    remaining: members(4),
    forecast: 'carried',
  },
  {
    name: 'a lead the rest can overturn is open',
    matter: matter(),
    tally: counts({ For: members(5), Against: members(1) }),
    eligible: members(10),
    remaining: members(4),
    forecast: 'open',
  },
  {
    name: 'half of everyone is not more than half: open while the rest may abstain',
    matter: matter(),
    tally: counts({ For: members(5), Against: members(0) }),
    eligible: members(10),
    remaining: members(5),
    forecast: 'open',
  },
  {
    name: 'defeated when even every remaining vote for it cannot pass',
    matter: matter(),
    tally: counts({ For: members(1), Against: members(6) }),
    eligible: members(10),
    remaining: members(3),
    forecast: 'defeated',
  },
  {
    name: '6 of 9 at least two-thirds with 3 to come is carried',
    matter: matter({ threshold: TWO_THIRDS, thresholdBasis: 'units' }),
    tally: counts({ For: members(6), Against: members(0) }),
    eligible: members(9),
    remaining: members(3),
    forecast: 'carried',
  },
  {
    name: '6 of 9 more than two-thirds with 3 to come is open',
    matter: matter({
      threshold: MORE_THAN_TWO_THIRDS,
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(6), Against: members(0) }),
    eligible: members(9),
    remaining: members(3),
    forecast: 'open',
  },
  {
    name: 'with nobody left, the forecast is the verdict',
    matter: matter(),
    tally: counts({ For: members(5), Against: members(5) }),
    eligible: members(10),
    remaining: [0, 0],
    forecast: 'defeated',
  },
  {
    name: 'base cast: abstentions yet to come cannot defeat a clear majority of everyone left',
    matter: matter({
      options: ['For', 'Against', 'Abstain'],
      exclusions: ['Abstain'],
    }),
    tally: counts({
      For: members(3),
      Against: members(1),
      Abstain: members(4),
    }),
    eligible: members(10),
    remaining: members(1),
    forecast: 'carried',
  },
  {
    name: 'base eligible: 5 of 9 with one left may still reach two-thirds',
    matter: matter({
      threshold: TWO_THIRDS,
      thresholdBase: 'eligible',
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(5), Against: members(3) }),
    eligible: members(9),
    remaining: members(1),
    forecast: 'open',
  },
  {
    name: 'base eligible: 4 of 9 with one left cannot reach two-thirds',
    matter: matter({
      threshold: TWO_THIRDS,
      thresholdBase: 'eligible',
      thresholdBasis: 'units',
    }),
    tally: counts({ For: members(4), Against: members(4) }),
    eligible: members(9),
    remaining: members(1),
    forecast: 'defeated',
  },
  {
    name: 'base present: the room may yet fill up, so only a majority of all eligible is sure',
    matter: matter({ thresholdBase: 'present' }),
    tally: counts({ For: members(5), Against: members(0) }),
    eligible: members(12),
    remaining: members(7),
    forecast: 'open',
  },
  {
    name: 'base present: a majority of all eligible is carried',
    matter: matter({ thresholdBase: 'present' }),
    tally: counts({ For: members(7), Against: members(0) }),
    eligible: members(12),
    remaining: members(5),
    forecast: 'carried',
  },
  {
    name: '"both": units sure but shares not is open',
    matter: matter({ thresholdBasis: 'both' }),
    tally: counts({ For: [6, 6], Against: [0, 0] }),
    eligible: [10, 16],
    remaining: [4, 10],
    forecast: 'open',
  },
  {
    name: '"both": shares out of reach is defeated, whatever the units',
    matter: matter({ thresholdBasis: 'both' }),
    tally: counts({ For: [6, 6], Against: [1, 20] }),
    eligible: [10, 30],
    remaining: [3, 3],
    forecast: 'defeated',
  },
  {
    name: 'fractional shares: 0.666667 of 1 with 0 shares to come is carried at two-thirds',
    matter: matter({ threshold: TWO_THIRDS }),
    tally: counts({ For: [1, '0.666667'], Against: [1, '0.333333'] }),
    eligible: [3, '1'],
    remaining: [1, '0'],
    forecast: 'carried',
  },
  {
    name: 'a choice nobody can win and whose leader cannot be caught is defeated',
    matter: matter({
      options: ['A', 'B', 'C'],
      threshold: TWO_THIRDS,
      thresholdBase: 'eligible',
    }),
    tally: counts({ A: members(10), B: members(0), C: members(0) }),
    eligible: members(100),
    remaining: members(2),
    forecast: 'defeated',
  },
  {
    name: 'a choice nobody can win is open while a tie at the top is possible',
    matter: matter({
      options: ['A', 'B', 'C'],
      threshold: TWO_THIRDS,
      thresholdBase: 'eligible',
    }),
    tally: counts({ A: members(10), B: members(8), C: members(0) }),
    eligible: members(100),
    remaining: members(2),
    forecast: 'open',
  },
  {
    name: 'a choice with a sure winner is open: its verdict names the option',
    matter: matter({ options: ['A', 'B', 'C'] }),
    tally: counts({ A: members(9), B: members(0), C: members(0) }),
    eligible: members(10),
    remaining: members(1),
    forecast: 'open',
  },
  {
    name: 'an election is open',
    matter: matter({ options: ['A', 'B', 'C'], choices: 2 }),
    tally: counts({ A: members(9), B: members(1), C: members(0) }, [9, 9]),
    eligible: members(10),
    remaining: members(1),
    forecast: 'open',
  },
  {
    name: 'an election nobody voted in and nobody left to vote is defeated',
    matter: matter({ options: ['A', 'B', 'C'], choices: 2 }),
    tally: counts({ A: [0, 0], B: [0, 0], C: [0, 0] }, [0, 0]),
    eligible: members(10),
    remaining: [0, 0],
    forecast: 'defeated',
  },
];

describe(matterForecast.name, () => {
  it.each(FORECAST_CASES)(
    '$name',
    ({ matter, tally, eligible, remaining, forecast }) => {
      expect(
        matterForecast(matter, tally, {
          eligible: { units: eligible[0], shares: eligible[1] },
          remaining: { units: remaining[0], shares: remaining[1] },
        }),
      ).toBe(forecast);
    },
  );
});
