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
      { choices: [], count: 0 },
    ]);
  });
});

describe(directionText.name, () => {
  it('gives the choices, or the holder’s discretion, in the language asked', () => {
    const en = i18n.getFixedT('en');
    const fr = i18n.getFixedT('fr');

    expect(directionText(en, ['Alice', 'Bob'])).toBe('Alice, Bob');
    expect(directionText(en, null)).toBe('at the holder’s discretion');
    expect(directionLine(fr, 'Budget', null)).toBe(
      'Budget : à la discrétion du mandataire',
    );
    expect(directionLine(en, 'Budget', ['For'])).toBe('Budget: For');
    expect(directionLine(en, undefined, null)).toBe(
      'A matter: at the holder’s discretion',
    );
  });
});
