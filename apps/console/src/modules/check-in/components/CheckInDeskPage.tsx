import { useCallback } from 'react';
import { useParams } from 'react-router';
import { LiveChannelProvider } from '../../../api/live/LiveChannelProvider';
import { useSession } from '../../auth/hooks/useSession';
import { LiveMeetingZone } from '../../live/components/LiveMeetingZone';
import { CheckInDesk } from './CheckInDesk';

/** `/meetings/:shortCode/check-in`: the registrar's desk, live on the manager's JWT. */
export function CheckInDeskPage() {
  const { shortCode = '' } = useParams();
  const { session } = useSession();
  const token = useCallback(
    () => session?.token() ?? Promise.reject(new Error('signed out')),
    [session],
  );
  return (
    <LiveChannelProvider shortCode={shortCode} token={token}>
      {/* times of check-in on the meeting's clock, not UTC (docs/i18n.md) */}
      <LiveMeetingZone>
        <CheckInDesk shortCode={shortCode} />
      </LiveMeetingZone>
    </LiveChannelProvider>
  );
}
