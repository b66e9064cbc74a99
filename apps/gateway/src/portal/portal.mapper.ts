import {
  translatedMatterTexts,
  translatedOptions,
  translatedText,
  type Candidate,
  type LanguageCode,
} from '@livevote/contracts';
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

/** Candidates with their statements in `language` (names are names: never translated). */
export function translatedCandidates(
  candidates: Candidate[],
  language: LanguageCode,
): Candidate[] {
  return candidates.map((candidate) => ({
    ...candidate,
    statement: translatedText(
      candidate,
      candidate.translations,
      language,
      'statement',
    ),
  }));
}

/** The meeting's question categories in `language`, one per canonical category. */
export function translatedCategories(
  meeting: Pick<
    PortalMeetingRow,
    'questionCategories' | 'settingsTranslations'
  >,
  language: LanguageCode,
): string[] {
  return translatedOptions(
    meeting.questionCategories,
    meeting.settingsTranslations[language]?.questionCategories,
  );
}

/**
 * The meeting as its voter sees it, its texts in the voter's `language` (docs/i18n.md,
 * "Meeting content in two languages"): each matter's live state and whether their member may
 * vote. Options stay canonical (ballots name them); `optionLabels` show them.
 */
export function mapPortalMeeting(
  meeting: PortalMeetingRow,
  matterRows: MatterRow[],
  seqs: Map<string, number>,
  member: EligibilityMember | undefined,
  forecasts: Map<string, Forecast | null>,
  language: LanguageCode,
): PortalMeeting {
  const text = (field: 'name' | 'description' | 'location') =>
    translatedText(meeting, meeting.translations, language, field);
  return {
    key: meeting.id,
    shortCode: meeting.shortCode,
    name: text('name'),
    description: text('description'),
    meetingDate: meeting.meetingDate.toISOString(),
    meetingTimezone: meeting.meetingTimezone,
    language,
    languages: meeting.languages,
    duration: meeting.duration,
    location: text('location'),
    expiryDate: meeting.expiryDate?.toISOString() ?? null,
    questionCategories: translatedCategories(meeting, language),
    nominationExpiryDate: meeting.nominationExpiryDate?.toISOString() ?? null,
    matters: matterRows.map((matter) => {
      // results once published (docs/verdicts.md, "What voters see")
      const live = mapLiveMatter(
        matter,
        seqs.get(matter.id) ?? 0,
        'public',
        forecasts.get(matter.id),
      );
      return {
        ...live,
        ...translatedMatterTexts(matter, language),
        candidates: translatedCandidates(live.candidates, language),
        allowProxyVote: matter.allowProxyVote,
        eligible: member ? isEligible(member, matter) : false,
      };
    }),
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

/** The voter; `language` is the one the portal answers them in (`portalLanguage`). */
export function mapPortalVoter(
  voter: VoterRow,
  language: LanguageCode,
): PortalVoter {
  return {
    voterKey: voter.id,
    name: voter.name,
    email: voter.email,
    language: voter.language ?? language,
    languageChosen: voter.language !== null,
  };
}

export function mapPortalSession(
  voterToken: string,
  expiresAt: Date,
  voter: VoterRow,
  member: MemberRow,
  language: LanguageCode,
): PortalSessionResponse {
  return {
    voterToken,
    expiresAt: expiresAt.toISOString(),
    voter: mapPortalVoter(voter, language),
    member: {
      key: member.id,
      unit: member.unit,
      shares: member.shares,
      eligible: member.eligible,
    },
  };
}
