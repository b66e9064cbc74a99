import type { LiveMatter } from '@livevote/contracts';
import { currentMatter, liveMatters } from '../../../api/live/live-state';
import {
  useLiveMatters,
  useLiveMeeting,
  usePresence,
  useQuorum,
  useScreenQuestion,
  useServerClockOffset,
  useTally,
} from '../../../api/live/use-live';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { Countdown } from '../../live/components/Countdown';
import { MatterStatus } from '../../live/components/MatterStatus';
import { useQuorumLine } from '../../live/hooks/useQuorumLine';
import { VoteAnnouncer } from '../../live/components/VoteAnnouncer';
import { TallyView } from '../../live/components/TallyView';
import { ResultPanel } from '../../results/components/ResultPanel';
import {
  useChosenLanguage,
  useLanguage,
  useNumber,
} from '../../../i18n/use-language';
import { useTranslation } from 'react-i18next';
import {
  screenLanguages,
  screenMatterTexts,
  screenMeetingName,
} from '../utils/screen-texts';

/** The languages this screen shows the meeting's own texts in: its reader's, or all. */
function useScreenLanguages() {
  const meeting = useLiveMeeting();
  return screenLanguages(meeting, useLanguage());
}

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
  const quorum = useQuorum();
  const presence = usePresence();
  const question = useScreenQuestion();
  const offsetMs = useServerClockOffset();
  const number = useNumber();
  const quorumLine = useQuorumLine();
  // the browser's language (or this browser's choice in the console), else the meeting's
  useChosenLanguage({ meeting: meeting?.language });
  const languages = useScreenLanguages();
  // everything fits one screen without scrolling: many options, a question on screen, or
  // every text in two languages, compact the layout (smaller rows, the tally in two columns;
  // docs/elections.md)
  const last = currentMatter(matters);
  const shown = live.length ? live : last ? [last] : [];
  const most = Math.max(0, ...shown.map((matter) => matter.options.length));
  const dense = most > 4 || question !== null || languages.length > 1;
  const className = [
    'screen',
    dense && 'screen-dense',
    most > 4 && 'screen-many',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // double-click toggles full screen: no visible control on a scrutineers' screen
    <div
      className={className}
      data-options={most}
      onDoubleClick={toggleFullScreen}
    >
      <header className="screen-top">
        <h1>{meeting ? screenMeetingName(meeting, languages) : 'LiveVote'}</h1>
        <ConnectionBanner />
      </header>
      <VoteAnnouncer matters={matters} offsetMs={offsetMs} />
      {question && (
        <section
          className="screen-asked"
          aria-label={t('screen.askedQuestion')}
        >
          <p className="screen-asked-category">{question.category}</p>
          <p className="screen-asked-text">{question.text}</p>
        </section>
      )}
      {live.length > 0 ? (
        <div className={live.length > 1 ? 'screen-several' : undefined}>
          {live.map((matter) => (
            <ScreenMatter
              key={matter.matterKey}
              matter={matter}
              compact={live.length > 1}
            />
          ))}
        </div>
      ) : (
        <BetweenVotes matters={matters} />
      )}
      <footer className="screen-bottom">
        {quorum && (
          <p
            className="screen-quorum"
            data-met={quorum.met}
            aria-label={t('live.quorum')}
          >
            <strong className="screen-quorum-word">
              {t(quorum.met ? 'live.quorumWordMet' : 'live.quorumWordNotMet')}
            </strong>{' '}
            <span>{quorumLine(quorum)}</span>
          </p>
        )}
        {presence && (
          <p>
            {t('screen.connected', {
              count: presence.numVoters,
              voters: number(presence.numVoters),
              units: t('live.fromUnits', {
                count: presence.numUnits,
                n: number(presence.numUnits),
              }),
            })}
          </p>
        )}
      </footer>
    </div>
  );
}

/**
 * No vote open: says so plainly, what comes next, and the last result with its tally, so the
 * room still reads the verdict while the chair moves on.
 */
function BetweenVotes({ matters }: { matters: readonly LiveMatter[] }) {
  const { t } = useTranslation();
  const languages = useScreenLanguages();
  const last = currentMatter(matters);
  const next = matters.find((matter) => matter.liveStatus === 'pending');
  return (
    <main
      className="screen-main screen-between"
      aria-labelledby="screen-state"
      data-state="between"
    >
      <div className="screen-state-row">
        <h2 id="screen-state" className="screen-state">
          {t('screen.noneOpen')}
        </h2>
        <p className="screen-waiting">
          {t('screen.waiting')}
          {next && (
            <>
              {' '}
              {t('screen.next')}{' '}
              <strong>{screenMatterTexts(next, languages).name}</strong>
            </>
          )}
        </p>
      </div>
      {last && (
        <section
          className="screen-last"
          aria-labelledby="screen-last-title"
          data-matter={last.matterKey}
        >
          <div className="screen-last-head">
            <h3 id="screen-last-title">
              {t('screen.lastVote')}{' '}
              <span>{screenMatterTexts(last, languages).name}</span>
            </h3>
            <MatterStatus status={last.liveStatus} />
          </div>
          <div className="screen-last-body">
            <ResultPanel
              matter={{
                ...last,
                optionLabels: screenMatterTexts(last, languages).optionLabels,
              }}
              audience="staff"
              large
            />
            {/* a ranked count's rounds already give its first count: no second table */}
            {!last.result?.rounds.length && <FinalTally matter={last} />}
          </div>
        </section>
      )}
    </main>
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
  const texts = screenMatterTexts(matter, useScreenLanguages());
  const titleId = `screen-matter-${matter.matterKey}`;
  return (
    <main
      className={compact ? 'screen-main screen-compact' : 'screen-main'}
      aria-labelledby={titleId}
      data-matter={matter.matterKey}
    >
      <div className="screen-matter">
        <h2 id={titleId}>{texts.name}</h2>
        {texts.header && <p className="screen-question">{texts.header}</p>}
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
      <ResultPanel
        matter={{ ...matter, optionLabels: texts.optionLabels }}
        audience="staff"
        large
      />
      <TallyView
        options={matter.options}
        labels={texts.optionLabels}
        votingMethod={matter.votingMethod}
        tally={tally}
        secretBallot={matter.secretBallot}
        title={
          matter.liveStatus === 'closed'
            ? t('live.finalTally')
            : matter.votingMethod === 'ranked'
              ? // a ranked ballot counts for its first choice until the count at close
                t('election.firstPreferences')
              : t('live.liveTally')
        }
        large
      />
    </main>
  );
}

function FinalTally({ matter }: { matter: LiveMatter }) {
  const { t } = useTranslation();
  const tally = useTally(matter.matterKey);
  const texts = screenMatterTexts(matter, useScreenLanguages());
  return (
    <TallyView
      options={matter.options}
      labels={texts.optionLabels}
      votingMethod={matter.votingMethod}
      tally={tally}
      secretBallot={matter.secretBallot}
      title={t('live.finalTally')}
      large
    />
  );
}

function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
  else
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
}
