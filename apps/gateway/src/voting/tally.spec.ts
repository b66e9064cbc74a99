import { describe, expect, it } from 'vitest';
import { tallyDelta, turnoutMoved, type CastChange } from './tally';

function aCast(overrides: Partial<CastChange> = {}): CastChange {
  return {
    method: 'live',
    choices: ['Yes'],
    weight: 2,
    prev: null,
    ...overrides,
  };
}

describe(turnoutMoved.name, () => {
  it('is true for a new ballot', () => {
    expect(turnoutMoved(tallyDelta([aCast()]))).toBe(true);
  });

  it('is false for a changed vote of the same weight, even from a proxy to a live ballot', () => {
    const changed = aCast({
      prev: { method: 'proxy', choices: ['No'], weight: 2 },
    });
    expect(turnoutMoved(tallyDelta([changed]))).toBe(false);
  });

  it("is true for a changed vote when the member's shares changed in between", () => {
    const reweighed = aCast({
      prev: { method: 'live', choices: ['No'], weight: 1 },
    });
    expect(turnoutMoved(tallyDelta([reweighed]))).toBe(true);
  });

  it('is true for a batch in which any ballot is new', () => {
    const changed = aCast({
      prev: { method: 'live', choices: ['No'], weight: 2 },
    });
    expect(turnoutMoved(tallyDelta([changed, aCast()]))).toBe(true);
  });
});

describe(tallyDelta.name, () => {
  it('takes a removed ballot out of its options and out of the turnout', () => {
    const removed = aCast({
      method: 'proxy',
      choices: [],
      weight: 0,
      prev: { method: 'proxy', choices: ['Yes'], weight: 2.5 },
      removed: true,
    });
    expect(Object.fromEntries(tallyDelta([aCast(), removed]))).toEqual({
      'v|live|Yes': 1,
      's|live|Yes': 2_000_000,
      'v|proxy|Yes': -1,
      's|proxy|Yes': -2_500_000,
      shares: -500_000,
    });
  });
});

describe(`${tallyDelta.name} by voting method`, () => {
  it('cumulative: an option gains the votes placed, its shares votes times weight', () => {
    const cast = aCast({
      choices: ['Ann', 'Cid'],
      votes: [2, 1],
      weight: 1.5,
      prev: { method: 'live', choices: ['Ann'], votes: [3], weight: 1.5 },
    });
    expect(Object.fromEntries(tallyDelta([cast], 'cumulative'))).toEqual({
      'v|live|Ann': -1,
      's|live|Ann': -1_500_000,
      'v|live|Cid': 1,
      's|live|Cid': 1_500_000,
    });
  });

  it('ranked: only the first preference counts', () => {
    const cast = aCast({ choices: ['Bob', 'Ann'], weight: 3 });
    expect(Object.fromEntries(tallyDelta([cast], 'ranked'))).toEqual({
      'v|live|Bob': 1,
      's|live|Bob': 3_000_000,
      votes: 1,
      shares: 3_000_000,
    });
  });
});
