import { describe, expect, it } from 'vitest';
import { testVoterStats } from './test-voter-stats';

describe(testVoterStats.name, () => {
  it.each([
    [0, 0, ''],
    [1, 0, '1 test voter, 0 voted'],
    [2, 1, '2 test voters, 1 voted'],
    [3, 3, '3 test voters, 3 voted'],
  ])('reads %i test voters, %i voted as "%s"', (testVoters, voted, words) => {
    expect(testVoterStats(testVoters, voted)).toBe(words);
  });
});
