<<<<<<< HEAD
import { useState } from 'react';
=======
import { useTranslation } from 'react-i18next';
>>>>>>> finish16
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { NOT_VOTED_PAGE, useNotVoted } from '../hooks/useNotVoted';

export interface NotVotedListProps {
  shortCode: string;
  matterKey: string;
  votesCast: number;
}

/**
 * Names of the eligible units that have not voted yet (never how anyone voted), a page at a
 * time and searchable: the gateway does both, so a 10,000-unit meeting is never paged into
 * the browser.
 */
export function NotVotedList({
  shortCode,
  matterKey,
  votesCast,
}: NotVotedListProps) {
<<<<<<< HEAD
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const { data, error } = useNotVoted(
    shortCode,
    matterKey,
    votesCast,
    searchText.trim(),
    page,
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / NOT_VOTED_PAGE)) : 1;
  // votes arriving can shrink the list below the page shown
  const shownPage = Math.min(page, pages);
  if (shownPage !== page) setPage(shownPage);
  return (
    <section className="not-voted" aria-labelledby="not-voted-title">
      <h4 id="not-voted-title">
        Not voted yet{data ? ` (${data.total})` : ''}
=======
  const { t } = useTranslation();
  const { units, error } = useNotVoted(shortCode, matterKey, votesCast);
  return (
    <section className="not-voted" aria-labelledby="not-voted-title">
      <h4 id="not-voted-title">
        {units
          ? t('room.notVotedCount', { n: units.length })
          : t('room.notVoted')}
>>>>>>> finish16
      </h4>
      <input
        type="search"
        aria-label="Search units that have not voted"
        placeholder="Unit, name or e-mail"
        value={searchText}
        maxLength={200}
        onChange={(event) => {
          setSearchText(event.target.value);
          setPage(1);
        }}
      />
      <ErrorMessage error={error} />
<<<<<<< HEAD
      {!data && !error && <Loading />}
      {data && data.total === 0 && (
        <p>
          {searchText.trim()
            ? 'No unit that has not voted matches.'
            : 'Every eligible unit has voted.'}
        </p>
      )}
      {data && data.units.length > 0 && (
        <ul aria-label="Units that have not voted">
          {data.units.map((unit) => (
            <li key={unit.memberKey}>
=======
      {!units && !error && <Loading />}
      {units && units.length === 0 && <p>{t('room.allVoted')}</p>}
      {units && units.length > 0 && (
        <ul aria-label={t('room.notVotedUnits')}>
          {units.slice(0, SHOWN).map((unit) => (
            <li key={unit.unit}>
>>>>>>> finish16
              <strong>{unit.unit}</strong>{' '}
              {unit.names.length
                ? unit.names.join(', ')
                : t('room.noVoterOnFile')}
            </li>
          ))}
<<<<<<< HEAD
=======
          {units.length > SHOWN && (
            <li>{t('room.andMore', { n: units.length - SHOWN })}</li>
          )}
>>>>>>> finish16
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages of units that have not voted">
          <button
            type="button"
            disabled={shownPage <= 1}
            onClick={() => setPage(shownPage - 1)}
          >
            Previous
          </button>{' '}
          <span>
            Page {shownPage} of {pages}
          </span>{' '}
          <button
            type="button"
            disabled={shownPage >= pages}
            onClick={() => setPage(shownPage + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
