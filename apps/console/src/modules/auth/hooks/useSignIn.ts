import type { AuthTokenRequest } from '@livevote/contracts';
import { useState } from 'react';
import { ApiError } from '../../../api/http-client';
import { useSession } from './useSession';

/** The gateway's problem code when the account has TOTP and no code was sent. */
const MFA_REQUIRED = 'mfa_required';

export interface SignInInput {
  email: string;
  password: string;
  oneTimeCode: string;
}

export interface UseSignIn {
  /** The last attempt's failure, for `useErrorText`. */
  error?: unknown;
  mfaRequired: boolean;
  pending: boolean;
  /** Resolves true once signed in. */
  signIn: (input: SignInInput) => Promise<boolean>;
}

export function useSignIn(): UseSignIn {
  const session = useSession();
  const [error, setError] = useState<unknown>();
  const [mfaRequired, setMfaRequired] = useState(false);
  const [pending, setPending] = useState(false);

  async function signIn(input: SignInInput): Promise<boolean> {
    setPending(true);
    setError(undefined);
    try {
      await session.signIn(toTokenRequest(input));
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === MFA_REQUIRED)
        setMfaRequired(true);
      setError(caught);
      return false;
    } finally {
      setPending(false);
    }
  }

  return { error, mfaRequired, pending, signIn };
}

function toTokenRequest({
  email,
  password,
  oneTimeCode,
}: SignInInput): AuthTokenRequest {
  const mfaToken = oneTimeCode.trim();
  return {
    username: email.trim(),
    password,
    ...(mfaToken ? { mfaToken } : {}),
  };
}
