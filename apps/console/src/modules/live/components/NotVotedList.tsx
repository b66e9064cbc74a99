import type { LiveMatter } from '@livevote/contracts';
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
  /** Once the vote has closed, nobody can still vote: the list says who did not. */
  liveStatus: LiveMatter['liveStatus'];
}

/** The list's words while units may still vote, and once the vote has closed. */
const WORDS = {
  open: {
    title: 'room.notVoted',
    titleCount: 'room.notVotedCount',
    none: 'room.allVoted',
    units: 'room.notVotedUnits',
    search: 'room.notVotedSearch',
    noMatch: 'room.notVotedNoMatch',
    pages: 'room.notVotedPages',
  },
  closed: {
    title: 'room.didNotVote',
    titleCount: 'room.didNotVoteCount',
    none: 'room.everyoneVoted',
    units: 'room.didNotVoteUnits',
    search: 'room.didNotVoteSearch',
    noMatch: 'room.didNotVoteNoMatch',
    pages: 'room.didNotVotePages',
  },
} as const;

/**
 * Names of the eligible units that have not voted yet (never how anyone voted), a page at a
 * time and searchable: the gateway does both, so a 10,000-unit meeting is never paged into
 * the browser.
 */
export function NotVotedList({
  shortCode,
  matterKey,
  votesCast,
  liveStatus,
}: NotVotedListProps) {
  const { t } = useTranslation();
  const words = WORDS[liveStatus === 'closed' ? 'closed' : 'open'];
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
        {data ? t(words.titleCount, { n: data.total }) : t(words.title)}
      </h4>
      <input
        type="search"
        aria-label={t(words.search)}
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
        <p>{searchText.trim() ? t(words.noMatch) : t(words.none)}</p>
      )}
      {data && data.units.length > 0 && (
        <ul aria-label={t(words.units)}>
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
        <nav aria-label={t(words.pages)}>
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
