import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
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
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  // one request when the typing stops, not one a keystroke (as the desk's and members' searches)
  const settledText = useDebouncedValue(searchText.trim());
  const { data, error } = useNotVoted(
    shortCode,
    matterKey,
    votesCast,
    settledText,
    page,
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / NOT_VOTED_PAGE)) : 1;
  // votes arriving can shrink the list below the page shown
  const shownPage = Math.min(page, pages);
  if (shownPage !== page) setPage(shownPage);
  return (
    <section className="not-voted" aria-labelledby="not-voted-title">
      <h4 id="not-voted-title">
        {data ? t('room.notVotedCount', { n: data.total }) : t('room.notVoted')}
      </h4>
      <input
        type="search"
        aria-label={t('room.notVotedSearch')}
        placeholder={t('room.notVotedSearchHint')}
        value={searchText}
        maxLength={200}
        onChange={(event) => {
          setSearchText(event.target.value);
          setPage(1);
        }}
      />
      <ErrorMessage error={error} />
      {!data && !error && <Loading />}
      {data && data.total === 0 && (
        <p>
          {searchText.trim() ? t('room.notVotedNoMatch') : t('room.allVoted')}
        </p>
      )}
      {data && data.units.length > 0 && (
        <ul aria-label={t('room.notVotedUnits')}>
          {data.units.map((unit) => (
            <li key={unit.memberKey}>
              <strong>{unit.unit}</strong>{' '}
              {unit.names.length
                ? unit.names.join(', ')
                : t('room.noVoterOnFile')}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('room.notVotedPages')}>
          <button
            type="button"
            disabled={shownPage <= 1}
            onClick={() => setPage(shownPage - 1)}
          >
            {t('room.previousPage')}
          </button>{' '}
          <span>{t('room.pageOf', { page: shownPage, pages })}</span>{' '}
          <button
            type="button"
            disabled={shownPage >= pages}
            onClick={() => setPage(shownPage + 1)}
          >
            {t('room.nextPage')}
          </button>
        </nav>
      )}
    </section>
  );
}
