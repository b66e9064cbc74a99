import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentMatter } from '../../../api/live/live-state';
import {
  useLiveMatters,
  useLiveMeeting,
  usePresence,
  useQuorum,
  useServerClockOffset,
} from '../../../api/live/use-live';
import { MeetingBreadcrumbs } from '../../meetings/components/MeetingBreadcrumbs';
import { HolderPanel } from '../../proxies/components/HolderPanel';
import { QuestionQueue } from '../../questions/components/QuestionQueue';
import { ReportLinks } from '../../results/components/ReportLinks';
import { ConnectionBanner } from './ConnectionBanner';
import { MatterDesk } from './MatterDesk';
import { MatterQueue } from './MatterQueue';
import { PresencePanel } from './PresencePanel';
import { QuorumPanel } from './QuorumPanel';
import { ScreenLink } from './ScreenLink';
import { VoteAnnouncer } from './VoteAnnouncer';

export function ControlRoom({ shortCode }: { shortCode: string }) {
  const { t } = useTranslation();
  const meeting = useLiveMeeting();
  const matters = useLiveMatters();
  const presence = usePresence();
  const quorum = useQuorum();
  const offsetMs = useServerClockOffset();
  const [selectedKey, setSelectedKey] = useState<string>();
  const selected =
    matters.find((matter) => matter.matterKey === selectedKey) ??
    currentMatter(matters) ??
    matters[0];

  return (
    <div className="control-room">
      <MeetingBreadcrumbs shortCode={shortCode} page={t('room.title')} />
      <header className="room-header">
        <h2>
          {t('room.title')}
          {meeting ? (
            <span className="muted">
              {t('room.titleName', { name: meeting.name })}
            </span>
          ) : null}
        </h2>
        <ConnectionBanner />
        <ScreenLink shortCode={shortCode} />
        <Link
          className="button secondary"
          to={`/meetings/${shortCode}/check-in`}
        >
          {t('room.checkInDesk')}
        </Link>
        <Link className="button secondary" to={`/meetings/${shortCode}/floor`}>
          {t('room.floorBallots')}
        </Link>
        <ReportLinks shortCode={shortCode} label={t('room.resultsReport')} />
      </header>
      <VoteAnnouncer matters={matters} offsetMs={offsetMs} />
      <div className="figures-row">
        <QuorumPanel quorum={quorum} />
        <PresencePanel shortCode={shortCode} presence={presence} />
      </div>
      <div className="room-grid">
        <MatterQueue
          matters={matters}
          selectedKey={selected?.matterKey}
          offsetMs={offsetMs}
          onSelect={setSelectedKey}
        />
        {selected && <MatterDesk shortCode={shortCode} matter={selected} />}
      </div>
      <QuestionQueue shortCode={shortCode} />
      <HolderPanel shortCode={shortCode} />
    </div>
  );
}
