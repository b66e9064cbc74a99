import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { formatNumber } from '../../ui/utils/format';
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
  const { shortCode = '' } = useParams();
  const meeting = useMeeting(shortCode);
  const settings = useMeetingSettings(shortCode);
  const stats = useMeetingStats(shortCode);

  return (
    <div className="stack">
      {stats.data && (
        <section className="panel" aria-labelledby="stats-title">
          <h3 id="stats-title">At a glance</h3>
          <dl className="figures">
            <div>
              <dt>Units</dt>
              <dd>{formatNumber(stats.data.totalUnits)}</dd>
            </div>
            <div>
              <dt>Shares</dt>
              <dd>{formatNumber(stats.data.totalUnitsShares)}</dd>
            </div>
            <div>
              <dt>Voters</dt>
              <dd>{formatNumber(stats.data.totalVoters)}</dd>
            </div>
            <div>
              <dt>Proxies</dt>
              <dd>{formatNumber(stats.data.totalProxies)}</dd>
            </div>
            <div>
              <dt>Connected now</dt>
              <dd>
                {stats.data.rtvPresence.numVoters} voters,{' '}
                {stats.data.rtvPresence.numUnits} units
              </dd>
            </div>
          </dl>
        </section>
      )}
      <ErrorMessage error={meeting.error ?? settings.error} />
      {meeting.isPending && <Loading />}
      {meeting.data && (
        <MeetingDetailsForm key={meeting.data.key} meeting={meeting.data} />
      )}
      {settings.data && (
        <MeetingSettingsForm
          key={shortCode}
          shortCode={shortCode}
          settings={settings.data}
        />
      )}
      {settings.data && (
        <ResultSettingsForm
          key={`results:${shortCode}`}
          shortCode={shortCode}
          settings={settings.data}
        />
      )}
      <ReportLinks shortCode={shortCode} label="Results report" />
    </div>
  );
}
