import { useZonedTime } from '../../../i18n/use-language';
import type { DeskVoter } from '@livevote/contracts';

export interface CheckedInListProps {
  voters: DeskVoter[];
  busy: boolean;
  onCheckOut: (voterKey: string) => void;
}

/** Who is in the room now, by unit; updated live from every desk. */
export function CheckedInList({
  voters,
  busy,
  onCheckOut,
}: CheckedInListProps) {
  const at = useZonedTime();
  return (
    <section aria-labelledby="checked-in" className="panel">
      <h3 id="checked-in">Checked in now</h3>
      {voters.length === 0 ? (
        <p className="hint">Nobody is checked in yet.</p>
      ) : (
        <ul className="pick-list" aria-label="Checked in">
          {voters.map((voter) => (
            <li key={voter.voterKey} className="pick-row">
              <span>
                <span className="pick-title">
                  Unit {voter.unit}: {voter.name}
                </span>
                {voter.checkedInAt && (
                  <span className="pick-meta">
                    since {at(voter.checkedInAt)}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                aria-label={`Check out ${voter.name}, unit ${voter.unit}`}
                onClick={() => onCheckOut(voter.voterKey)}
              >
                Check out
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
