import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccount } from '../../accounts/hooks/useAccounts';
import { useSession } from '../../auth/hooks/useSession';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { isOwner } from '../utils/roles';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';
import { TeamMembers } from './TeamMembers';

/** `/accounts/:accountKey/team`: the owners' page for the meeting team (docs/team.md). */
export function TeamPage() {
  const { t } = useTranslation();
  const { accountKey = '' } = useParams();
  const { session } = useSession();
  const account = useAccount(accountKey);

  return (
    <>
      <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
        <Link to="/accounts">{t('accounts.title')}</Link>{' '}
        <span aria-hidden="true">›</span>{' '}
        <Link to={`/accounts/${accountKey}`}>
          {account.data?.name ?? t('consoleHeader.account')}
        </Link>{' '}
        <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">{t('team.title')}</span>
      </nav>
      <h2>
        {account.data
          ? t('team.titleOf', { account: account.data.name })
          : t('team.title')}
      </h2>
      <ErrorMessage error={account.error} />
      {account.isPending && <Loading />}
      {account.data && !isOwner(account.data.myRoles) && (
        <p className="panel">{t('team.ownersOnly')}</p>
      )}
      {account.data && isOwner(account.data.myRoles) && (
        <>
          <InviteForm accountKey={accountKey} />
          <InvitationList accountKey={accountKey} />
          <TeamMembers
            accountKey={accountKey}
            selfEmail={session?.username ?? ''}
          />
        </>
      )}
    </>
  );
}
