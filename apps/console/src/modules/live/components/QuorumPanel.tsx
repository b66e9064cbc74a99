import type { QuorumEvent } from '@livevote/contracts';
import { formatNumber } from '../../ui/utils/format';

/** Present and proxy units against the quorum, met or not, at a glance. */
export function QuorumPanel({ quorum }: { quorum?: QuorumEvent }) {
  if (!quorum) return null;
  const counted = quorum.present + quorum.proxies;
  return (
    <section
      className={`figure-card ${quorum.met ? 'good' : 'warn'}`}
      aria-label="Quorum"
      data-met={quorum.met}
    >
      <h3>Quorum</h3>
      <p className="figure">{quorum.met ? 'Met' : 'Not met'}</p>
      <p className="figure-detail">
        {formatNumber(quorum.present)} present + {formatNumber(quorum.proxies)}{' '}
        by proxy = {formatNumber(counted)} of {formatNumber(quorum.required)}{' '}
        needed
      </p>
    </section>
  );
}
