import { currentMatter } from '../../../api/live/live-state';
import {
  useLiveMatters,
  useLiveMeeting,
  usePresence,
  useQuorum,
  useServerClockOffset,
  useTally,
} from '../../../api/live/use-live';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { Countdown } from '../../live/components/Countdown';
import { MatterStatus } from '../../live/components/MatterStatus';
import { TallyView } from '../../live/components/TallyView';
import { formatNumber } from '../../ui/utils/format';

/** The scrutineers' big screen: what is being voted, time left, the tally. No controls. */
export function ScreenView() {
  const meeting = useLiveMeeting();
  const matters = useLiveMatters();
  const matter = currentMatter(matters);
  const tally = useTally(matter?.matterKey);
  const offsetMs = useServerClockOffset();
  const quorum = useQuorum();
  const presence = usePresence();

  return (
    // double-click toggles full screen: no visible control on a scrutineers' screen
    <div className="screen" onDoubleClick={toggleFullScreen}>
      <header className="screen-top">
        <h1>{meeting?.name ?? 'LiveVote'}</h1>
        <ConnectionBanner />
      </header>
      {matter ? (
        <main className="screen-main" aria-labelledby="screen-matter">
          <div className="screen-matter">
            <h2 id="screen-matter">{matter.name}</h2>
            {matter.header && (
              <p className="screen-question">{matter.header}</p>
            )}
          </div>
          <div className="screen-clock">
            <MatterStatus status={matter.liveStatus} />
            {matter.liveStatus === 'live' && matter.liveEndsAt && (
              <Countdown
                endsAt={matter.liveEndsAt}
                offsetMs={offsetMs}
                className="countdown huge"
              />
            )}
          </div>
          <TallyView
            options={matter.options}
            tally={tally}
            secretBallot={matter.secretBallot}
            title={
              matter.liveStatus === 'closed' ? 'Final tally' : 'Live tally'
            }
            large
          />
        </main>
      ) : (
        <main className="screen-main screen-idle">
          <p>Waiting for the chair to open a vote.</p>
        </main>
      )}
      <footer className="screen-bottom">
        {quorum && (
          <p data-met={quorum.met} aria-label="Quorum">
            Quorum {quorum.met ? 'met' : 'not met'}:{' '}
            {formatNumber(quorum.present)} present +{' '}
            {formatNumber(quorum.proxies)} by proxy ={' '}
            {formatNumber(quorum.present + quorum.proxies)} of{' '}
            {formatNumber(quorum.required)}
          </p>
        )}
        {presence && (
          <p>
            {formatNumber(presence.numVoters)} voters connected from{' '}
            {formatNumber(presence.numUnits)} units
          </p>
        )}
      </footer>
    </div>
  );
}

function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
  else
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
}
