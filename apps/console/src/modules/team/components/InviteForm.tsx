import type { AccountRole } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useInvite } from '../hooks/useTeam';
import { RoleBoxes } from './RoleBoxes';

/** An owner invites someone by e-mail with roles; the gateway sends the link. */
export function InviteForm({ accountKey }: { accountKey: string }) {
  const { t } = useTranslation();
  const invite = useInvite(accountKey);
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<AccountRole[]>([]);
  const [sentTo, setSentTo] = useState<string>();

  return (
    <section className="panel" aria-labelledby="invite-title">
      <h3 id="invite-title">{t('team.invite.title')}</h3>
      <p className="hint">{t('team.invite.hint')}</p>
      <ErrorMessage error={invite.error} />
      {sentTo && (
        <p role="status" className="notice">
          {t('team.invite.sent', { email: sentTo })}
        </p>
      )}
      <form
        className="stacked-form"
        aria-labelledby="invite-title"
        onSubmit={(event) => {
          event.preventDefault();
          setSentTo(undefined);
          invite.mutate(
            { email: email.trim(), roles },
            {
              onSuccess: (sent) => {
                setSentTo(sent.email);
                setEmail('');
                setRoles([]);
              },
            },
          );
        }}
      >
        <label className="field">
          {t('team.invite.email')}
          <input
            type="email"
            required
            maxLength={320}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <RoleBoxes
          legend={t('team.invite.roles')}
          roles={roles}
          onChange={setRoles}
        />
        <div className="button-row">
          <button type="submit" className="primary" disabled={invite.isPending}>
            {t('team.invite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
