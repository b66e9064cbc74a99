import type { ReactNode } from 'react';
import { useLiveMeeting } from '../../../api/live/use-live';
import { MeetingZone } from '../../../i18n/meeting-zone';

/** The live meeting's time zone for everything below (control room, screen). */
export function LiveMeetingZone({ children }: { children: ReactNode }) {
  const meeting = useLiveMeeting();
  return (
    <MeetingZone timeZone={meeting?.meetingTimezone}>{children}</MeetingZone>
  );
}
