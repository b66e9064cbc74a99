import type {
  OwnBallot,
  PortalMeeting,
  PortalSessionResponse,
  PortalVoter,
  Forecast,
} from '@livevote/contracts';
import { isEligible, type EligibilityMember } from '@livevote/rules';
import type {
  ballots,
  matters,
  members,
  voters,
  VotingMethod,
} from '../database/schema';
import { ballotAnswer } from '../ballots/ballot-marks';
import { mapLiveMatter } from '../live/live.mapper';
import type { PortalMeetingRow } from './portal.repository';

type MatterRow = typeof matters.$inferSelect;
type BallotRow = typeof ballots.$inferSelect;
type VoterRow = Pick<
  typeof voters.$inferSelect,
  'id' | 'name' | 'email' | 'language'
>;
type MemberRow = Pick<
  typeof members.$inferSelect,
  'id' | 'unit' | 'shares' | 'eligible'
>;

/** The meeting as its voter sees it: each matter's live state and whether their member may vote. */
export function mapPortalMeeting(
  meeting: PortalMeetingRow,
  matterRows: MatterRow[],
  seqs: Map<string, number>,
  member: EligibilityMember | undefined,
  forecasts: Map<string, Forecast | null>,
): PortalMeeting {
  return {
    key: meeting.id,
    shortCode: meeting.shortCode,
    name: meeting.name,
    description: meeting.description,
    meetingDate: meeting.meetingDate.toISOString(),
    meetingTimezone: meeting.meetingTimezone,
    language: meeting.language,
    duration: meeting.duration,
    location: meeting.location,
    expiryDate: meeting.expiryDate?.toISOString() ?? null,
    questionCategories: meeting.questionCategories,
    nominationExpiryDate: meeting.nominationExpiryDate?.toISOString() ?? null,
    matters: matterRows.map((matter) => ({
      // results once published (docs/verdicts.md, "What voters see")
      ...mapLiveMatter(
        matter,
        seqs.get(matter.id) ?? 0,
        'public',
        forecasts.get(matter.id),
      ),
      allowProxyVote: matter.allowProxyVote,
      eligible: member ? isEligible(member, matter) : false,
    })),
  };
}

/** The voter's own ballot; its id is the receipt the voter was given, when there was one. */
export function mapOwnBallot(
  ballot: Pick<
    BallotRow,
    'id' | 'receiptId' | 'matterId' | 'method' | 'castAt' | 'choices' | 'votes'
  > & { receipt: string | null; votingMethod: VotingMethod },
): OwnBallot {
  return {
    ballotId: ballot.receiptId ?? ballot.id,
    matterKey: ballot.matterId,
    ...ballotAnswer(ballot.votingMethod, ballot),
    method: ballot.method,
    castAt: ballot.castAt.toISOString(),
    receipt: ballot.receipt,
  };
}

export function mapPortalVoter(voter: VoterRow): PortalVoter {
  return {
    voterKey: voter.id,
    name: voter.name,
    email: voter.email,
    language: voter.language,
  };
}

export function mapPortalSession(
  voterToken: string,
  expiresAt: Date,
  voter: VoterRow,
  member: MemberRow,
): PortalSessionResponse {
  return {
    voterToken,
    expiresAt: expiresAt.toISOString(),
    voter: mapPortalVoter(voter),
    member: {
      key: member.id,
      unit: member.unit,
      shares: member.shares,
      eligible: member.eligible,
    },
  };
}
