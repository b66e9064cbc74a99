import {
  useConnectionProblem,
  useConnectionProblemCode,
  useConnectionStatus,
} from '../../../api/live/use-live';
import { useTranslation } from 'react-i18next';

/**
 * Whether live updates are flowing; loud only when they are not. It says "Connected", never
 * "Live": beside "No vote is open" a green "Live" read as if a vote were open.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  const problem = useConnectionProblem();
  const problemCode = useConnectionProblemCode();
  switch (status) {
    case 'online':
      return (
        <p className="connection connection-online" role="status">
          <span className="dot" aria-hidden="true" /> {t('live.online')}
        </p>
      );
    case 'connecting':
      return (
        <p className="connection connection-connecting" role="status">
          {t('live.connecting')}
        </p>
      );
    case 'offline':
      return (
        <p className="connection connection-offline" role="alert">
          {t('live.offline')}
        </p>
      );
    case 'refused':
      return (
        <p className="connection connection-refused" role="alert">
          {problemCode === 'unauthorized'
            ? t('live.refusedUnauthorized')
            : (problem ?? t('live.refused'))}
        </p>
      );
  }
}
