import { AuthTokenRequest } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
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
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return DEFAULT_PAGE;
  if ([...next].some(unsafeChar)) return DEFAULT_PAGE;
  const origin = window.location.origin;
  return new URL(next, origin).origin === origin ? next : DEFAULT_PAGE;
}

const EMPTY = { username: '', password: '', mfaToken: '' };

/** The boxes carry the request's names, so the contract's problems land on them. */
const SignIn = draftOf(AuthTokenRequest, (draft: typeof EMPTY) => {
  const mfaToken = draft.mfaToken.trim();
  return {
    username: draft.username.trim(),
    password: draft.password,
    ...(mfaToken ? { mfaToken } : {}),
  };
});

export function SignInForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { endedBecause } = useSession();
  const { error, mfaRequired, pending, signIn } = useSignIn();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const labels = {
    username: t('signIn.email'),
    password: t('signIn.password'),
    mfaToken: t('signIn.oneTimeCode'),
  };
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: SignIn,
    defaultValues: EMPTY,
    labels,
  });

  const submit = form.handleSubmit(async (request) => {
    const signedIn = await signIn({
      email: request.username,
      password: request.password,
      oneTimeCode: request.mfaToken ?? '',
    });
    if (signedIn)
      await navigate(safeNext(searchParams.get('next')), { replace: true });
  });

  // what the form itself finds wrong comes before the last attempt's answer
  const message =
    summary ??
    (error
      ? errorText(error)
      : endedBecause === 'expired'
        ? t('signIn.expired')
        : endedBecause === 'signed-out'
          ? t('signIn.signedOutElsewhere')
          : undefined);
  return (
    <form
      className="panel narrow"
      aria-labelledby={`${id}-title`}
      aria-busy={pending}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={`${id}-title`}>{t('signIn.title')}</h2>
      {message && (
        <p className="alert" role="alert" id={summary ? summaryId : undefined}>
          {message}
        </p>
      )}

      <div className="field">
        <label htmlFor={idOf('username')}>{labels.username}</label>
        <input
          type="email"
          autoComplete="username"
          required
          {...field('username')}
        />
      </div>

      <div className="field">
        <label htmlFor={idOf('password')}>{labels.password}</label>
        <input
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
      </div>

      {mfaRequired && (
        <div className="field">
          <label htmlFor={idOf('mfaToken')}>{labels.mfaToken}</label>
          {/* Shown only after the gateway asks for it, so focusing it on mount is expected. */}
          <input
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus
            {...field('mfaToken', { describedBy: `${id}-code-hint` })}
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
