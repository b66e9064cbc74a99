import { describe, expect, it } from 'vitest';
import {
  isElection,
  countElection,
  type ElectionBallot,
  type ElectionMatter,
  electionPercent,
} from './elections';

const times = (n: number, ballot: ElectionBallot): ElectionBallot[] =>
  Array.from({ length: n }, () => ballot);
const one = (...choices: string[]): ElectionBallot => ({ choices, weight: 1 });
const same = (n: number) => ({ units: n, shares: n });

const election = (overrides: Partial<ElectionMatter> = {}): ElectionMatter => ({
  options: ['Ann', 'Bob', 'Cid', 'Dee'],
  exclusions: [],
  choices: 2,
  votingMethod: 'plurality',
  thresholdBasis: 'shares',
  ...overrides,
});

describe(isElection.name, () => {
  it.each([
    // [votingMethod, choices, election]
    [undefined, undefined, false],
    ['plurality', 1, false],
    ['plurality', 2, true],
    [undefined, 3, true],
    ['cumulative', 1, true],
    ['cumulative', 3, true],
    ['ranked', 1, true],
    ['ranked', 5, true],
  ] as const)(
    '%s with %s choices: election %s',
    (votingMethod, choices, election) => {
      expect(isElection({ votingMethod, choices })).toBe(election);
    },
  );
});

describe(`${countElection.name}: plurality`, () => {
  it.each([
    {
      name: 'one seat: the most votes',
      matter: election({ choices: 1 }),
      ballots: [one('Ann'), one('Bob'), one('Bob')],
      verdict: 'elected',
      elected: ['Bob'],
      tied: [],
    },
    {
      name: 'two seats: the top two, in order of votes',
      matter: election(),
      ballots: [one('Cid', 'Ann'), one('Cid', 'Bob'), one('Ann', 'Cid')],
      verdict: 'elected',
      elected: ['Cid', 'Ann'],
      tied: [],
    },
    {
      name: 'a tie for the last seat: the seats above it, and the tied options in option order',
      matter: election(),
      ballots: [one('Dee', 'Bob'), one('Dee', 'Ann'), one('Dee')],
      verdict: 'tied',
      elected: ['Dee'],
      tied: ['Ann', 'Bob'],
    },
    {
      name: 'a tie that the seats hold is no tie',
      matter: election(),
      ballots: [one('Bob', 'Ann'), one('Bob', 'Ann'), one('Cid')],
      verdict: 'elected',
      elected: ['Ann', 'Bob'],
      tied: [],
    },
    {
      name: 'a tie at the top of one seat',
      matter: election({ choices: 1 }),
      ballots: [one('Cid'), one('Ann')],
      verdict: 'tied',
      elected: [],
      tied: ['Ann', 'Cid'],
    },
    {
      name: 'fewer options with votes than seats: only they are elected',
      matter: election({ choices: 3 }),
      ballots: [one('Ann'), one('Ann', 'Dee')],
      verdict: 'elected',
      elected: ['Ann', 'Dee'],
      tied: [],
    },
    {
      name: 'no ballots: nobody is elected',
      matter: election(),
      ballots: [],
      verdict: 'elected',
      elected: [],
      tied: [],
    },
    {
      name: 'by shares: the larger holding wins over more members',
      matter: election({ choices: 1 }),
      ballots: [one('Ann'), one('Ann'), { choices: ['Bob'], weight: 5 }],
      verdict: 'elected',
      elected: ['Bob'],
      tied: [],
    },
    {
      name: 'by units: more members win over the larger holding',
      matter: election({ choices: 1, thresholdBasis: 'units' }),
      ballots: [one('Ann'), one('Ann'), { choices: ['Bob'], weight: 5 }],
      verdict: 'elected',
      elected: ['Ann'],
      tied: [],
    },
    {
      name: 'by both: shares first, then units between equal shares',
      matter: election({ choices: 1, thresholdBasis: 'both' }),
      ballots: [
        { choices: ['Ann'], weight: 1 },
        { choices: ['Ann'], weight: 1 },
        { choices: ['Bob'], weight: 2 },
      ],
      verdict: 'elected',
      elected: ['Ann'],
      tied: [],
    },
    {
      name: 'by shares: equal shares are a tie whatever the units',
      matter: election({ choices: 1, thresholdBasis: 'shares' }),
      ballots: [
        { choices: ['Ann'], weight: 1 },
        { choices: ['Ann'], weight: 1 },
        { choices: ['Bob'], weight: 2 },
      ],
      verdict: 'tied',
      elected: [],
      tied: ['Ann', 'Bob'],
    },
    {
      name: 'by both: equal shares and units are a tie',
      matter: election({ choices: 1, thresholdBasis: 'both' }),
      ballots: [
        { choices: ['Ann'], weight: 2 },
        { choices: ['Bob'], weight: 2 },
      ],
      verdict: 'tied',
      elected: [],
      tied: ['Ann', 'Bob'],
    },
    {
      name: 'an excluded option is never elected',
      matter: election({
        options: ['Ann', 'Bob', 'Abstain'],
        exclusions: ['Abstain'],
        choices: 1,
      }),
      ballots: [one('Abstain'), one('Abstain'), one('Bob')],
      verdict: 'elected',
      elected: ['Bob'],
      tied: [],
    },
    {
      name: 'a member of no shares: a vote by units, nothing by shares',
      matter: election({ choices: 1 }),
      ballots: [{ choices: ['Ann'], weight: 0 }],
      verdict: 'elected',
      elected: [],
      tied: [],
    },
  ] as const)('$name', ({ matter, ballots, verdict, elected, tied }) => {
    const count = countElection(matter, ballots);
    expect(count).toMatchObject({
      verdict,
      elected,
      tiedForLastSeat: tied,
      rounds: [],
      quota: null,
    });
  });

  it('measures each candidate against the ballots cast, as the issue 33 chair reads it', () => {
    // "Elect two directors": Grace at 3.5 of 7.5 shares cast is 46.7%, not a share of all choices
    const matter = election({
      options: ['Hugo Rossi', 'Grace Lee', 'Dee Park'],
      choices: 2,
    });
    const count = countElection(matter, [
      { choices: ['Hugo Rossi', 'Grace Lee'], weight: 3.5 },
      { choices: ['Hugo Rossi'], weight: 1 },
      { choices: ['Dee Park'], weight: 3 },
    ]);

    expect(count.elected).toEqual(['Hugo Rossi', 'Grace Lee']);
    expect(count.base).toEqual({ units: 3, shares: 7.5 });
    expect(count.totals).toEqual({
      'Hugo Rossi': { units: 2, shares: 4.5 },
      'Grace Lee': { units: 1, shares: 3.5 },
      'Dee Park': { units: 1, shares: 3 },
    });
    expect(electionPercent(count, 'Grace Lee', 'shares')).toBeCloseTo(
      46.667,
      3,
    );
    expect(electionPercent(count, 'Hugo Rossi', 'shares')).toBe(60);
    expect(electionPercent(count, 'Hugo Rossi', 'units')).toBeCloseTo(
      66.667,
      3,
    );
  });

  it('counts an abstaining ballot in the base it is measured against', () => {
    const count = countElection(
      election({
        options: ['Ann', 'Abstain'],
        exclusions: ['Abstain'],
        choices: 1,
      }),
      [one('Ann'), one('Abstain')],
    );
    expect(count.base).toEqual(same(2));
    expect(count.totals).toEqual({ Ann: same(1) });
    expect(electionPercent(count, 'Ann', 'units')).toBe(50);
  });
});

describe(`${countElection.name}: cumulative`, () => {
  const cumulative = (overrides: Partial<ElectionMatter> = {}) =>
    election({ votingMethod: 'cumulative', choices: 3, ...overrides });

  it('counts votes placed as units and votes times shares as shares', () => {
    const count = countElection(cumulative({ choices: 2 }), [
      { choices: ['Ann'], votes: [2], weight: 10 },
      { choices: ['Bob', 'Cid'], votes: [1, 1], weight: 4 },
      { choices: ['Cid'], votes: [2], weight: 3 },
    ]);

    expect(count.totals).toEqual({
      Ann: { units: 2, shares: 20 },
      Bob: { units: 1, shares: 4 },
      Cid: { units: 3, shares: 10 },
      Dee: { units: 0, shares: 0 },
    });
    expect(count.base).toEqual({ units: 6, shares: 34 });
    expect(count).toMatchObject({
      verdict: 'elected',
      elected: ['Ann', 'Cid'],
    });
    expect(electionPercent(count, 'Ann', 'shares')).toBeCloseTo(58.824, 3);
  });

  it('lets a minority elect one of three by placing all its votes on one candidate', () => {
    // 40% of the shares, three votes each: 120 on Dee, level with the majority's best
    const count = countElection(cumulative(), [
      { choices: ['Ann', 'Bob'], votes: [2, 1], weight: 60 },
      { choices: ['Dee'], votes: [3], weight: 40 },
    ]);
    expect(count).toMatchObject({
      verdict: 'elected',
      elected: ['Ann', 'Dee', 'Bob'],
    });
    expect(count.base).toEqual({ units: 6, shares: 300 });
  });

  it('a tie for the last seat is tied', () => {
    const count = countElection(cumulative({ choices: 2 }), [
      { choices: ['Ann', 'Bob'], votes: [1, 1], weight: 1 },
      { choices: ['Ann', 'Cid'], votes: [1, 1], weight: 1 },
    ]);
    expect(count).toMatchObject({
      verdict: 'tied',
      elected: ['Ann'],
      tiedForLastSeat: ['Bob', 'Cid'],
    });
  });
});

describe(`${countElection.name}: ranked, one seat (instant runoff)`, () => {
  const tennessee = {
    options: ['Memphis', 'Nashville', 'Chattanooga', 'Knoxville'],
    exclusions: [],
    choices: 1,
    votingMethod: 'ranked' as const,
    thresholdBasis: 'shares' as const,
  };
  const groups: [number, string[]][] = [
    [42, ['Memphis', 'Nashville', 'Chattanooga', 'Knoxville']],
    [26, ['Nashville', 'Chattanooga', 'Knoxville', 'Memphis']],
    [15, ['Chattanooga', 'Knoxville', 'Nashville', 'Memphis']],
    [17, ['Knoxville', 'Chattanooga', 'Nashville', 'Memphis']],
  ];
  // The "Tennessee capital" example of Wikipedia, "Instant-runoff voting" (and "Effects of
  // different voting systems under similar circumstances"): 42% Memphis, 26% Nashville, 15%
  // Chattanooga, 17% Knoxville; Chattanooga, then Nashville are eliminated and Knoxville wins
  // with 58% against Memphis's 42% in the third round.
  const published = [
    {
      counts: {
        Memphis: 42,
        Nashville: 26,
        Chattanooga: 15,
        Knoxville: 17,
      },
      elected: [],
      excluded: ['Chattanooga'],
    },
    {
      counts: { Memphis: 42, Nashville: 26, Knoxville: 32 },
      elected: [],
      excluded: ['Nashville'],
    },
    {
      counts: { Memphis: 42, Knoxville: 58 },
      elected: ['Knoxville'],
      excluded: [],
    },
  ];
  const asRounds = (scale: (n: number) => { units: number; shares: number }) =>
    published.map((round) => ({
      counts: Object.fromEntries(
        Object.entries(round.counts).map(([option, n]) => [option, scale(n)]),
      ),
      elected: round.elected,
      excluded: round.excluded,
      exhausted: { units: 0, shares: 0 },
    }));

  it('counts the Tennessee example of 100 voters as published', () => {
    const ballots = groups.flatMap(([n, ranking]) => times(n, one(...ranking)));
    const count = countElection(tennessee, ballots);

    expect(count.rounds).toEqual(asRounds(same));
    expect(count).toMatchObject({
      verdict: 'elected',
      elected: ['Knoxville'],
      tiedForLastSeat: [],
      base: same(100),
      quota: null,
    });
    expect(count.totals.Knoxville).toEqual(same(58));
    expect(electionPercent(count, 'Knoxville', 'shares')).toBe(58);
  });

  it('counts it the same with four members holding the shares, and by units each a member', () => {
    const ballots = groups.map(([n, ranking]) => ({
      choices: ranking,
      weight: n,
    }));
    const count = countElection(tennessee, ballots);

    expect(count.rounds).toEqual(
      asRounds((n) => ({ units: n === 32 ? 2 : n === 58 ? 3 : 1, shares: n })),
    );
    expect(count.elected).toEqual(['Knoxville']);
    // by units the four members tie in the first stage and nothing earlier breaks it
    const byUnits = countElection(
      { ...tennessee, thresholdBasis: 'units' },
      ballots,
    );
    expect(byUnits).toMatchObject({
      verdict: 'tied',
      elected: [],
      tiedForLastSeat: tennessee.options,
      base: { units: 4, shares: 100 },
    });
  });

  it('a tie between the last two is tied, never a pick', () => {
    const count = countElection(
      election({ votingMethod: 'ranked', choices: 1, options: ['Ann', 'Bob'] }),
      [one('Ann', 'Bob'), one('Bob', 'Ann')],
    );
    expect(count).toMatchObject({
      verdict: 'tied',
      elected: [],
      tiedForLastSeat: ['Ann', 'Bob'],
    });
    expect(count.rounds).toHaveLength(1);
    expect(count.rounds[0].counts).toEqual({ Ann: same(1), Bob: same(1) });
  });

  it('breaks a tie for exclusion by the earliest stage where the tied options differ', () => {
    const ballots = [
      ...times(4, one('Ann')),
      ...times(3, one('Bob')),
      ...times(2, one('Cid', 'Bob')),
      one('Dee', 'Cid', 'Bob'),
    ];
    const count = countElection(
      election({ votingMethod: 'ranked', choices: 1 }),
      ballots,
    );

    expect(
      count.rounds.map(({ counts, excluded, elected }) => ({
        counts,
        excluded,
        elected,
      })),
    ).toEqual([
      {
        counts: { Ann: same(4), Bob: same(3), Cid: same(2), Dee: same(1) },
        excluded: ['Dee'],
        elected: [],
      },
      // Bob and Cid tie at 3; in the first stage Cid had fewer
      {
        counts: { Ann: same(4), Bob: same(3), Cid: same(3) },
        excluded: ['Cid'],
        elected: [],
      },
      {
        counts: { Ann: same(4), Bob: same(6) },
        excluded: [],
        elected: ['Bob'],
      },
    ]);
  });

  it('excludes together options tied in every stage, when enough remain for the seats', () => {
    const count = countElection(
      election({ votingMethod: 'ranked', choices: 1 }),
      [
        ...times(2, one('Ann')),
        ...times(2, one('Bob')),
        one('Cid', 'Bob'),
        one('Dee', 'Bob'),
      ],
    );
    expect(
      count.rounds.map(({ excluded, elected }) => ({ excluded, elected })),
    ).toEqual([
      { excluded: ['Cid', 'Dee'], elected: [] },
      { excluded: [], elected: ['Bob'] },
    ]);
  });

  it('ballots ranking only excluded options are not in the count', () => {
    const count = countElection(
      {
        ...election({ votingMethod: 'ranked', choices: 1 }),
        options: ['Ann', 'Bob', 'Abstain'],
        exclusions: ['Abstain'],
      },
      [one('Abstain'), one('Abstain', 'Bob'), one('Ann')],
    );
    expect(count.base).toEqual(same(2));
    expect(count.rounds[0].counts).toEqual({ Ann: same(1), Bob: same(1) });
  });

  it('exhausted ballots accumulate, and a continuing majority still elects', () => {
    const count = countElection(
      election({
        votingMethod: 'ranked',
        choices: 1,
        options: ['Ann', 'Bob', 'Cid'],
      }),
      [
        ...times(4, one('Ann')),
        ...times(3, one('Bob')),
        ...times(2, one('Cid')),
      ],
    );
    expect(
      count.rounds.map(({ exhausted, elected, excluded }) => ({
        exhausted,
        elected,
        excluded,
      })),
    ).toEqual([
      { exhausted: same(0), elected: [], excluded: ['Cid'] },
      { exhausted: same(2), elected: ['Ann'], excluded: [] },
    ]);
  });
});

describe(`${countElection.name}: ranked, several seats (single transferable vote)`, () => {
  // The food election of Wikipedia, "Single transferable vote" (Example, as published until
  // 2021 and mirrored e.g. at liquisearch.com/single_transferable_vote/example): 20 guests, 3
  // seats, Droop quota 20/(3+1)+1 = 6. Chocolate is elected with 12 and its surplus of 6 goes
  // on at 6/12: 4 to Strawberries, 2 to Sweets; Pears is eliminated and Oranges reaches the
  // quota exactly; Sweets is eliminated and Strawberries wins the last seat.
  const food: ElectionMatter = {
    options: ['Oranges', 'Pears', 'Chocolate', 'Strawberries', 'Sweets'],
    exclusions: [],
    choices: 3,
    votingMethod: 'ranked',
    thresholdBasis: 'shares',
  };
  const guests = [
    ...times(4, one('Oranges', 'Pears')),
    ...times(2, one('Pears', 'Oranges')),
    ...times(8, one('Chocolate', 'Strawberries')),
    ...times(4, one('Chocolate', 'Sweets')),
    one('Strawberries'),
    one('Sweets'),
  ];

  it('counts the food election as published, with fractional transfers', () => {
    const count = countElection(food, guests);

    expect(count.quota).toBe(6);
    expect(count.base).toEqual(same(20));
    expect(count.rounds).toEqual([
      {
        counts: {
          Oranges: same(4),
          Pears: same(2),
          Chocolate: same(12),
          Strawberries: same(1),
          Sweets: same(1),
        },
        elected: ['Chocolate'],
        excluded: [],
        exhausted: same(0),
      },
      {
        counts: {
          Oranges: same(4),
          Pears: same(2),
          Strawberries: same(5),
          Sweets: same(3),
        },
        elected: [],
        excluded: ['Pears'],
        exhausted: same(0),
      },
      {
        counts: { Oranges: same(6), Strawberries: same(5), Sweets: same(3) },
        elected: ['Oranges'],
        excluded: [],
        exhausted: same(0),
      },
      {
        counts: { Strawberries: same(5), Sweets: same(3) },
        elected: ['Strawberries'],
        excluded: ['Sweets'],
        exhausted: same(0),
      },
    ]);
    expect(count).toMatchObject({
      verdict: 'elected',
      elected: ['Chocolate', 'Oranges', 'Strawberries'],
      tiedForLastSeat: [],
    });
    expect(count.totals).toEqual({
      Oranges: same(6),
      Pears: same(2),
      Chocolate: same(12),
      Strawberries: same(5),
      Sweets: same(3),
    });
  });

  it('weights by shares: the same count with each guest holding 2 shares', () => {
    const count = countElection(
      food,
      guests.map((ballot) => ({ ...ballot, weight: 2 })),
    );
    expect(count.quota).toBe(11); // floor(40 / 4) + 1
    expect(count.elected).toEqual(['Chocolate', 'Oranges', 'Strawberries']);
    // 24 shares on Chocolate, 13 go on at 13/24: each ballot of 2 shares at 1.083333
    expect(count.rounds[1].counts.Strawberries).toEqual({
      units: 5.333328,
      shares: 10.666664,
    });
    // Oranges's surplus of 1 of 12 has nowhere to go: 6 ballots at 1/12, rounded down
    expect(count.rounds[3].exhausted).toEqual({
      units: 0.499998,
      shares: 0.999996,
    });
  });

  it('keeps figures to 6 decimals, rounding each transfer down', () => {
    // quota floor(7/3)+1 = 3: Ann's surplus 4 of 7 goes on at 4/7
    const count = countElection(
      election({
        votingMethod: 'ranked',
        choices: 2,
        options: ['Ann', 'Bob', 'Cid'],
      }),
      times(7, one('Ann', 'Bob')),
    );
    expect(count.quota).toBe(3);
    expect(count.rounds[0].elected).toEqual(['Ann']);
    // 7 ballots at 0.571428 (4/7 rounded down)
    expect(count.rounds[1].counts.Bob).toEqual(same(3.999996));
  });

  it('a tie for the last seat after a quota: the seats above it, and the tied', () => {
    const count = countElection(
      election({
        votingMethod: 'ranked',
        choices: 2,
        options: ['Ann', 'Bob', 'Cid'],
      }),
      [...times(5, one('Ann')), one('Bob', 'Ann'), one('Cid', 'Ann')],
    );
    expect(count).toMatchObject({
      verdict: 'tied',
      elected: ['Ann'],
      tiedForLastSeat: ['Bob', 'Cid'],
    });
    expect(count.rounds.at(-1)!.exhausted).toEqual(same(2)); // Ann's surplus 2 of 5, exhausted
  });

  it('does not elect options that nobody ranks', () => {
    const count = countElection(
      election({
        votingMethod: 'ranked',
        choices: 2,
        options: ['Ann', 'Bob', 'Cid'],
      }),
      times(3, one('Ann')),
    );
    expect(count).toMatchObject({ verdict: 'elected', elected: ['Ann'] });
    expect(count.rounds.at(-1)!.excluded).toEqual(['Bob', 'Cid']);
  });

  it('elects the continuing options when no more remain than seats', () => {
    const count = countElection(
      election({
        votingMethod: 'ranked',
        choices: 3,
        options: ['Ann', 'Bob', 'Cid'],
      }),
      [one('Ann'), one('Bob'), one('Bob'), one('Cid', 'Bob')],
    );
    expect(count.rounds).toHaveLength(1);
    expect(count.elected).toEqual(['Bob', 'Ann', 'Cid']);
  });
});
