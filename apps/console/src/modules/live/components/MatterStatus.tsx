import type { LiveMatter } from '@livevote/contracts';

const NAMES: Record<LiveMatter['liveStatus'], string> = {
  pending: 'Not started',
  live: 'Voting open',
  closed: 'Closed',
};

export function MatterStatus({ status }: { status: LiveMatter['liveStatus'] }) {
  return (
    <span className={`badge badge-${status}`} data-status={status}>
      {NAMES[status]}
    </span>
  );
}
