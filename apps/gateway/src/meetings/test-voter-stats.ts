/**
 * The meeting stats' `testVoterStats`: how many test voters there are and how many of them have
 * voted, in words ("2 test voters, 1 voted"); empty when the meeting has none
 * (docs/test-voters.md).
 */
export function testVoterStats(testVoters: number, voted: number): string {
  if (!testVoters) return '';
  return `${testVoters} test ${testVoters === 1 ? 'voter' : 'voters'}, ${voted} voted`;
}
