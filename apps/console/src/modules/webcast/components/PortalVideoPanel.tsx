import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import { useZonedTime } from '../../../i18n/use-language';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { ErrorMessage } from '../../ui/components/ErrorMessage';

/** How often the panel reads the webcast again: its status follows the provider. */
const REFRESH_MS = 30_000;

/**
 * The voter's own link into the video room (docs/webcast.md), and the rehearsal's for
 * panelists. Nothing when the meeting has no webcast.
 */
export function PortalVideoPanel({ target }: { target: VoterTarget }) {
  const { t } = useTranslation();
  const webcast = useQuery({
    queryKey: queryKeys.portalWebcast(target.shortCode, target.voterKey),
    queryFn: () => portalApi.webcast(target.shortCode, target.voterToken),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'ended'
        ? REFRESH_MS
        : false,
  });
  const at = useZonedTime(webcast.data?.rehearsal?.timezone);
  if (webcast.error)
    return (
      <section aria-labelledby="video" className="portal-section">
        <h2 id="video">{t('portalVideo.title')}</h2>
        <ErrorMessage error={webcast.error} />
      </section>
    );
  const data = webcast.data;
  if (!data) return null;
  return (
    <section aria-labelledby="video" className="portal-section">
      <h2 id="video">{t('portalVideo.title')}</h2>
      <p>
        {t(`portalVideo.status.${data.status}`)}{' '}
        {data.role === 'panelist' && t('portalVideo.panelist')}
      </p>
      {data.status === 'ended' ? null : data.joinUrl ? (
        <>
          <p>
            <a
              className="button primary"
              href={data.joinUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t('portalVideo.join')}
            </a>
          </p>
          {data.personal && <p className="hint">{t('portalVideo.own')}</p>}
        </>
      ) : (
        <p className="hint">{t('portalVideo.pending')}</p>
      )}
      {data.rehearsal && (
        <p>
          {t('portalVideo.rehearsal', {
            at: at(data.rehearsal.at),
            minutes: data.rehearsal.duration,
          })}{' '}
          {data.rehearsal.joinUrl && (
            <a href={data.rehearsal.joinUrl} target="_blank" rel="noreferrer">
              {t('portalVideo.rehearsalLink')}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
