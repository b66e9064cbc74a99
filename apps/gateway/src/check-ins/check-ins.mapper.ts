import type { DeskVoter, PortalRsvp } from '@livevote/contracts';
import type { DeskVoterRow } from './check-ins.repository';

export function mapDeskVoter(row: DeskVoterRow): DeskVoter {
  return {
    voterKey: row.id,
    name: row.name,
    email: row.email,
    memberKey: row.memberId,
    unit: row.unit,
    shares: row.shares,
    rsvp: row.rsvp,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}

export function mapRsvp(
  row: Pick<DeskVoterRow, 'rsvp' | 'rsvpAt'>,
  closesAt: Date,
  open: boolean,
): PortalRsvp {
  return {
    attending: row.rsvp,
    answeredAt: row.rsvpAt?.toISOString() ?? null,
    closesAt: closesAt.toISOString(),
    open,
  };
}
