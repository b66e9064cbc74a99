import { useServerClockOffset } from '../../../api/live/use-live';
import { Countdown } from '../../live/components/Countdown';
import { CandidateStatements } from '../../nominations/components/CandidateStatements';
import { ResultPanel } from '../../results/components/ResultPanel';
import type { BallotTarget } from '../hooks/useBallot';
import { BallotPanel, type BallotMode, type PortalMatter } from './BallotPanel';
import { useTranslation } from 'react-i18next';

export interface MatterCardProps {
  matter: PortalMatter;
  mode: BallotMode;
  target: Omit<BallotTarget, 'matterKey'>;
}

export function MatterCard({ matter, mode, target }: MatterCardProps) {
  const { t } = useTranslation();
  const offsetMs = useServerClockOffset();
  const titleId = `matter-${matter.matterKey}`;
  return (
    <article
      className={`matter-card matter-${mode}`}
      aria-labelledby={titleId}
      data-matter={matter.matterKey}
    >
      <div className="matter-card-head">
        <h3 id={titleId}>{matter.name}</h3>
        {mode === 'live' && matter.liveEndsAt && (
          <Countdown
            endsAt={matter.liveEndsAt}
            offsetMs={offsetMs}
            label={t('portal.timeLeft')}
          />
        )}
      </div>
      {matter.snippet && <p className="snippet">{matter.snippet}</p>}
      <CandidateStatements candidates={matter.candidates} />
      {mode !== 'early' && <ResultPanel matter={matter} audience="voter" />}
      <BallotPanel
        key={mode}
        target={{ ...target, matterKey: matter.matterKey }}
        matter={matter}
        mode={mode}
      />
    </article>
  );
}
