import { Trans, useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useZonedTime } from '../../../i18n/use-language';
import { useMeeting } from '../hooks/useMeetings';
import { MeetingBreadcrumbs } from './MeetingBreadcrumbs';
import { MeetingZone } from '../../../i18n/meeting-zone';

/** The tabs, each with its catalog key. */
const TABS = [
  { to: '', label: 'meetingSetup.tabs.details', end: true },
  { to: 'members', label: 'meetingSetup.tabs.members', end: false },
  { to: 'matters', label: 'room.matters', end: false },
  { to: 'nominations', label: 'nominations.tab', end: false },
  { to: 'documents', label: 'documents.title', end: false },
  { to: 'proxies', label: 'meetingSetup.tabs.proxies', end: false },
  { to: 'audit', label: 'meetingSetup.tabs.audit', end: false },
  { to: 'paper-ballots', label: 'meetingSetup.tabs.paperBallots', end: false },
  { to: 'webcast', label: 'meetingSetup.tabs.webcast', end: false },
] as const;

/** The set-up screens of one meeting, under tabs. */
export function MeetingLayout() {
  const { t } = useTranslation();
  const { shortCode = '' } = useParams();
  const { data: meeting, error } = useMeeting(shortCode);
  const at = useZonedTime(meeting?.meetingTimezone);

  return (
    <>
      <MeetingBreadcrumbs shortCode={shortCode} />
      <header className="meeting-header">
        <div>
          <h2>{meeting?.name ?? t('portal.meeting')}</h2>
          {meeting && (
            <p className="muted">
              <Trans
                i18nKey="meetingSetup.dateAndCode"
                values={{
                  date: at(meeting.meetingDate),
                  code: meeting.shortCode,
                }}
                components={{ code: <code /> }}
              />
            </p>
          )}
        </div>
        <Link className="button primary" to={`/meetings/${shortCode}/live`}>
          {t('meetingSetup.openControlRoom')}
        </Link>
      </header>
      <ErrorMessage error={error} />
      <nav className="tabs" aria-label={t('meetingSetup.tabs.label')}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={
              tab.to
                ? `/meetings/${shortCode}/${tab.to}`
                : `/meetings/${shortCode}`
            }
            end={tab.end}
          >
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <MeetingZone timeZone={meeting?.meetingTimezone}>
        <Outlet />
      </MeetingZone>
    </>
  );
}
