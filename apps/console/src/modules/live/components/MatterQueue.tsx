import type { LiveMatter } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { Countdown } from './Countdown';
import { MatterStatus } from './MatterStatus';

export interface MatterQueueProps {
  matters: LiveMatter[];
  selectedKey?: string;
  offsetMs: number;
  onSelect: (matterKey: string) => void;
}

/** The matters in meeting order with their live state; pick one to run it. */
export function MatterQueue({
  matters,
  selectedKey,
  offsetMs,
  onSelect,
}: MatterQueueProps) {
  const { t } = useTranslation();
  if (matters.length === 0) return <p>{t('room.noMatters')}</p>;
  return (
    <ol className="queue" aria-label={t('room.matters')}>
      {matters.map((matter) => (
        <li key={matter.matterKey}>
          <button
            type="button"
            className="queue-item"
            aria-current={matter.matterKey === selectedKey ? 'true' : undefined}
            onClick={() => onSelect(matter.matterKey)}
          >
            <span className="queue-name">{matter.name}</span>
            <span className="queue-state">
              <MatterStatus status={matter.liveStatus} />
              {matter.liveStatus === 'live' && matter.liveEndsAt && (
                <Countdown
                  endsAt={matter.liveEndsAt}
                  offsetMs={offsetMs}
                  className="countdown small"
                />
              )}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
