import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import {
  directionLine,
  directionText,
  initialRows,
  splitProblem,
  splitTotal,
  toSplit,
} from './split';

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
      { kind: 'tooMany', held: 5, total: 6 },
    ],
    [[{ choices: ['For'], count: 0 }], 5, { kind: 'noVote' }],
    [[{ choices: ['For'], count: 1.5 }], 5, { kind: 'wholeCounts' }],
    [[{ choices: ['For'], count: -1 }], 5, { kind: 'wholeCounts' }],
  ])('refuses %j holding %i: %j', (rows, held, problem) => {
    expect(splitProblem(rows, held)).toEqual(problem);
  });
});

describe(toSplit.name, () => {
  it('leaves out empty groups and groups without choices', () => {
    expect(
      toSplit(
        [
          { choices: ['For'], count: 4 },
          { choices: ['Against'], count: 0 },
          { choices: [], count: 2 },
          { choices: ['For', 'For'], count: 1 },
        ],
        { options: ['For', 'Against'], choices: 1 },
      ),
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
      { choices: [], votes: [], count: 0 },
    ]);
  });

  it('starts a ranked or cumulative election, even of one seat, from the groups cast', () => {
    expect(
      initialRows(
        ['Ana', 'Ben'],
        1,
        [{ ranking: ['Ben', 'Ana'], count: 2 }],
        'ranked',
      ),
    ).toEqual([{ choices: ['Ben', 'Ana'], votes: [], count: 2 }]);
    expect(
      initialRows(
        ['Ana', 'Ben'],
        3,
        [{ allocations: [{ option: 'Ben', votes: 3 }], count: 1 }],
        'cumulative',
      ),
    ).toEqual([{ choices: ['Ben'], votes: [3], count: 1 }]);
  });
});

describe('toSplit of an election by method', () => {
  it('sends rankings and allocations that fit, and drops those that do not', () => {
    const ranked = {
      options: ['Ana', 'Ben'],
      choices: 1,
      votingMethod: 'ranked' as const,
    };
    expect(
      toSplit(
        [
          { choices: ['Ben', 'Ana'], count: 2 },
          { choices: [], count: 1 },
        ],
        ranked,
      ),
    ).toEqual([{ ranking: ['Ben', 'Ana'], count: 2 }]);
    const cumulative = {
      ...ranked,
      choices: 3,
      votingMethod: 'cumulative' as const,
    };
    expect(
      toSplit(
        [
          { choices: ['Ana', 'Ben'], votes: [1, 2], count: 4 },
          { choices: ['Ana'], votes: [4], count: 1 },
        ],
        cumulative,
      ),
    ).toEqual([
      {
        allocations: [
          { option: 'Ana', votes: 1 },
          { option: 'Ben', votes: 2 },
        ],
        count: 4,
      },
    ]);
  });
});

describe(directionText.name, () => {
  it('gives the choices, or the holder’s discretion, in the language asked', () => {
    const en = i18n.getFixedT('en');
    const fr = i18n.getFixedT('fr');

    expect(directionText(en, ['Alice', 'Bob'])).toBe('Alice, Bob');
    expect(directionText(en, null)).toBe('at the holder’s discretion');
    expect(directionText(en, { choices: null })).toBe(
      'at the holder’s discretion',
    );
    expect(directionText(en, { ranking: ['Bob', 'Alice'] })).toBe(
      '1. Bob, 2. Alice',
    );
    expect(
      directionText(fr, { allocations: [{ option: 'Bob', votes: 2 }] }),
    ).toBe('Bob : 2');
    expect(directionLine(fr, 'Budget', null)).toBe(
      'Budget : à la discrétion du mandataire',
    );
    expect(directionLine(en, 'Budget', ['For'])).toBe('Budget: For');
    expect(directionLine(en, undefined, null)).toBe(
      'A matter: at the holder’s discretion',
    );
  });
});

describe(directionLine.name, () => {
  const fr = i18n.getFixedT('fr');
  const budget = {
    options: ['For', 'Against', 'Abstain'],
    optionLabels: ['Pour', 'Contre', ''],
  };

  it('names the options as the reader reads them, canonical where a label is blank', () => {
    expect(directionLine(fr, 'Budget', { choices: ['Against'] }, budget)).toBe(
      'Budget : Contre',
    );
    expect(directionLine(fr, 'Budget', ['For'], budget)).toBe('Budget : Pour');
    expect(directionLine(fr, 'Budget', { choices: ['Abstain'] }, budget)).toBe(
      'Budget : Abstain',
    );
    expect(directionLine(fr, 'Budget', { choices: null }, budget)).toBe(
      'Budget : à la discrétion du mandataire',
    );
  });

  it('relabels a ranking and allocations, and leaves names without labels as they are', () => {
    const board = {
      options: ['Ana', 'Ben'],
      optionLabels: ['Ana (présidente)', 'Ben'],
    };
    expect(directionLine(fr, 'CA', { ranking: ['Ben', 'Ana'] }, board)).toBe(
      'CA : 1. Ben, 2. Ana (présidente)',
    );
    expect(
      directionLine(
        fr,
        'CA',
        { allocations: [{ option: 'Ana', votes: 2 }] },
        board,
      ),
    ).toBe('CA : Ana (présidente) : 2');
    expect(
      directionLine(
        fr,
        'CA',
        { ranking: ['Ben', 'Ana'] },
        { options: ['Ana', 'Ben'] },
      ),
    ).toBe('CA : 1. Ben, 2. Ana');
  });
});
