import {
  WEBCAST_ROOM_META_KEY,
  type CastProvider,
  type Webcast,
} from '@livevote/contracts';
import type { MeetingRow } from '../meetings/meeting-access.service';
import type { WebcastMeetingInfo, WebcastRoomRef } from './webcast-provider';
import type { WebcastRow } from './webcast.repository';

export function mapWebcast(row: WebcastRow): Webcast {
  return {
    key: row.id,
    castProvider: row.castProvider as CastProvider,
    castId: row.castId,
    meta: row.meta,
    rehearsalAt: row.rehearsalAt?.toISOString() ?? null,
    rehearsalTimezone: row.rehearsalTimezone,
    rehearsalDuration: row.rehearsalDuration,
    recordingsAt: row.recordingsAt?.toISOString() ?? null,
    reportsAt: row.reportsAt?.toISOString() ?? null,
    status: row.status as Webcast['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The webcast's room as the provider adapter takes it. */
export function roomRefOf(row: WebcastRow): WebcastRoomRef {
  return {
    castProvider: row.castProvider as CastProvider,
    castId: row.castId,
    room: row.meta[WEBCAST_ROOM_META_KEY],
  };
}

export function webcastMeetingInfo(meeting: MeetingRow): WebcastMeetingInfo {
  return {
    id: meeting.id,
    shortCode: meeting.shortCode,
    name: meeting.name,
    meetingDate: meeting.meetingDate,
    duration: meeting.duration,
    meetingTimezone: meeting.meetingTimezone,
  };
}
