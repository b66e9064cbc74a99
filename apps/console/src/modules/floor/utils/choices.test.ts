import { describe, expect, it } from 'vitest';
import { optionIndexOfKey, toggleChoice } from './choices';

const OPTIONS = ['Grace', 'Hugo', 'Irene'];

describe(toggleChoice.name, () => {
  it('replaces the choice on a one-choice matter', () => {
    expect(toggleChoice(['Grace'], OPTIONS, 1, 1)).toEqual(['Hugo']);
  });

  it('toggles up to the number of choices, in option order', () => {
    expect(toggleChoice(['Irene'], OPTIONS, 0, 2)).toEqual(['Grace', 'Irene']);
    expect(toggleChoice(['Grace', 'Irene'], OPTIONS, 1, 2)).toEqual([
      'Grace',
      'Irene',
    ]);
    expect(toggleChoice(['Grace', 'Irene'], OPTIONS, 0, 2)).toEqual(['Irene']);
  });

  it('ignores a key beyond the options', () => {
    expect(toggleChoice(['Grace'], OPTIONS, 5, 1)).toEqual(['Grace']);
  });
});

describe(optionIndexOfKey.name, () => {
  it('reads the digits 1 to 9 only', () => {
    expect(['1', '9', '0', 'a', 'Enter'].map(optionIndexOfKey)).toEqual([
      0,
      8,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
