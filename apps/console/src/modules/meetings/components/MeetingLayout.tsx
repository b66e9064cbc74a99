import { Link, NavLink, Outlet, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useZonedTime } from '../../../i18n/use-language';
import { useMeeting } from '../hooks/useMeetings';
import { MeetingBreadcrumbs } from './MeetingBreadcrumbs';
import { MeetingZone } from '../../../i18n/meeting-zone';

const TABS = [
  { to: '', label: 'Details', end: true },
  { to: 'members', label: 'Members and voters', end: false },
  { to: 'matters', label: 'Matters', end: false },
  { to: 'documents', label: 'Documents', end: false },
  { to: 'proxies', label: 'Proxies', end: false },
  { to: 'audit', label: 'Audit log', end: false },
  { to: 'paper-ballots', label: 'Paper ballots', end: false },
  { to: 'webcast', label: 'Webcast', end: false },
];

/** The set-up screens of one meeting, under tabs. */
export function MeetingLayout() {
  const { shortCode = '' } = useParams();
  const { data: meeting, error } = useMeeting(shortCode);
  const at = useZonedTime(meeting?.meetingTimezone);

  return (
    <>
      <MeetingBreadcrumbs shortCode={shortCode} />
      <header className="meeting-header">
        <div>
          <h2>{meeting?.name ?? 'Meeting'}</h2>
          {meeting && (
            <p className="muted">
              {at(meeting.meetingDate)} · code <code>{meeting.shortCode}</code>
            </p>
          )}
        </div>
        <Link className="button primary" to={`/meetings/${shortCode}/live`}>
          Open the control room
        </Link>
      </header>
      <ErrorMessage error={error} />
      <nav className="tabs" aria-label="Meeting set-up">
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
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <MeetingZone timeZone={meeting?.meetingTimezone}>
        <Outlet />
      </MeetingZone>
    </>
  );
}
