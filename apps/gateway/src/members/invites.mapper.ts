import { meetingPortalUrl } from '../meetings/meetings.mapper';
import type { AppConfig } from '../config/app-config';
import type { MeetingDetails } from '../mail/meeting-details';
import type { MeetingRow } from '../meetings/meeting-access.service';

export function mapMeetingDetails(
  row: MeetingRow,
  config: Pick<AppConfig, 'portalHost' | 'publicUrl'>,
): MeetingDetails {
  return {
    id: row.id,
    shortCode: row.shortCode,
    name: row.name,
    description: row.description,
    location: row.location,
    translations: row.translations,
    meetingDate: row.meetingDate,
    duration: row.duration,
    meetingTimezone: row.meetingTimezone,
    language: row.language,
    contact: row.contact,
    url: meetingPortalUrl(row.shortCode, config),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The voter's personal link into the portal, which trades it for a session (docs/decisions.md). */
export function personalPortalLink(
  publicUrl: string,
  shortCode: string,
  inviteToken: string,
): string {
  return `${publicUrl}/vote/${encodeURIComponent(shortCode)}?invite=${encodeURIComponent(inviteToken)}`;
}
