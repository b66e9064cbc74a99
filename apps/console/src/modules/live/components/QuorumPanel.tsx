import type { QuorumEvent } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';

/** Present and represented members against the quorum, in units or shares, at a glance. */
export function QuorumPanel({ quorum }: { quorum?: QuorumEvent }) {
  const { t } = useTranslation();
  const number = useNumber();
  if (!quorum) return null;
  const counted = quorum.present + quorum.proxies;
  const digits = quorum.basis === 'shares' ? 6 : 0;
  return (
    <section
      className={`figure-card ${quorum.met ? 'good' : 'warn'}`}
      aria-label={t('live.quorum')}
      data-met={quorum.met}
    >
      <h3>{t('live.quorum')}</h3>
      <p className="figure">{t(quorum.met ? 'live.met' : 'live.notMet')}</p>
      <p className="figure-detail">
        {t('live.quorumNeeded', {
          present: number(quorum.present, digits),
          proxies: number(quorum.proxies, digits),
          counted: number(counted, digits),
          required: number(quorum.required, digits),
          basis: t(`live.basis.${quorum.basis}`),
        })}
      </p>
    </section>
  );
}
