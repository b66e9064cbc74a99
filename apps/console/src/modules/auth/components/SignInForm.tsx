import { useId, useState, type FormEvent } from 'react';
import { useSignIn } from '../hooks/useSignIn';
import { AccountList } from './AccountList';

export function SignInForm() {
  const { session, error, mfaRequired, pending, signIn } = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [oneTimeCode, setOneTimeCode] = useState('');
  const id = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void signIn({ email, password, oneTimeCode });
  }

  if (session) {
    return (
      <section className="panel" aria-labelledby={`${id}-signed-in`}>
        <h2 id={`${id}-signed-in`}>Signed in</h2>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        {session.accounts ? (
          <AccountList accounts={session.accounts} />
        ) : (
          <p role="status">Loading accounts…</p>
        )}
      </section>
    );
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      aria-busy={pending}
      onSubmit={handleSubmit}
    >
      <h2 id={`${id}-title`}>Sign in</h2>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}

      <div className="field">
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>

      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>

      {mfaRequired && (
        <div className="field">
          <label htmlFor={`${id}-code`}>One-time code</label>
          {/* Shown only after the gateway asks for it, so focusing it on mount is expected. */}
          <input
            id={`${id}-code`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus
            aria-describedby={`${id}-code-hint`}
            value={oneTimeCode}
            onChange={(event) => setOneTimeCode(event.target.value)}
          />
          <p className="hint" id={`${id}-code-hint`}>
            The 6-digit code from your authenticator app.
          </p>
        </div>
      )}

      <button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
