import type { PendingFloorBallot } from '@livevote/contracts';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import {
  useDiscardFloorEntry,
  usePendingFloorBallots,
} from '../hooks/useFloorBallots';

const STATE_WORDS: Record<PendingFloorBallot['state'], string> = {
  pending: 'Waiting for the other entry',
  mismatch: 'The entries differ',
  lapsed: 'Lapsed: entered before the vote closed; never counted',
};

/** Double entry: sheets not counted yet, with a way to resolve a mismatch. */
export function PendingSheets({
  shortCode,
  matterKey,
}: {
  shortCode: string;
  matterKey: string;
}) {
  const pending = usePendingFloorBallots(shortCode, matterKey, true);
  const discard = useDiscardFloorEntry(shortCode, matterKey);
  const sheets = pending.data ?? [];
  return (
    <section className="panel" aria-label="Sheets not counted yet">
      <h3>Not counted yet</h3>
      <ErrorMessage error={pending.error ?? discard.error} />
      {sheets.length === 0 ? (
        <p className="muted">Every sheet entered twice agrees.</p>
      ) : (
        <ul className="question-list">
          {sheets.map((sheet) => (
            <li
              key={`${sheet.memberKey}-${sheet.state}`}
              className="question-item"
              aria-label={`Unit ${sheet.unit}: ${STATE_WORDS[sheet.state]}`}
            >
              <p>
                <strong>Unit {sheet.unit}</strong>{' '}
                <span className="muted">{STATE_WORDS[sheet.state]}</span>
              </p>
              <ul>
                {sheet.entries.map((entry) => (
                  <li key={entry.key}>
                    Entry {entry.entry} by {entry.recordedBy.name}:{' '}
                    {entry.choices.join(', ')}{' '}
                    <button
                      type="button"
                      className="link"
                      disabled={discard.isPending}
                      onClick={() => discard.mutate(entry.key)}
                    >
                      Discard entry {entry.entry} of unit {sheet.unit}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="hint">
        To resolve a difference, look at the sheet and enter it again as entry 1
        or 2 (by a clerk other than the one who typed the other entry), or
        discard an entry.
      </p>
    </section>
  );
}
