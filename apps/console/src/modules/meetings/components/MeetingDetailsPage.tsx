import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { contentLanguages } from '../../../i18n/content-language';
import { useNumber } from '../../../i18n/use-language';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import {
  useMeeting,
  useMeetingSettings,
  useMeetingStats,
} from '../hooks/useMeetings';
import { MeetingDetailsForm } from './MeetingDetailsForm';
import { ReportLinks } from '../../results/components/ReportLinks';
import { ResultSettingsForm } from '../../results/components/ResultSettingsForm';
import { MeetingSettingsForm } from './MeetingSettingsForm';

export function MeetingDetailsPage() {
  const { t } = useTranslation();
  const number = useNumber();
  const { shortCode = '' } = useParams();
  const meeting = useMeeting(shortCode);
  const settings = useMeetingSettings(shortCode);
  const stats = useMeetingStats(shortCode);

  return (
    <div className="stack">
      {stats.data && (
        <section className="panel" aria-labelledby="stats-title">
          <h3 id="stats-title">{t('meetingSetup.glance.title')}</h3>
          <dl className="figures">
            <div>
              <dt>{t('meetingSetup.glance.units')}</dt>
              <dd>{number(stats.data.totalUnits)}</dd>
            </div>
            <div>
              <dt>{t('meetingSetup.glance.shares')}</dt>
              <dd>{number(stats.data.totalUnitsShares)}</dd>
            </div>
            <div>
              <dt>{t('meetingSetup.glance.voters')}</dt>
              <dd>{number(stats.data.totalVoters)}</dd>
            </div>
            <div>
              <dt>{t('meetingSetup.glance.proxies')}</dt>
              <dd>{number(stats.data.totalProxies)}</dd>
            </div>
            <div>
              <dt>{t('live.connectedNow')}</dt>
              <dd>
                {t('meetingSetup.glance.connected', {
                  voters: t('live.voters', {
                    count: stats.data.rtvPresence.numVoters,
                    n: number(stats.data.rtvPresence.numVoters),
                  }),
                  units: t('meetingSetup.glance.unit', {
                    count: stats.data.rtvPresence.numUnits,
                    n: number(stats.data.rtvPresence.numUnits),
                  }),
                })}
              </dd>
            </div>
            {stats.data.testVoterStats && (
              <div>
                <dt>{t('meetingSetup.glance.testVoters')}</dt>
                <dd>{stats.data.testVoterStats}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <ErrorMessage error={meeting.error ?? settings.error} />
      {meeting.isPending && <Loading />}
      {meeting.data && (
        <MeetingDetailsForm key={meeting.data.key} meeting={meeting.data} />
      )}
      {settings.data && meeting.data && (
        <MeetingSettingsForm
          key={`${shortCode}:${meeting.data.languages.join()}`}
          shortCode={shortCode}
          settings={settings.data}
          languages={contentLanguages(meeting.data)}
        />
      )}
      {settings.data && (
        <ResultSettingsForm
          key={`results:${shortCode}`}
          shortCode={shortCode}
          settings={settings.data}
        />
      )}
      <ReportLinks shortCode={shortCode} label={t('room.resultsReport')} />
    </div>
  );
}
