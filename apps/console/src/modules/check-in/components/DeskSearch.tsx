import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { SearchBox } from '../../ui/components/SearchBox';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim());
  const found = useDeskSearch(shortCode, searchText);
  const voters = (found.data?.members ?? []).flatMap((member) =>
    member.voters.map((voter) => ({ member, voter })),
  );

  return (
    <section aria-labelledby="desk-search" className="panel">
      <h3 id="desk-search">{t('checkIn.search.title')}</h3>
      <SearchBox
        label={t('checkIn.search.label')}
        value={text}
        onChange={setText}
      />
      <ErrorMessage error={found.error} />
      {searchText && found.data && voters.length === 0 && (
        <p className="hint">{t('checkIn.search.none', { text: searchText })}</p>
      )}
      {voters.length > 0 && (
        <ul className="pick-list" aria-label={t('checkIn.search.found')}>
          {voters.map(({ member, voter }) => (
            <li key={voter.voterKey} className="pick-row">
              <span>
                <span className="pick-title">
                  {t('checkIn.unitName', {
                    unit: member.unit,
                    name: voter.name,
                  })}
                </span>
                <span className="pick-meta">
                  {voter.checkedInAt
                    ? t('checkIn.search.in')
                    : t('checkIn.search.notIn')}
                  {voter.rsvp
                    ? ` · ${t('checkIn.search.rsvp', { answer: t(RSVP_TEXT[voter.rsvp]) })}`
                    : ''}
                </span>
              </span>
              {voter.checkedInAt ? (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  aria-label={t('checkIn.checkOutLabel', {
                    name: voter.name,
                    unit: member.unit,
                  })}
                  onClick={() => onCheckOut(voter.voterKey)}
                >
                  {t('checkIn.checkOut')}
                </button>
              ) : (
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  aria-label={t('checkIn.checkInLabel', {
                    name: voter.name,
                    unit: member.unit,
                  })}
                  onClick={() => onCheckIn(voter.voterKey)}
                >
                  {t('checkIn.checkIn')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
