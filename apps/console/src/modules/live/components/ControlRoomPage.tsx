import { useCallback } from 'react';
import { useParams } from 'react-router';
import { LiveChannelProvider } from '../../../api/live/LiveChannelProvider';
import { useSession } from '../../auth/hooks/useSession';
import { ControlRoom } from './ControlRoom';
import { LiveMeetingZone } from './LiveMeetingZone';

/** `/meetings/:shortCode/live`: the chair's view, on the manager's (refreshed) JWT. */
export function ControlRoomPage() {
  const { shortCode = '' } = useParams();
  const { session } = useSession();
  const token = useCallback(
    () => session?.token() ?? Promise.reject(new Error('signed out')),
    [session],
  );
  return (
    <LiveChannelProvider shortCode={shortCode} token={token}>
      <LiveMeetingZone>
        <ControlRoom shortCode={shortCode} />
      </LiveMeetingZone>
    </LiveChannelProvider>
  );
}
