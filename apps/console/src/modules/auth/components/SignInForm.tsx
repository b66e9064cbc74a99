import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../ui/hooks/useErrorText';
import { useSession } from '../hooks/useSession';
import { useSignIn } from '../hooks/useSignIn';

const DEFAULT_PAGE = '/accounts';

const unsafeChar = (c: string) =>
  c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * Only paths of this console: `next` comes from the URL and must not lead elsewhere. Browsers
 * read `\` as `/` and drop tabs and newlines, so `/\evil.example` means `//evil.example`.
 */
function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return DEFAULT_PAGE;
  if ([...next].some(unsafeChar)) return DEFAULT_PAGE;
  const origin = window.location.origin;
  return new URL(next, origin).origin === origin ? next : DEFAULT_PAGE;
}

export function SignInForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { endedBecause } = useSession();
  const { error, mfaRequired, pending, signIn } = useSignIn();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [oneTimeCode, setOneTimeCode] = useState('');
  const id = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await signIn({ email, password, oneTimeCode }))
      await navigate(safeNext(searchParams.get('next')), { replace: true });
  }

  const message = error
    ? errorText(error)
    : endedBecause === 'expired'
      ? t('signIn.expired')
      : undefined;
  return (
    <form
      className="panel narrow"
      aria-labelledby={`${id}-title`}
      aria-busy={pending}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <h2 id={`${id}-title`}>{t('signIn.title')}</h2>
      {message && (
        <p className="alert" role="alert">
          {message}
        </p>
      )}

      <div className="field">
        <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
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
        <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
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
          <label htmlFor={`${id}-code`}>{t('signIn.oneTimeCode')}</label>
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
            {t('signIn.oneTimeCodeHint')}
          </p>
        </div>
      )}

      <button type="submit" className="primary wide" disabled={pending}>
        {pending ? t('signIn.signingIn') : t('signIn.submit')}
      </button>
    </form>
  );
}
