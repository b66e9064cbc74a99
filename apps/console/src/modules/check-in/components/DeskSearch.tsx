import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { SearchBox } from '../../ui/components/SearchBox';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useState } from 'react';
import { useDeskSearch } from '../hooks/useCheckIns';
import { RSVP_TEXT } from '../utils/rsvp-text';

export interface DeskSearchProps {
  shortCode: string;
  busy: boolean;
  onCheckIn: (voterKey: string) => void;
  onCheckOut: (voterKey: string) => void;
}

/** Finds a voter by unit, name or e-mail, when the code is not at hand. */
export function DeskSearch({
  shortCode,
  busy,
  onCheckIn,
  onCheckOut,
}: DeskSearchProps) {
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim());
  const found = useDeskSearch(shortCode, searchText);
  const voters = (found.data?.members ?? []).flatMap((member) =>
    member.voters.map((voter) => ({ member, voter })),
  );

  return (
    <section aria-labelledby="desk-search" className="panel">
      <h3 id="desk-search">Find a voter</h3>
      <SearchBox label="Unit, name or e-mail" value={text} onChange={setText} />
      <ErrorMessage error={found.error} />
      {searchText && found.data && voters.length === 0 && (
        <p className="hint">No voter matches “{searchText}”.</p>
      )}
      {voters.length > 0 && (
        <ul className="pick-list" aria-label="Voters found">
          {voters.map(({ member, voter }) => (
            <li key={voter.voterKey} className="pick-row">
              <span>
                <span className="pick-title">
                  Unit {member.unit}: {voter.name}
                </span>
                <span className="pick-meta">
                  {voter.checkedInAt ? 'Checked in' : 'Not checked in'}
                  {voter.rsvp ? ` · RSVP ${RSVP_TEXT[voter.rsvp]}` : ''}
                </span>
              </span>
              {voter.checkedInAt ? (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  aria-label={`Check out ${voter.name}, unit ${member.unit}`}
                  onClick={() => onCheckOut(voter.voterKey)}
                >
                  Check out
                </button>
              ) : (
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  aria-label={`Check in ${voter.name}, unit ${member.unit}`}
                  onClick={() => onCheckIn(voter.voterKey)}
                >
                  Check in
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
