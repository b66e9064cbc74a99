import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { isClerk, isOwner } from '../../team/utils/roles';

export function MeetingPicker() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { accountKey = '' } = useParams();
  const account = useAccount(accountKey);
  const clerk = isClerk(account.data?.myRoles);
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const {
    data: meetings,
    error,
    isPending,
  } = useMeetings(accountKey, searchText);

  return (
    <>
      <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
        <Link to="/accounts">{t('accounts.title')}</Link>{' '}
        <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">
          {account.data?.name ?? t('consoleHeader.account')}
        </span>
      </nav>
      <section className="panel" aria-labelledby="meetings-title">
        <h2 id="meetings-title">
          {account.data
            ? t('meetingSetup.meetingsOf', { account: account.data.name })
            : t('meetingSetup.meetings')}
        </h2>
        <ErrorMessage error={account.error} />
        <SearchBox
          label={t('meetingSetup.search')}
          value={search}
          onChange={setSearch}
        />
        <ErrorMessage error={error} />
        {isPending && <Loading />}
        {meetings && meetings.length === 0 && (
          <p>
            {searchText
              ? t('meetingSetup.noMatch', { text: searchText })
              : t('meetingSetup.none')}
          </p>
        )}
        {meetings && meetings.length > 0 && (
          <ul className="pick-list" aria-label={t('meetingSetup.meetings')}>
            {meetings.map((meeting) => (
              <li key={meeting.key} className="pick-row">
                <Link
                  to={
                    clerk
                      ? `/meetings/${meeting.shortCode}/check-in`
                      : `/meetings/${meeting.shortCode}`
                  }
                >
                  <span className="pick-title">{meeting.name}</span>
                  <span className="pick-meta">
                    {formatInZone(
                      meeting.meetingDate,
                      meeting.meetingTimezone,
                      lng,
                    )}
                    {meeting.liveVotingStatus === 'live' && (
                      <span className="badge badge-live">
                        {t('meetingSetup.live')}
                      </span>
                    )}
                  </span>
                </Link>
                {clerk ? (
                  <Link
                    className="button secondary"
                    to={`/meetings/${meeting.shortCode}/floor`}
                    aria-label={t('team.floorOf', { name: meeting.name })}
                  >
                    {t('room.floorBallots')}
                  </Link>
                ) : (
                  <Link
                    className="button secondary"
                    to={`/meetings/${meeting.shortCode}/live`}
                    aria-label={t('meetingSetup.controlRoomOf', {
                      name: meeting.name,
                    })}
                  >
                    {t('room.title')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
        {isOwner(account.data?.myRoles) && (
          <p className="team-link">
            <Link to={`/accounts/${accountKey}/team`}>{t('team.manage')}</Link>
          </p>
        )}
      </section>
      {!clerk && <CreateMeetingForm accountKey={accountKey} />}
    </>
  );
}
