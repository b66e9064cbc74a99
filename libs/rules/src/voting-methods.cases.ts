import type {
  BallotBody,
  BallotMarks,
  BallotShapeProblem,
  MarkedMatter,
  VotingMethod,
} from './voting-methods';

const plurality: MarkedMatter = {
  options: ['Ann', 'Bob', 'Cid', 'Dee'],
  choices: 2,
  votingMethod: 'plurality',
};
const cumulative: MarkedMatter = { ...plurality, votingMethod: 'cumulative' };
const ranked: MarkedMatter = { ...plurality, votingMethod: 'ranked' };

export interface BallotMarksCase {
  name: string;
  matter: MarkedMatter;
  body: BallotBody;
  marks: BallotMarks | null;
  problem: BallotShapeProblem | null;
}

/** Ballot bodies and what they store, or the code they are refused with. */
export const BALLOT_MARKS_CASES: BallotMarksCase[] = [
  {
    name: 'plurality: two of two seats',
    matter: plurality,
    body: { choices: ['Dee', 'Ann'] },
    marks: { choices: ['Dee', 'Ann'], votes: null },
    problem: null,
  },
  {
    name: 'plurality: no choice',
    matter: plurality,
    body: { choices: [] },
    marks: null,
    problem: 'no_choice',
  },
  {
    name: 'plurality: a repeat',
    matter: plurality,
    body: { choices: ['Ann', 'Ann'] },
    marks: null,
    problem: 'duplicate_choice',
  },
  {
    name: 'plurality: an unknown option',
    matter: plurality,
    body: { choices: ['Eve'] },
    marks: null,
    problem: 'invalid_choice',
  },
  {
    name: 'plurality: more choices than seats',
    matter: plurality,
    body: { choices: ['Ann', 'Bob', 'Cid'] },
    marks: null,
    problem: 'too_many_choices',
  },
  {
    name: 'plurality: an allocation is the wrong shape',
    matter: plurality,
    body: { allocations: [{ option: 'Ann', votes: 1 }] },
    marks: null,
    problem: 'invalid_choice',
  },
  {
    name: 'plurality: a ranking is the wrong shape',
    matter: plurality,
    body: { ranking: ['Ann'] },
    marks: null,
    problem: 'invalid_choice',
  },
  {
    name: 'cumulative: all votes on one option',
    matter: cumulative,
    body: { allocations: [{ option: 'Bob', votes: 2 }] },
    marks: { choices: ['Bob'], votes: [2] },
    problem: null,
  },
  {
    name: 'cumulative: votes split, in the ballot order',
    matter: cumulative,
    body: {
      allocations: [
        { option: 'Cid', votes: 1 },
        { option: 'Ann', votes: 1 },
      ],
    },
    marks: { choices: ['Cid', 'Ann'], votes: [1, 1] },
    problem: null,
  },
  {
    name: 'cumulative: fewer votes than the member has',
    matter: { ...cumulative, choices: 5 },
    body: { allocations: [{ option: 'Ann', votes: 3 }] },
    marks: { choices: ['Ann'], votes: [3] },
    problem: null,
  },
  {
    name: 'cumulative: no allocation',
    matter: cumulative,
    body: { allocations: [] },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: an unknown option',
    matter: cumulative,
    body: { allocations: [{ option: 'Eve', votes: 1 }] },
    marks: null,
    problem: 'invalid_choice',
  },
  {
    name: 'cumulative: an option twice',
    matter: cumulative,
    body: {
      allocations: [
        { option: 'Ann', votes: 1 },
        { option: 'Ann', votes: 1 },
      ],
    },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: more votes than the member has',
    matter: cumulative,
    body: {
      allocations: [
        { option: 'Ann', votes: 2 },
        { option: 'Bob', votes: 1 },
      ],
    },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: no votes on an option',
    matter: cumulative,
    body: { allocations: [{ option: 'Ann', votes: 0 }] },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: a fraction of a vote',
    matter: cumulative,
    body: { allocations: [{ option: 'Ann', votes: 1.5 }] },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: negative votes',
    matter: cumulative,
    body: {
      allocations: [
        { option: 'Ann', votes: 3 },
        { option: 'Bob', votes: -1 },
      ],
    },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: plain choices are the wrong shape',
    matter: cumulative,
    body: { choices: ['Ann'] },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'cumulative: a ranking is the wrong shape',
    matter: cumulative,
    body: { ranking: ['Ann'] },
    marks: null,
    problem: 'invalid_allocation',
  },
  {
    name: 'ranked: one preference',
    matter: ranked,
    body: { ranking: ['Cid'] },
    marks: { choices: ['Cid'], votes: null },
    problem: null,
  },
  {
    name: 'ranked: every option, more than the seats',
    matter: ranked,
    body: { ranking: ['Dee', 'Bob', 'Ann', 'Cid'] },
    marks: { choices: ['Dee', 'Bob', 'Ann', 'Cid'], votes: null },
    problem: null,
  },
  {
    name: 'ranked: an empty ranking',
    matter: ranked,
    body: { ranking: [] },
    marks: null,
    problem: 'invalid_ranking',
  },
  {
    name: 'ranked: an option ranked twice',
    matter: ranked,
    body: { ranking: ['Ann', 'Bob', 'Ann'] },
    marks: null,
    problem: 'invalid_ranking',
  },
  {
    name: 'ranked: an unknown option',
    matter: ranked,
    body: { ranking: ['Ann', 'Eve'] },
    marks: null,
    problem: 'invalid_choice',
  },
  {
    name: 'ranked: an option differing in case',
    matter: ranked,
    body: { ranking: ['ann'] },
    marks: null,
    problem: 'invalid_choice',
  },
  {
    name: 'ranked: plain choices are the wrong shape',
    matter: ranked,
    body: { choices: ['Ann'] },
    marks: null,
    problem: 'invalid_ranking',
  },
  {
    name: 'ranked: an allocation is the wrong shape',
    matter: ranked,
    body: { allocations: [{ option: 'Ann', votes: 1 }] },
    marks: null,
    problem: 'invalid_ranking',
  },
];

export interface MarksFitCase {
  name: string;
  matter: MarkedMatter;
  /** Stored marks; `choices` and `votes` as the jsonb columns may hold them, wrong types included. */
  marks: { choices: unknown; votes: unknown };
  fits: boolean;
}

/**
 * Whether stored marks fit their matter: `marksFit` and its SQL twin `marksFitSql`
 * (apps/gateway/test/rules-sql.test.ts) both answer these. Every valid body's marks fit.
 */
export const MARKS_FIT_CASES: MarksFitCase[] = [
  ...BALLOT_MARKS_CASES.filter(({ marks }) => marks !== null).map(
    ({ name, matter, marks }) => ({ name, matter, marks: marks!, fits: true }),
  ),
  ...(
    [
      ['plurality', [], null, false],
      ['plurality', ['Ann', 'Ann'], null, false],
      ['plurality', ['Eve'], null, false],
      ['plurality', ['Ann', 'Bob', 'Cid'], null, false],
      ['plurality', ['Ann'], [1], false],
      ['plurality', 'Ann', null, false],
      ['plurality', [1], null, false],
      ['cumulative', ['Ann'], null, false],
      ['cumulative', ['Ann', 'Bob'], [1], false],
      ['cumulative', ['Ann'], [3], false],
      ['cumulative', ['Ann', 'Bob'], [1, 2], false],
      ['cumulative', ['Ann'], [0], false],
      ['cumulative', ['Ann'], [1.5], false],
      ['cumulative', ['Ann'], ['1'], false],
      ['cumulative', ['Ann'], { Ann: 1 }, false],
      ['cumulative', ['Ann', 'Ann'], [1, 1], false],
      ['cumulative', ['Eve'], [1], false],
      ['cumulative', [], [], false],
      ['cumulative', ['Ann', 'Bob'], [1, 1], true],
      ['ranked', [], null, false],
      ['ranked', ['Ann', 'Ann'], null, false],
      ['ranked', ['Eve'], null, false],
      ['ranked', ['Ann'], [1], false],
      ['ranked', { Ann: 1 }, null, false],
      ['ranked', ['Ann', 'Bob', 'Cid'], null, true],
    ] as [VotingMethod, unknown, unknown, boolean][]
  ).map(([votingMethod, choices, votes, fits]) => ({
    name: `stored ${votingMethod} marks ${JSON.stringify(choices)} with votes ${JSON.stringify(votes)}`,
    matter: { ...plurality, votingMethod },
    marks: { choices, votes },
    fits,
  })),
];

export interface TallyMarksCase {
  name: string;
  method: VotingMethod;
  marks: BallotMarks;
  expected: { option: string; count: number }[];
}

/** What one ballot adds to the tally: `tallyMarks` and `tallyMarksSql` both answer these. */
export const TALLY_MARKS_CASES: TallyMarksCase[] = [
  {
    name: 'plurality: each choice once',
    method: 'plurality',
    marks: { choices: ['Bob', 'Ann'], votes: null },
    expected: [
      { option: 'Bob', count: 1 },
      { option: 'Ann', count: 1 },
    ],
  },
  {
    name: 'cumulative: each choice its votes',
    method: 'cumulative',
    marks: { choices: ['Cid', 'Ann'], votes: [3, 1] },
    expected: [
      { option: 'Cid', count: 3 },
      { option: 'Ann', count: 1 },
    ],
  },
  {
    name: 'cumulative: all votes on one',
    method: 'cumulative',
    marks: { choices: ['Dee'], votes: [4] },
    expected: [{ option: 'Dee', count: 4 }],
  },
  {
    name: 'ranked: the first preference only',
    method: 'ranked',
    marks: { choices: ['Dee', 'Ann', 'Bob'], votes: null },
    expected: [{ option: 'Dee', count: 1 }],
  },
  {
    name: 'ranked: a single preference',
    method: 'ranked',
    marks: { choices: ['Bob'], votes: null },
    expected: [{ option: 'Bob', count: 1 }],
  },
];
