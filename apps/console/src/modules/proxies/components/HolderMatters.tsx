import type { HolderMatter, HolderSplit } from '@livevote/contracts';
import { Countdown } from '../../live/components/Countdown';
import { MatterStatus } from '../../live/components/MatterStatus';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';
import { HolderSplitForm } from './HolderSplitForm';

export interface HolderMattersProps {
  matters: readonly HolderMatter[];
  /** The matter being cast, its error, and the cast itself. */
  casting?: string;
  error: unknown;
  onCast: (matterKey: string, split: HolderSplit[]) => void;
  /** Shown when no matter takes proxy votes here. */
  empty?: string;
  /** Server clock minus this browser's, for the countdowns (HolderView's serverTime). */
  offsetMs?: number;
}

/** Per matter that takes proxy votes: what the holder holds, and its votes while it is live. */
export function HolderMatters({
  matters,
  casting,
  error,
  onCast,
  empty,
  offsetMs = 0,
}: HolderMattersProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const shown = matters.filter((matter) => matter.allowProxyVote);
  if (!shown.length) return <p>{empty ?? t('holder.noMatter')}</p>;
  return (
    <div className="stack">
      {shown.map((matter) => {
        const open = matter.liveStatus === 'live';
        // on an open matter the split form says what is held at the holder's discretion
        const splitting = open && matter.discretionary.count > 0;
        const directed = matter.directed.count;
        const discretionary = matter.discretionary.count;
        const held: string[] = [];
        if (directed > 0)
          held.push(
            t(
              // before voting opens they are still to be counted
              matter.liveStatus === 'pending'
                ? 'holder.directed'
                : 'holder.directedCounted',
              { count: directed, n: number(directed) },
            ),
          );
        if (!splitting && (discretionary > 0 || directed === 0))
          held.push(
            t('holder.discretionary', {
              count: discretionary,
              n: number(discretionary),
            }),
          );
        return (
          <article
            key={matter.matterKey}
            className="matter-card"
            aria-label={matter.name}
          >
            <div className="matter-card-head">
              <h3>{matter.name}</h3>
              <MatterStatus status={matter.liveStatus} />
              {open && matter.liveEndsAt && (
                <Countdown endsAt={matter.liveEndsAt} offsetMs={offsetMs} />
              )}
            </div>
            {held.length > 0 && <p>{held.join(' · ')}</p>}
            {matter.cast.length > 0 && (
              <p
                role="status"
                aria-label={t('holder.votesOn', { name: matter.name })}
              >
                {t('holder.yourVotes')}{' '}
                {matter.cast
                  .map(
                    (part) =>
                      `${part.count} ${(part.choices ?? part.ranking ?? []).join(' + ')}`,
                  )
                  .join(', ')}
              </p>
            )}
            {splitting && (
              <HolderSplitForm
                key={JSON.stringify(matter.cast)}
                matter={matter}
                pending={casting === matter.matterKey}
                error={casting === matter.matterKey ? error : null}
                onCast={(split) => onCast(matter.matterKey, split)}
              />
            )}
          </article>
        );
      })}
    </div>
  );
}
