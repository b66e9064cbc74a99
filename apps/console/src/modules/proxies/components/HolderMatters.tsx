import type { HolderMatter, HolderSplit } from '@livevote/contracts';
import { MatterStatus } from '../../live/components/MatterStatus';
import { countOf } from '../../ui/utils/format';
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
  empty = 'No matter takes proxy votes.',
}: HolderMattersProps) {
  const shown = matters.filter((matter) => matter.allowProxyVote);
  if (!shown.length) return <p>{empty}</p>;
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
            {countOf(
              matter.directed.count,
              'directed proxy',
              'directed proxies',
            )}{' '}
            (counted as the members directed when voting opens) ·{' '}
            {countOf(matter.discretionary.count, 'proxy', 'proxies')} at your
            discretion
          </p>
          {matter.cast.length > 0 && (
            <p role="status" aria-label={`Your votes on ${matter.name}`}>
              Your votes:{' '}
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
