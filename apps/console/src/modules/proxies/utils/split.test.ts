import { describe, expect, it } from 'vitest';
import { initialRows, splitProblem, splitTotal, toSplit } from './split';

describe(splitProblem.name, () => {
  it('takes a split up to what the holder holds', () => {
    const rows = [
      { choices: ['For'], count: 3 },
      { choices: ['Against'], count: 2 },
    ];
    expect(splitTotal(rows)).toBe(5);
    expect(splitProblem(rows, 5)).toBeNull();
  });

  it.each([
    [
      [{ choices: ['For'], count: 6 }],
      5,
      'You hold 5 at your discretion; this casts 6.',
    ],
    [[{ choices: ['For'], count: 0 }], 5, 'Give at least one vote.'],
    [[{ choices: ['For'], count: 1.5 }], 5, 'Counts are whole numbers.'],
    [[{ choices: ['For'], count: -1 }], 5, 'Counts are whole numbers.'],
  ])('refuses %j holding %i: %s', (rows, held, message) => {
    expect(splitProblem(rows, held)).toBe(message);
  });
});

describe(toSplit.name, () => {
  it('leaves out empty groups and groups without choices', () => {
    expect(
      toSplit([
        { choices: ['For'], count: 4 },
        { choices: ['Against'], count: 0 },
        { choices: [], count: 2 },
      ]),
    ).toEqual([{ choices: ['For'], count: 4 }]);
  });
});

describe(initialRows.name, () => {
  it('starts a one-choice matter with a row per option, from what was cast', () => {
    expect(
      initialRows(['For', 'Against'], 1, [{ choices: ['Against'], count: 2 }]),
    ).toEqual([
      { choices: ['For'], count: 0 },
      { choices: ['Against'], count: 2 },
    ]);
  });

  it('starts an election with the groups cast, or one empty group', () => {
    expect(initialRows(['Ana', 'Ben'], 2, [])).toEqual([
      { choices: [], count: 0 },
    ]);
  });
});
