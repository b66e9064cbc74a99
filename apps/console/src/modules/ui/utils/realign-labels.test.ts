import { describe, expect, it } from 'vitest';
import { realignLabels } from './realign-labels';

const before = ['For', 'Against', 'Abstain'];
const labels = ['Pour', 'Contre', 'Abstention'];

describe(realignLabels.name, () => {
  it.each([
    ['unchanged', before, labels],
    ['first line deleted', ['Against', 'Abstain'], ['Contre', 'Abstention']],
    ['middle line deleted', ['For', 'Abstain'], ['Pour', 'Abstention']],
    [
      'line inserted on top',
      ['Maybe', 'For', 'Against', 'Abstain'],
      ['', 'Pour', 'Contre', 'Abstention'],
    ],
    [
      'lines swapped',
      ['Against', 'For', 'Abstain'],
      ['Contre', 'Pour', 'Abstention'],
    ],
    // a typo mended, or a letter typed: the label stays with its line
    ['one edited in place', ['For', 'Agains', 'Abstain'], labels],
    ['all cleared', [], []],
  ])('%s', (_, after, expected) => {
    expect(realignLabels(before, after, labels)).toEqual(expected);
  });

  it('gives a new option no label, even where labels were missing', () => {
    expect(realignLabels(['Yes'], ['Yes', 'No'], [])).toEqual(['', '']);
  });
});
