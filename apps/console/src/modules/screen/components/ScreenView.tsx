import type { LiveMatter } from '@livevote/contracts';
import { currentMatter, liveMatters } from '../../../api/live/live-state';
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
import { ResultPanel } from '../../results/components/ResultPanel';
import { useChosenLanguage, useNumber } from '../../../i18n/use-language';
import { useTranslation } from 'react-i18next';

/**
 * The scrutineers' big screen: what is being voted, time left, the tally, the forecast and
 * the verdict. No controls. Where the meeting lets several matters be live at once, every
 * live matter is on the screen, so none is missed.
 */
export function ScreenView() {
  const { t } = useTranslation();
  const meeting = useLiveMeeting();
  const matters = useLiveMatters();
  const live = liveMatters(matters);
  const shown = live.length > 1 ? live : [currentMatter(matters)];
  const quorum = useQuorum();
  const presence = usePresence();
  const digits = quorum?.basis === 'shares' ? 6 : 0;
  const number = useNumber();
  // the browser's language (or this browser's choice in the console), else the meeting's
  useChosenLanguage({ meeting: meeting?.language });

  return (
    // double-click toggles full screen: no visible control on a scrutineers' screen
    <div className="screen" onDoubleClick={toggleFullScreen}>
      <header className="screen-top">
        <h1>{meeting?.name ?? 'LiveVote'}</h1>
        <ConnectionBanner />
      </header>
      {shown[0] ? (
        <div className={shown.length > 1 ? 'screen-several' : undefined}>
          {shown.map(
            (matter) =>
              matter && (
                <ScreenMatter
                  key={matter.matterKey}
                  matter={matter}
                  compact={shown.length > 1}
                />
              ),
          )}
        </div>
      ) : (
        <main className="screen-main screen-idle">
          <p>{t('screen.waiting')}</p>
        </main>
      )}
      <footer className="screen-bottom">
        {quorum && (
          <p data-met={quorum.met} aria-label={t('live.quorum')}>
            {t(quorum.met ? 'screen.quorumMet' : 'screen.quorumNotMet', {
              present: number(quorum.present, digits),
              proxies: number(quorum.proxies, digits),
              counted: number(quorum.present + quorum.proxies, digits),
              required: number(quorum.required, digits),
              basis: t(`live.basis.${quorum.basis}`),
            })}
          </p>
        )}
        {presence && (
          <p>
            {t('screen.connected', {
              voters: number(presence.numVoters),
              units: number(presence.numUnits),
            })}
          </p>
        )}
      </footer>
    </div>
  );
}

function ScreenMatter({
  matter,
  compact,
}: {
  matter: LiveMatter;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const tally = useTally(matter.matterKey);
  const offsetMs = useServerClockOffset();
  const titleId = `screen-matter-${matter.matterKey}`;
  return (
    <main
      className={compact ? 'screen-main screen-compact' : 'screen-main'}
      aria-labelledby={titleId}
      data-matter={matter.matterKey}
    >
      <div className="screen-matter">
        <h2 id={titleId}>{matter.name}</h2>
        {matter.header && <p className="screen-question">{matter.header}</p>}
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
      <ResultPanel matter={matter} audience="staff" large />
      <TallyView
        options={matter.options}
        tally={tally}
        secretBallot={matter.secretBallot}
        title={
          matter.liveStatus === 'closed'
            ? t('live.finalTally')
            : t('live.liveTally')
        }
        large
      />
    </main>
  );
}

function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
  else
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
}
