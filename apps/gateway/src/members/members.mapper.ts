import type { Member, Voter } from '@livevote/contracts';
import { mapMailDelivery } from '../mail/mail-delivery';
import type { MemberWithLiveVotes } from './members.repository';
import type { VoterRow } from './voters.repository';

export function mapVoter(row: VoterRow): Voter {
  return {
    voterKey: row.id,
    name: row.name,
    email: row.email,
    isPanelist: row.isPanelist,
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
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapMember(
  row: MemberWithLiveVotes,
  voters: readonly VoterRow[],
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
    voters: voters.map(mapVoter),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
