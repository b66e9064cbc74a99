/** A voter signed in to the portal: the member they vote for and its meeting. */
export interface VoterPrincipal {
  voterId: string;
  memberId: string;
  meetingId: string;
}
