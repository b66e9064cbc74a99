import type { QuorumEvent } from '@livevote/contracts';
import { formatNumber } from '../../ui/utils/format';

/** Present and represented members against the quorum, in units or shares, at a glance. */
export function QuorumPanel({ quorum }: { quorum?: QuorumEvent }) {
  if (!quorum) return null;
  const counted = quorum.present + quorum.proxies;
  const digits = quorum.basis === 'shares' ? 6 : 0;
  return (
    <section
      className={`figure-card ${quorum.met ? 'good' : 'warn'}`}
      aria-label="Quorum"
      data-met={quorum.met}
    >
      <h3>Quorum</h3>
      <p className="figure">{quorum.met ? 'Met' : 'Not met'}</p>
      <p className="figure-detail">
        {formatNumber(quorum.present, digits)} present +{' '}
        {formatNumber(quorum.proxies, digits)} by proxy ={' '}
        {formatNumber(counted, digits)} of{' '}
        {formatNumber(quorum.required, digits)} {quorum.basis} needed
      </p>
    </section>
  );
}
