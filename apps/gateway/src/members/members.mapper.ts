import type { LanguageCode, Member, Voter } from '@livevote/contracts';
import { mapMailDelivery } from '../mail/mail-delivery';
import type { MemberWithLiveVotes } from './members.repository';
import type { VoterRow } from './voters.repository';

/**
 * A voter as managers see it; `primary` is the meeting's primary language, the voter's
 * language until one is chosen (docs/i18n.md, "Meeting content in two languages").
 */
export function mapVoter(row: VoterRow, primary: LanguageCode): Voter {
  return {
    voterKey: row.id,
    name: row.name,
    email: row.email,
    isPanelist: row.isPanelist,
    isTestVoter: row.isTestVoter,
    attending: row.attending,
    inAttendance: row.inAttendance,
    rsvp: row.rsvp,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    communicationPreferences: {
      disableAllEmails: row.communicationPreferences.disableAllEmails ?? false,
      disableConsentReminders:
        row.communicationPreferences.disableConsentReminders ?? false,
    },
    lastInviteDate: row.lastInviteDate?.toISOString() ?? null,
    inviteDelivery: mapMailDelivery(
      row.inviteStatus,
      row.inviteAttemptedAt,
      row.inviteError,
    ),
    language: row.language ?? primary,
    languageChosen: row.language !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapMember(
  row: MemberWithLiveVotes,
  voters: readonly VoterRow[],
  primary: LanguageCode,
): Member {
  return {
    key: row.id,
    unit: row.unit,
    mailAddress1: row.mailAddress1,
    mailAddress2: row.mailAddress2,
    mailCity: row.mailCity,
    mailProv: row.mailProv,
    mailPostal: row.mailPostal,
    mailCountry: row.mailCountry,
    customData: row.customData,
    hasLiveVotes: row.hasLiveVotes,
    controlNumber: row.controlNumber,
    eligible: row.eligible,
    shares: Number(row.shares),
    tags: row.tags,
    voters: voters.map((voter) => mapVoter(voter, primary)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
