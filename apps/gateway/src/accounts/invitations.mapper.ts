import type { Invitation, InvitationStatus } from '@livevote/contracts';
import type { InvitationRow } from './invitations.repository';

/** What an invitation is at `now`: expiry is not stored, it is read off `expiresAt`. */
export function invitationStatus(
  row: InvitationRow,
  now: Date,
): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export function mapInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    key: row.id,
    email: row.email,
    roles: row.roles,
    status: invitationStatus(row, now),
    invitedAt: row.invitedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
