import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useInvitations, useRevokeInvitation } from '../hooks/useTeam';
import { RoleNames } from './RoleNames';

/** The pending invitations, each with a button that withdraws it (its link then fails). */
export function InvitationList({ accountKey }: { accountKey: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { data, error, isPending } = useInvitations(accountKey);
  const revoke = useRevokeInvitation(accountKey);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(lng, { dateStyle: 'medium' });

  return (
    <section className="panel" aria-labelledby="invitations-title">
      <h3 id="invitations-title">{t('team.invitations.title')}</h3>
      <ErrorMessage error={error ?? revoke.error} />
      {isPending && <Loading />}
      {data?.length === 0 && <p>{t('team.invitations.none')}</p>}
      {data && data.length > 0 && (
        <table className="data-table">
          <caption className="sr-only">{t('team.invitations.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.email')}</th>
              <th scope="col">{t('team.roles')}</th>
              <th scope="col">{t('team.invitations.expires')}</th>
              <th scope="col">
                <span className="sr-only">{t('team.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((invitation) => (
              <tr key={invitation.key}>
                <td>{invitation.email}</td>
                <td>
                  <RoleNames roles={invitation.roles} />
                </td>
                <td>{date(invitation.expiresAt)}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    disabled={revoke.isPending}
                    aria-label={t('team.invitations.revokeOf', {
                      email: invitation.email,
                    })}
                    onClick={() => revoke.mutate(invitation.key)}
                  >
                    {t('team.invitations.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
