import { describe, expect, it } from 'vitest';
import { exactUnits, microShares, sharesText, toFigures } from './weight';

describe(microShares.name, () => {
  it.each([
    { shares: 0, micro: 0n },
    { shares: 1, micro: 1_000_000n },
    { shares: 0.333333, micro: 333_333n },
    { shares: '0.333333', micro: 333_333n },
    { shares: ' 12.5 ', micro: 12_500_000n },
    { shares: '.5', micro: 500_000n },
    { shares: '7.', micro: 7_000_000n },
    { shares: 0.1 + 0.2, micro: 300_000n },
    { shares: '0.0000005', micro: 1n },
    { shares: '0.00000049', micro: 0n },
    { shares: 1e-7, micro: 0n },
    { shares: '99999999999999.999999', micro: 99_999_999_999_999_999_999n },
    { shares: 1e21, micro: 10n ** 27n },
  ])('$shares shares are $micro millionths', ({ shares, micro }) => {
    expect(microShares(shares)).toBe(micro);
  });

  it.each([-1, NaN, Infinity, '', '.', '-1', '1,5', 'abc', '1e', 'e5', '0x10'])(
    'refuses %j',
    (shares) => {
      expect(() => microShares(shares)).toThrow(RangeError);
    },
  );
});

describe(exactUnits.name, () => {
  it.each([-1, 1.5, NaN, 2 ** 53])('refuses %j units', (units) => {
    expect(() => exactUnits(units)).toThrow(RangeError);
  });
});

describe(sharesText.name, () => {
  it.each([
    { micro: 0n, text: '0' },
    { micro: 2_000_000n, text: '2' },
    { micro: 1_333_333n, text: '1.333333' },
    { micro: 500_000n, text: '0.5' },
    { micro: -1n, text: '-0.000001' },
  ])('$micro millionths read $text', ({ micro, text }) => {
    expect(sharesText(micro)).toBe(text);
  });
});

describe(toFigures.name, () => {
  it('answers shares to 6 decimals as numbers', () => {
    expect(toFigures({ units: 3n, shares: 1_000_001n })).toEqual({
      units: 3,
      shares: 1.000001,
    });
  });
});
