import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAccount } from '../../accounts/hooks/useAccounts';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { SearchBox } from '../../ui/components/SearchBox';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { formatInZone } from '@livevote/i18n';
import { useLanguage } from '../../../i18n/use-language';
import { useMeetings } from '../hooks/useMeetings';
import { CreateMeetingForm } from './CreateMeetingForm';

export function MeetingPicker() {
  const lng = useLanguage();
  const { accountKey = '' } = useParams();
  const account = useAccount(accountKey);
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const {
    data: meetings,
    error,
    isPending,
  } = useMeetings(accountKey, searchText);

  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/accounts">Accounts</Link> <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">{account.data?.name ?? 'Account'}</span>
      </nav>
      <section className="panel" aria-labelledby="meetings-title">
        <h2 id="meetings-title">
          Meetings{account.data ? ` of ${account.data.name}` : ''}
        </h2>
        <ErrorMessage error={account.error} />
        <SearchBox
          label="Search meetings"
          value={search}
          onChange={setSearch}
        />
        <ErrorMessage error={error} />
        {isPending && <Loading />}
        {meetings && meetings.length === 0 && (
          <p>
            {searchText
              ? `No meeting matches “${searchText}”.`
              : 'No meetings yet.'}
          </p>
        )}
        {meetings && meetings.length > 0 && (
          <ul className="pick-list" aria-label="Meetings">
            {meetings.map((meeting) => (
              <li key={meeting.key} className="pick-row">
                <Link to={`/meetings/${meeting.shortCode}`}>
                  <span className="pick-title">{meeting.name}</span>
                  <span className="pick-meta">
                    {formatInZone(
                      meeting.meetingDate,
                      meeting.meetingTimezone,
                      lng,
                    )}
                    {meeting.liveVotingStatus === 'live' && (
                      <span className="badge badge-live">Live</span>
                    )}
                  </span>
                </Link>
                <Link
                  className="button secondary"
                  to={`/meetings/${meeting.shortCode}/live`}
                  aria-label={`Control room of ${meeting.name}`}
                >
                  Control room
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CreateMeetingForm accountKey={accountKey} />
    </>
  );
}
