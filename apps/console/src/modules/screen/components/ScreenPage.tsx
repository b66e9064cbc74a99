import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LiveChannelProvider } from '../../../api/live/LiveChannelProvider';
import { ScreenView } from './ScreenView';
import { LiveMeetingZone } from '../../live/components/LiveMeetingZone';

/** `/screen/:shortCode?token=...` with a read-only screen token. */
export function ScreenPage() {
  const { t } = useTranslation();
  const { shortCode = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) {
    return (
      <div className="screen screen-idle">
        <p role="alert">{t('screenLink.noToken')}</p>
      </div>
    );
  }
  return (
    <LiveChannelProvider shortCode={shortCode} token={token}>
      <LiveMeetingZone>
        <ScreenView />
      </LiveMeetingZone>
    </LiveChannelProvider>
  );
}
