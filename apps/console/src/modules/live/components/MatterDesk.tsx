import type { LiveMatter } from '@livevote/contracts';
import { useServerClockOffset, useTally } from '../../../api/live/use-live';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReportLinks } from '../../results/components/ReportLinks';
import { ResultPanel } from '../../results/components/ResultPanel';
import { SignOffControl } from '../../results/components/SignOffControl';
import { useZonedTime } from '../../../i18n/use-language';
import { contentLanguages } from '../../../i18n/content-language';
import { useMatters } from '../../matters/hooks/useMatters';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { Countdown } from './Countdown';
import { MissingTranslationWarning } from './MissingTranslationWarning';
import { MatterControls } from './MatterControls';
import { MatterStatus } from './MatterStatus';
import { NotVotedList } from './NotVotedList';
import { TallyView } from './TallyView';

export interface MatterDeskProps {
  shortCode: string;
  matter: LiveMatter;
}

/**
 * One matter in the control room: its state, controls, forecast or verdict (with sign-off),
 * live tally, who has not voted, and its report.
 */
export function MatterDesk({ shortCode, matter }: MatterDeskProps) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const tally = useTally(matter.matterKey);
  const offsetMs = useServerClockOffset();
  // the texts and languages the live state does not carry, for the translation warning
  const meeting = useMeeting(shortCode);
  const matters = useMatters(shortCode);
  const texts = matters.data?.find((each) => each.key === matter.matterKey);
  return (
    <section
      className="panel desk"
      aria-labelledby="desk-title"
      data-matter={matter.matterKey}
    >
      <div className="desk-head">
        <div>
          <h3 id="desk-title">{matter.name}</h3>
          {matter.header && <p className="muted">{matter.header}</p>}
        </div>
        <div className="desk-state">
          <MatterStatus status={matter.liveStatus} />
          {matter.liveStatus === 'live' && matter.liveEndsAt && (
            <Countdown endsAt={matter.liveEndsAt} offsetMs={offsetMs} />
          )}
          {matter.liveStatus === 'closed' && matter.liveClosedAt && (
            <span className="muted small">
              {t('room.closedAt', { at: at(matter.liveClosedAt) })}
            </span>
          )}
        </div>
      </div>
      {matter.liveStatus !== 'live' && texts && meeting.data && (
        <MissingTranslationWarning
          matter={texts}
          languages={contentLanguages(meeting.data)}
        />
      )}
      <MatterControls
        key={`${matter.matterKey}:${matter.liveStatus}`}
        shortCode={shortCode}
        matter={matter}
      />
      <ResultPanel matter={matter} audience="staff" chairOf={shortCode} />
      <SignOffControl
        key={`sign-off:${matter.matterKey}`}
        shortCode={shortCode}
        matter={matter}
      />
      <div className="desk-results">
        <TallyView
          options={matter.options}
          votingMethod={matter.votingMethod}
          tally={tally}
          secretBallot={matter.secretBallot}
          title={
            matter.votingMethod === 'ranked' && matter.liveStatus === 'live'
              ? t('election.firstPreferences')
              : t('live.liveTally')
          }
        />
        <NotVotedList
          shortCode={shortCode}
          matterKey={matter.matterKey}
          votesCast={tally?.votesCast ?? 0}
          liveStatus={matter.liveStatus}
        />
      </div>
      {matter.liveStatus !== 'pending' && (
        <ReportLinks
          shortCode={shortCode}
          matterKey={matter.matterKey}
          label={t('room.matterReport')}
        />
      )}
      {matter.liveStatus === 'closed' && (
        <p>
          <Link
            className="button secondary"
            to={`/meetings/${shortCode}/published/${matter.matterKey}`}
          >
            {t('room.publishedCount')}
          </Link>
        </p>
      )}
    </section>
  );
}
