import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useQrDataUrl } from '../../ui/hooks/useQrDataUrl';
import { useManagerApi } from '../hooks/useSession';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turns one-time codes on for the signed-in user (docs/security.md, "One-time codes"): the
 * secret as a QR code and as text, then the password and a first code from the app. Nothing
 * changes until that succeeds. With `next` (the invitation page, right after joining), a link
 * goes on there: "Not now" before, "Continue" after.
 */
export function TwoStepSetup({ next }: { next?: string }) {
  const { t } = useTranslation();
  const api = useManagerApi();
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const secret = useQuery({
    queryKey: queryKeys.mfaSecret(),
    queryFn: () => api.mfaSecret(),
    // one secret for the whole set-up: the app scans it once
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const qr = useQrDataUrl(secret.data?.otpauthUrl);
  const enrol = useMutation({
    mutationFn: () =>
      api.enrolMfa({
        password,
        secret: secret.data!.secret,
        mfaToken: code.trim(),
      }),
  });

  const already =
    secret.error instanceof ApiError && secret.error.code === 'mfa_enrolled';
  const onward = (done: boolean) =>
    next && (
      <Link className={done ? 'button primary' : 'button secondary'} to={next}>
        {done ? t('twoStep.continue') : t('twoStep.notNow')}
      </Link>
    );

  return (
    <section className="panel narrow" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('twoStep.title')}</h2>
      {already && !enrol.isSuccess ? (
        <>
          <Alert tone="success">{t('twoStep.already')}</Alert>
          <TurnOff />
        </>
      ) : enrol.isSuccess ? (
        <>
          <Alert tone="success">{t('twoStep.on')}</Alert>
          {onward(true)}
        </>
      ) : (
        <>
          <p>{t('twoStep.intro')}</p>
          {secret.isPending && <Loading />}
          <ErrorMessage error={secret.error} />
          {secret.data && (
            <form
              aria-labelledby={`${id}-title`}
              aria-busy={enrol.isPending}
              onSubmit={(event) => {
                event.preventDefault();
                enrol.mutate();
              }}
            >
              <ol className="steps">
                <li>
                  <p>{t('twoStep.scan')}</p>
                  {qr && (
                    <img
                      className="qr"
                      src={qr}
                      width={200}
                      height={200}
                      alt={t('twoStep.qrAlt')}
                    />
                  )}
                  <p className="hint">
                    {t('twoStep.byHand')}{' '}
                    <code className="secret">
                      {grouped(secret.data.secret)}
                    </code>
                  </p>
                </li>
                <li>
                  <p>{t('twoStep.confirm')}</p>
                  <ErrorMessage error={enrol.error} />
                  <CodeAndPassword
                    code={code}
                    password={password}
                    onCode={setCode}
                    onPassword={setPassword}
                  />
                </li>
              </ol>
              <div className="button-row">
                <button
                  type="submit"
                  className="primary"
                  disabled={enrol.isPending}
                >
                  {t('twoStep.turnOn')}
                </button>
                {onward(false)}
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** A code from the authenticator app and the user's password: what confirms a change. */
function CodeAndPassword({
  code,
  password,
  onCode,
  onPassword,
}: {
  code: string;
  password: string;
  onCode: (code: string) => void;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        {t('twoStep.code')}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          pattern="\d{6}"
          maxLength={6}
          value={code}
          onChange={(event) => onCode(event.target.value)}
        />
      </label>
      <label className="field">
        {t('twoStep.password')}
        <input
          type="password"
          required
          maxLength={1024}
          autoComplete="current-password"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
        />
      </label>
    </>
  );
}

/**
 * Turns codes off with the password and a current code (a new phone: off, then on again with
 * a new secret). Once off, the set-up above starts again.
 */
function TurnOff() {
  const { t } = useTranslation();
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const off = useMutation({
    mutationFn: () => api.disableMfa({ password, mfaToken: code.trim() }),
    // codes are off: ask for a new secret, and the set-up shows again
    onSuccess: () =>
      queryClient.resetQueries({
        queryKey: queryKeys.mfaSecret(),
        exact: true,
      }),
  });
  return (
    <form
      aria-labelledby={`${id}-title`}
      aria-busy={off.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        off.mutate();
      }}
    >
      <h3 id={`${id}-title`}>{t('twoStep.offTitle')}</h3>
      <p className="hint">{t('twoStep.offHint')}</p>
      <ErrorMessage error={off.error} />
      <CodeAndPassword
        code={code}
        password={password}
        onCode={setCode}
        onPassword={setPassword}
      />
      <button type="submit" className="secondary" disabled={off.isPending}>
        {t('twoStep.turnOff')}
      </button>
    </form>
  );
}

/** `/two-step`: the same set-up for any signed-in user, from the header. */
export function TwoStepPage() {
  return <TwoStepSetup />;
}
