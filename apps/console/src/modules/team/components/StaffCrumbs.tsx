import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClerkOfMeeting } from '../hooks/useClerkOfMeeting';

type StaffPage = 'checkIn' | 'floor';

const TITLES = {
  checkIn: 'room.checkInDesk',
  floor: 'room.floorBallots',
} as const;

const PATHS = { checkIn: 'check-in', floor: 'floor' } as const;

/**
 * The breadcrumbs of the check-in desk and the floor. A clerk's lead only where a clerk may go
 * (docs/team.md): the meeting's name is not a link, and there is no control room.
 */
export function StaffCrumbs({
  shortCode,
  meetingName,
  page,
}: {
  shortCode: string;
  meetingName: string;
  page: StaffPage;
}) {
  const { t } = useTranslation();
  const clerk = useClerkOfMeeting(shortCode) ?? true;
  return (
    <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
      <Link to="/accounts">{t('accounts.title')}</Link>
      <span aria-hidden="true"> › </span>
      {clerk ? (
        <span>{meetingName}</span>
      ) : (
        <>
          <Link to={`/meetings/${shortCode}`}>{meetingName}</Link>
          <span aria-hidden="true"> › </span>
          <Link to={`/meetings/${shortCode}/live`}>{t('room.title')}</Link>
        </>
      )}
      <span aria-hidden="true"> › </span>
      <span aria-current="page">{t(TITLES[page])}</span>
    </nav>
  );
}

/**
 * For a clerk, the way from the desk to the floor and back (a chair has both in the control
 * room); nothing for anyone else.
 */
export function ClerkOtherPage({
  shortCode,
  page,
}: {
  shortCode: string;
  page: StaffPage;
}) {
  const { t } = useTranslation();
  const clerk = useClerkOfMeeting(shortCode);
  if (!clerk) return null;
  const other: StaffPage = page === 'floor' ? 'checkIn' : 'floor';
  return (
    <Link
      className="button secondary"
      to={`/meetings/${shortCode}/${PATHS[other]}`}
    >
      {t(TITLES[other])}
    </Link>
  );
}
