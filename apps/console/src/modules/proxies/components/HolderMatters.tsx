import type { HolderMatter, HolderSplit } from '@livevote/contracts';
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
}

/** Per matter that takes proxy votes: what the holder holds, and its votes while it is live. */
export function HolderMatters({
  matters,
  casting,
  error,
  onCast,
  empty,
}: HolderMattersProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const shown = matters.filter((matter) => matter.allowProxyVote);
  if (!shown.length) return <p>{empty ?? t('holder.noMatter')}</p>;
  return (
    <div className="stack">
      {shown.map((matter) => (
        <article
          key={matter.matterKey}
          className="matter-card"
          aria-label={matter.name}
        >
          <div className="matter-card-head">
            <h3>{matter.name}</h3>
            <MatterStatus status={matter.liveStatus} />
          </div>
          <p>
            {t('holder.directed', {
              count: matter.directed.count,
              n: number(matter.directed.count),
            })}{' '}
            ·{' '}
            {t('holder.discretionary', {
              count: matter.discretionary.count,
              n: number(matter.discretionary.count),
            })}
          </p>
          {matter.cast.length > 0 && (
            <p
              role="status"
              aria-label={t('holder.votesOn', { name: matter.name })}
            >
              {t('holder.yourVotes')}{' '}
              {matter.cast
                .map((part) => `${part.count} ${part.choices.join(' + ')}`)
                .join(', ')}
            </p>
          )}
          {matter.liveStatus === 'live' && matter.discretionary.count > 0 && (
            <HolderSplitForm
              key={JSON.stringify(matter.cast)}
              matter={matter}
              pending={casting === matter.matterKey}
              error={casting === matter.matterKey ? error : null}
              onCast={(split) => onCast(matter.matterKey, split)}
            />
          )}
        </article>
      ))}
    </div>
  );
}
