import type { DeskVoter, PortalRsvp } from '@livevote/contracts';
import { chooseLanguage, type Language } from '@livevote/i18n';
import type { DeskVoterRow } from './check-ins.repository';

/** A voter at the desk, with the language to confirm its check-in in (docs/i18n.md). */
export function mapDeskVoter(
  row: DeskVoterRow,
  meeting: { language: Language },
): DeskVoter {
  return {
    voterKey: row.id,
    name: row.name,
    email: row.email,
    memberKey: row.memberId,
    unit: row.unit,
    shares: row.shares,
    rsvp: row.rsvp,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    language: chooseLanguage({
      preference: row.language,
      meeting: meeting.language,
    }),
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
