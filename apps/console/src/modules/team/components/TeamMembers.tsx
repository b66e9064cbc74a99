import type { AccountRole, AccountUser } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useRemoveFromTeam, useSetRoles, useTeam } from '../hooks/useTeam';
import { RoleBoxes } from './RoleBoxes';

/** One member of the team: their roles to change, and removal behind a confirmation. */
function TeamMember({
  accountKey,
  user,
  isSelf,
}: {
  accountKey: string;
  user: AccountUser;
  isSelf: boolean;
}) {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<AccountRole[]>(user.roles);
  const [removing, setRemoving] = useState(false);
  const setRolesOf = useSetRoles(accountKey);
  const remove = useRemoveFromTeam(accountKey);
  const who = user.name || user.email;
  const changed = [...roles].sort().join() !== [...user.roles].sort().join();

  return (
    <li className="panel team-member">
      <h4>
        {who}
        {isSelf && <span className="muted"> {t('team.members.you')}</span>}
      </h4>
      {user.name && <p className="muted">{user.email}</p>}
      <ErrorMessage error={setRolesOf.error ?? remove.error} />
      <RoleBoxes
        legend={t('team.members.rolesOf', { name: who })}
        roles={roles}
        onChange={setRoles}
        disabled={setRolesOf.isPending}
      />
      <div className="button-row">
        <button
          type="button"
          className="primary"
          disabled={!changed || setRolesOf.isPending}
          onClick={() => setRolesOf.mutate({ email: user.email, roles })}
        >
          {t('team.members.saveRoles')}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => setRemoving(true)}
        >
          {t('team.members.remove')}
        </button>
      </div>
      {removing && (
        <Confirm
          label={t('team.members.removeTitle', { name: who })}
          cancelLabel={t('team.members.keep')}
          confirmLabel={t('team.members.remove')}
          danger
          pending={remove.isPending}
          onCancel={() => setRemoving(false)}
          onConfirm={() =>
            remove.mutate(user.email, { onSettled: () => setRemoving(false) })
          }
        >
          {t('team.members.removeText', { name: who })}
        </Confirm>
      )}
    </li>
  );
}

/** The account's users with their roles (owners change them). */
export function TeamMembers({
  accountKey,
  selfEmail,
}: {
  accountKey: string;
  selfEmail: string;
}) {
  const { t } = useTranslation();
  const { data, error, isPending } = useTeam(accountKey);
  return (
    <section aria-labelledby="members-title">
      <h3 id="members-title">{t('team.members.title')}</h3>
      <ErrorMessage error={error} />
      {isPending && <Loading />}
      {data && (
        <ul className="team-list" aria-labelledby="members-title">
          {data.map((user) => (
            <TeamMember
              // a fresh row when the gateway's roles change, so the boxes show them
              key={`${user.email}:${user.roles.join()}`}
              accountKey={accountKey}
              user={user}
              isSelf={user.email.toLowerCase() === selfEmail.toLowerCase()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
