import type { QuorumEvent } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { useQuorumLine, useQuorumSplit } from '../hooks/useQuorumLine';

/**
 * Present and represented members against the quorum, in units or shares, at a glance, and
 * how many are present each way.
 */
export function QuorumPanel({ quorum }: { quorum?: QuorumEvent }) {
  const { t } = useTranslation();
  const quorumLine = useQuorumLine();
  const quorumSplit = useQuorumSplit();
  if (!quorum) return null;
  return (
    <section
      className={`figure-card ${quorum.met ? 'good' : 'warn'}`}
      aria-label={t('live.quorum')}
      data-met={quorum.met}
    >
      <h3>{t('live.quorum')}</h3>
      <p className="figure">{t(quorum.met ? 'live.met' : 'live.notMet')}</p>
      <p className="figure-detail">{quorumLine(quorum)}</p>
      <p className="figure-detail muted">{quorumSplit(quorum)}</p>
    </section>
  );
}
