import type { CountedBallot } from './ballots';
import type { Tally } from './tally';

export interface TallyCase {
  name: string;
  options: string[];
  ballots: CountedBallot[];
  expected: Tally;
}

const row = (
  vote: string,
  counts: Partial<Record<'proxy' | 'live' | 'other', [number, number]>> = {},
) => ({
  vote,
  numProxyVotes: counts.proxy?.[0] ?? 0,
  numLiveVotes: counts.live?.[0] ?? 0,
  numOtherVotes: counts.other?.[0] ?? 0,
  numProxyShares: counts.proxy?.[1] ?? 0,
  numLiveShares: counts.live?.[1] ?? 0,
  numOtherShares: counts.other?.[1] ?? 0,
});

/** Tallies, case by case: the rule, the live counters and the SQL recount all answer these. */
export const TALLY_CASES: TallyCase[] = [
  {
    name: 'no ballots: a row of zeros per option',
    options: ['For', 'Against'],
    ballots: [],
    expected: {
      rows: [row('For'), row('Against')],
      votesCast: 0,
      sharesCast: 0,
    },
  },
  {
    name: 'one live ballot',
    options: ['For', 'Against'],
    ballots: [{ method: 'live', choices: ['Against'], weight: 2 }],
    expected: {
      rows: [row('For'), row('Against', { live: [1, 2] })],
      votesCast: 1,
      sharesCast: 2,
    },
  },
  {
    name: 'each method in its own columns, rows in option order',
    options: ['C', 'A', 'B'],
    ballots: [
      { method: 'proxy', choices: ['A'], weight: 1 },
      { method: 'live', choices: ['A'], weight: 3 },
      { method: 'other', choices: ['B'], weight: 0.5 },
      { method: 'live', choices: ['B'], weight: 1 },
    ],
    expected: {
      rows: [
        row('C'),
        row('A', { proxy: [1, 1], live: [1, 3] }),
        row('B', { live: [1, 1], other: [1, 0.5] }),
      ],
      votesCast: 4,
      sharesCast: 5.5,
    },
  },
  {
    name: 'a multiple-choice ballot counts once for each option it chose, and once cast',
    options: ['Ann', 'Bob', 'Cy'],
    ballots: [
      { method: 'live', choices: ['Ann', 'Cy'], weight: 1.25 },
      { method: 'live', choices: ['Cy'], weight: 1 },
    ],
    expected: {
      rows: [
        row('Ann', { live: [1, 1.25] }),
        row('Bob'),
        row('Cy', { live: [2, 2.25] }),
      ],
      votesCast: 2,
      sharesCast: 2.25,
    },
  },
  {
    name: 'fractional shares sum without drift, to 6 decimals',
    options: ['Yes'],
    ballots: [
      { method: 'proxy', choices: ['Yes'], weight: 0.1 },
      { method: 'proxy', choices: ['Yes'], weight: 0.2 },
      { method: 'proxy', choices: ['Yes'], weight: 0.000001 },
    ],
    expected: {
      rows: [row('Yes', { proxy: [3, 0.300001] })],
      votesCast: 3,
      sharesCast: 0.300001,
    },
  },
  {
    name: 'a unit of no shares counts as a ballot, and adds no shares',
    options: ['Yes', 'No'],
    ballots: [
      { method: 'live', choices: ['Yes'], weight: 0 },
      { method: 'live', choices: ['No'], weight: 3 },
    ],
    expected: {
      rows: [row('Yes', { live: [1, 0] }), row('No', { live: [1, 3] })],
      votesCast: 2,
      sharesCast: 3,
    },
  },
  {
    name: 'large holdings sum exactly in millionths',
    options: ['Yes'],
    ballots: [
      { method: 'other', choices: ['Yes'], weight: 12345678.123456 },
      { method: 'other', choices: ['Yes'], weight: 87654321.876544 },
    ],
    expected: {
      rows: [row('Yes', { other: [2, 100000000] })],
      votesCast: 2,
      sharesCast: 100000000,
    },
  },
];
