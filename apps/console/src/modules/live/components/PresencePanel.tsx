import type { PresenceEvent } from '@livevote/contracts';
import { useState } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';
import { useConnected } from '../hooks/useConnected';

export interface PresencePanelProps {
  shortCode: string;
  presence?: PresenceEvent;
}

/**
 * Voters connected to the portal now (the meeting stats' rtvPresence), and on request who
 * they are, by unit: never how anyone voted.
 */
export function PresencePanel({ shortCode, presence }: PresencePanelProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const [open, setOpen] = useState(false);
  const connected = useConnected(shortCode, presence?.numVoters ?? 0, open);
  if (!presence) return null;
  const voters = connected.data?.voters ?? [];
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
      <details
        className="connected-list"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary>{t('room.whoConnected')}</summary>
        <ErrorMessage error={connected.error} />
        {open && connected.data && voters.length === 0 && (
          <p className="muted">{t('room.nobodyConnected')}</p>
        )}
        {voters.length > 0 && (
          <ul aria-label={t('room.connectedVoters')}>
            {voters.map((voter) => (
              <li key={voter.voterKey}>
                <strong>{voter.unit}</strong> {voter.name}
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
