import type { PresenceEvent } from '@livevote/contracts';
import { formatNumber } from '../../ui/utils/format';

/** Voters connected to the portal now (the meeting stats' rtvPresence). */
export function PresencePanel({ presence }: { presence?: PresenceEvent }) {
  if (!presence) return null;
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
    </section>
  );
}
