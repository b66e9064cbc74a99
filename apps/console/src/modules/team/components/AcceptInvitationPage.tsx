import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { acceptInvitation, inspectInvitation } from '../../../api/auth-api';
import { ApiError } from '../../../api/http-client';
import { TwoStepSetup } from '../../auth/components/TwoStepSetup';
import { useSession } from '../../auth/hooks/useSession';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { RoleNames } from './RoleNames';

/** The link's token once taken off the address bar (a render may run more than once). */
let takenToken = '';

/**
 * The token of the link (`#token=...`): in the fragment, so no server or log ever sees it;
 * taken off the address bar once read.
 */
function tokenOfLink(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) {
    takenToken = token;
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname,
    );
  }
  return takenToken;
}

/**
 * `/accept-invitation#token=...`: the page an invitation e-mail links to (docs/team.md). A new
 * user sets their name and password; one who already exists confirms with their own. Then
 * they are signed in, in every tab of this browser.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const [token] = useState(tokenOfLink);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [mismatch, setMismatch] = useState(false);
  // a new user, signed in: where the page goes once two-step sign-in is offered
  const [joined, setJoined] = useState<string>();

  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => inspectInvitation(token),
    enabled: token !== '',
    retry: false,
  });
  const existing = invitation.data?.existingUser ?? false;

  const accept = useMutation({
    mutationFn: async () => {
      const mfaToken = code.trim() || undefined;
      const accepted = await acceptInvitation({
        token,
        password,
        ...(existing ? {} : { name: name.trim() }),
        ...(mfaToken ? { mfaToken } : {}),
      });
      // a one-time code counts once: with one, sign in again on the sign-in page
      if (!mfaToken)
        await session.signIn({ username: accepted.email, password });
      return { ...accepted, signedIn: !mfaToken };
    },
    onSuccess: (accepted) => {
      const next = `/accounts/${accepted.account.key}`;
      // a new user is offered one-time codes before the account (docs/team.md)
      if (accepted.signedIn && accepted.created) return setJoined(next);
      void navigate(
        accepted.signedIn ? next : `/signin?next=${encodeURIComponent(next)}`,
        { replace: true },
      );
    },
  });
  const needsCode =
    accept.error instanceof ApiError && accept.error.code === 'mfa_required';

  if (joined) return <TwoStepSetup next={joined} />;

  if (!token)
    return (
      <section className="panel narrow">
        <h2>{t('team.accept.title')}</h2>
        <Alert>{t('team.accept.noToken')}</Alert>
      </section>
    );

  return (
    <section className="panel narrow" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('team.accept.title')}</h2>
      {invitation.isPending && <Loading />}
      <ErrorMessage error={invitation.error} />
      {invitation.error instanceof ApiError && (
        <p>
          <Link to="/signin">{t('team.accept.signIn')}</Link>
        </p>
      )}
      {invitation.data && (
        <form
          aria-labelledby={`${id}-title`}
          aria-busy={accept.isPending}
          onSubmit={(event) => {
            event.preventDefault();
            const differs = !existing && password !== repeat;
            setMismatch(differs);
            if (!differs) accept.mutate();
          }}
        >
          <p>
            {t('team.accept.intro', {
              account: invitation.data.accountName,
              email: invitation.data.email,
            })}{' '}
            <strong>
              <RoleNames roles={invitation.data.roles} />
            </strong>
          </p>
          <p className="hint">
            {existing
              ? t('team.accept.existingHint')
              : t('team.accept.newHint')}
          </p>
          {mismatch && <Alert>{t('team.accept.mismatch')}</Alert>}
          <ErrorMessage error={accept.error} />
          {!existing && (
            <label className="field">
              {t('team.accept.name')}
              <input
                required
                maxLength={200}
                autoComplete="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
          )}
          <label className="field">
            {existing
              ? t('team.accept.password')
              : t('team.accept.newPassword')}
            <input
              type="password"
              required
              minLength={existing ? 1 : 8}
              maxLength={1024}
              autoComplete={existing ? 'current-password' : 'new-password'}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          {!existing && (
            <label className="field">
              {t('team.accept.repeatPassword')}
              <input
                type="password"
                required
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.target.value)}
              />
            </label>
          )}
          {(needsCode || code) && (
            <label className="field">
              {t('signIn.oneTimeCode')}
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
          )}
          <button type="submit" className="primary" disabled={accept.isPending}>
            {existing ? t('team.accept.join') : t('team.accept.create')}
          </button>
        </form>
      )}
    </section>
  );
}
