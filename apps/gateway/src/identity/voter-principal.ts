/**
 * A voter signed in to the portal: the member they vote for and its meeting; `isTest` for a
 * test voter, whose ballots and presence count nowhere (docs/test-voters.md).
 */
export interface VoterPrincipal {
  voterId: string;
  memberId: string;
  meetingId: string;
  isTest: boolean;
}
