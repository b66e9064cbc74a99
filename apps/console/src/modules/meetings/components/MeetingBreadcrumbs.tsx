import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../../accounts/hooks/useAccounts';
import { useMeeting } from '../hooks/useMeetings';

export interface MeetingBreadcrumbsProps {
  shortCode: string;
  /** The page under the meeting (the control room); none on the meeting's own pages. */
  page?: string;
}

/** Accounts › the account › the meeting (› the page): every step back is a link. */
export function MeetingBreadcrumbs({
  shortCode,
  page,
}: MeetingBreadcrumbsProps) {
  const { t } = useTranslation();
  const { data: meeting } = useMeeting(shortCode);
  const accountKey = meeting?.accountKey ?? '';
  const { data: account } = useAccount(accountKey, Boolean(accountKey));
  const meetingName = meeting?.name ?? shortCode;
  return (
    <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
      <Link to="/accounts">{t('accounts.title')}</Link>
      {accountKey && (
        <>
          <span aria-hidden="true"> › </span>
          <Link to={`/accounts/${encodeURIComponent(accountKey)}`}>
            {account?.name ?? t('consoleHeader.account')}
          </Link>
        </>
      )}
      <span aria-hidden="true"> › </span>
      {page ? (
        <>
          <Link to={`/meetings/${shortCode}`}>{meetingName}</Link>
          <span aria-hidden="true"> › </span>
          <span aria-current="page">{page}</span>
        </>
      ) : (
        <span aria-current="page">{meetingName}</span>
      )}
    </nav>
  );
}
