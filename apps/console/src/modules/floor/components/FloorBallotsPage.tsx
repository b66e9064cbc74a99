import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LiveChannelProvider } from '../../../api/live/LiveChannelProvider';
import { liveMatters } from '../../../api/live/live-state';
import {
  useLiveMatters,
  useLiveMeeting,
  useTally,
} from '../../../api/live/use-live';
import { useSession } from '../../auth/hooks/useSession';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { TallyView } from '../../live/components/TallyView';
import { useMeetingSettings } from '../../meetings/hooks/useMeetings';
import { ClerkOtherPage, StaffCrumbs } from '../../team/components/StaffCrumbs';
import { useClerkOfMeeting } from '../../team/hooks/useClerkOfMeeting';
import { FloorBallotForm } from './FloorBallotForm';
import { PendingSheets } from './PendingSheets';

/** `/meetings/:shortCode/floor`: clerks type the paper ballots of members in the room. */
export function FloorBallotsPage() {
  const { shortCode = '' } = useParams();
  const { session } = useSession();
  const token = useCallback(
    () => session?.token() ?? Promise.reject(new Error('signed out')),
    [session],
  );
  return (
    <LiveChannelProvider shortCode={shortCode} token={token}>
      <FloorDesk shortCode={shortCode} />
    </LiveChannelProvider>
  );
}

function FloorDesk({ shortCode }: { shortCode: string }) {
  const { t } = useTranslation();
  const meeting = useLiveMeeting();
  const open = liveMatters(useLiveMatters());
  const settings = useMeetingSettings(shortCode);
  const [pickedKey, setPickedKey] = useState<string>();
  const matter = open.find((m) => m.matterKey === pickedKey) ?? open[0];
  const tally = useTally(matter?.matterKey);
  // a clerk's channel carries no tallies (docs/team.md): no count that would stay at 0
  const clerk = useClerkOfMeeting(shortCode) ?? true;
  const doubleEntry = settings.data?.floorDoubleEntry ?? false;

  return (
    <div className="control-room">
      <StaffCrumbs
        shortCode={shortCode}
        meetingName={meeting?.name ?? shortCode}
        page="floor"
      />
      <header className="room-header">
        <h2>{t('room.floorBallots')}</h2>
        <ConnectionBanner />
        {doubleEntry && (
          <span className="badge badge-live">{t('floor.doubleEntry')}</span>
        )}
        <ClerkOtherPage shortCode={shortCode} page="floor" />
      </header>
      {!matter ? (
        <p className="waiting">{t('floor.noneOpen')}</p>
      ) : (
        <div className="room-grid">
          <section className="panel" aria-label={t('floor.enterSheet')}>
            {open.length > 1 ? (
              <label className="field">
                <span>{t('common.matter')}</span>
                <select
                  value={matter.matterKey}
                  onChange={(event) => setPickedKey(event.target.value)}
                >
                  {open.map((m) => (
                    <option key={m.matterKey} value={m.matterKey}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <h3>{matter.name}</h3>
            )}
            <FloorBallotForm
              key={matter.matterKey}
              shortCode={shortCode}
              matter={matter}
              doubleEntry={doubleEntry}
            />
          </section>
          <div className="stack">
            {!clerk && (
              <TallyView
                options={matter.options}
                tally={tally}
                secretBallot={matter.secretBallot}
                title={t('live.liveTally')}
              />
            )}
            {doubleEntry && (
              <PendingSheets
                shortCode={shortCode}
                matterKey={matter.matterKey}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
