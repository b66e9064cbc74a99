import type { PresenceEvent } from '@livevote/contracts';
import { useState } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { formatNumber } from '../../ui/utils/format';
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
  const [open, setOpen] = useState(false);
  const connected = useConnected(shortCode, presence?.numVoters ?? 0, open);
  if (!presence) return null;
  const voters = connected.data?.voters ?? [];
  return (
    <section className="figure-card" aria-label="Connected now">
      <h3>Connected now</h3>
      <p className="figure" data-voters={presence.numVoters}>
        {formatNumber(presence.numVoters)}{' '}
        {presence.numVoters === 1 ? 'voter' : 'voters'}
      </p>
      <p className="figure-detail">
        from {formatNumber(presence.numUnits)}{' '}
        {presence.numUnits === 1 ? 'unit' : 'units'}
      </p>
      <details
        className="connected-list"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary>Who is connected</summary>
        <ErrorMessage error={connected.error} />
        {open && connected.data && voters.length === 0 && (
          <p className="muted">Nobody is connected.</p>
        )}
        {voters.length > 0 && (
          <ul aria-label="Connected voters">
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
