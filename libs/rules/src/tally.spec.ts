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

describe(`${tally.name} by voting method`, () => {
  const zero = {
    numProxyVotes: 0,
    numOtherVotes: 0,
    numProxyShares: 0,
    numOtherShares: 0,
  };
  const live = (vote: string, votes: number, shares: number) => ({
    vote,
    ...zero,
    numLiveVotes: votes,
    numLiveShares: shares,
  });

  it('cumulative: an option counts the votes placed, its shares votes times weight', () => {
    expect(
      tally(
        ['Ann', 'Bob', 'Cid'],
        [
          {
            method: 'live',
            choices: ['Ann', 'Cid'],
            votes: [2, 1],
            weight: 1.5,
          },
          { method: 'live', choices: ['Cid'], votes: [3], weight: 2 },
        ],
        'cumulative',
      ),
    ).toEqual({
      rows: [live('Ann', 2, 3), live('Bob', 0, 0), live('Cid', 4, 7.5)],
      votesCast: 2,
      sharesCast: 3.5,
    });
  });

  it('ranked: only first preferences count while live', () => {
    expect(
      tally(
        ['Ann', 'Bob'],
        [
          { method: 'live', choices: ['Bob', 'Ann'], weight: 3 },
          { method: 'live', choices: ['Ann'], weight: 1 },
        ],
        'ranked',
      ),
    ).toEqual({
      rows: [live('Ann', 1, 1), live('Bob', 1, 3)],
      votesCast: 2,
      sharesCast: 4,
    });
  });

  it('plurality by default: votes on a ballot are ignored', () => {
    const ballots = [
      { method: 'live' as const, choices: ['Ann'], votes: [3], weight: 1 },
    ];
    expect(tally(['Ann'], ballots)).toEqual(
      tally(['Ann'], ballots, 'plurality'),
    );
    expect(tally(['Ann'], ballots).rows[0].numLiveVotes).toBe(1);
  });
});
