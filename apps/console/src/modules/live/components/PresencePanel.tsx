import type { PresenceEvent } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';

/** Voters connected to the portal now (the meeting stats' rtvPresence). */
export function PresencePanel({ presence }: { presence?: PresenceEvent }) {
  const { t } = useTranslation();
  const number = useNumber();
  if (!presence) return null;
  return (
    <section className="figure-card" aria-label={t('live.connectedNow')}>
      <h3>{t('live.connectedNow')}</h3>
      <p className="figure" data-voters={presence.numVoters}>
        {t('live.voters', {
          count: presence.numVoters,
          n: number(presence.numVoters),
        })}
      </p>
      <p className="figure-detail">
        {t('live.fromUnits', {
          count: presence.numUnits,
          n: number(presence.numUnits),
        })}
      </p>
    </section>
  );
}
