import { describe, expect, it } from 'vitest';
import { sharesFromMicro, tally, toMicro } from './tally';
import { TALLY_CASES } from './tally.cases';

describe(tally.name, () => {
  it.each(TALLY_CASES)('$name', ({ options, ballots, expected }) => {
    expect(tally(options, ballots)).toEqual(expected);
  });
});

describe(sharesFromMicro.name, () => {
  it.each([
    { shares: 0, micro: 0 },
    { shares: 1, micro: 1_000_000 },
    { shares: 0.1, micro: 100_000 },
    { shares: 123456.654321, micro: 123_456_654_321 },
  ])('$shares shares are $micro millionths and back', ({ shares, micro }) => {
    expect(toMicro(shares)).toBe(micro);
    expect(sharesFromMicro(micro)).toBe(shares);
  });
});
