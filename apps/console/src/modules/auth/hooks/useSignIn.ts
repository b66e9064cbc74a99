import type { Account, AuthTokenRequest } from '@livevote/contracts';
import { useState } from 'react';
import { listAccounts } from '../../../api/accounts-api';
import { requestToken } from '../../../api/auth-api';
import { ApiError } from '../../../api/http-client';

/** The gateway's problem code when the account has TOTP and no code was sent. */
const MFA_REQUIRED = 'mfa_required';

export interface SignInInput {
  email: string;
  password: string;
  oneTimeCode: string;
}

export interface Session {
  /** Kept in memory only: a reload signs the user out. */
  accessToken: string;
  /** Undefined while the accounts are loading. */
  accounts?: Account[];
}

export interface UseSignIn {
  session?: Session;
  error?: string;
  mfaRequired: boolean;
  pending: boolean;
  signIn: (input: SignInInput) => Promise<void>;
}

export function useSignIn(): UseSignIn {
  const [session, setSession] = useState<Session>();
  const [error, setError] = useState<string>();
  const [mfaRequired, setMfaRequired] = useState(false);
  const [pending, setPending] = useState(false);

  async function signIn(input: SignInInput): Promise<void> {
    setPending(true);
    setError(undefined);
    try {
      const token = await requestToken(toTokenRequest(input));
      setSession({ accessToken: token.access_token });
      const accounts = await listAccounts(token.access_token);
      setSession({ accessToken: token.access_token, accounts });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === MFA_REQUIRED) {
        setMfaRequired(true);
      }
      setError(messageOf(caught));
    } finally {
      setPending(false);
    }
  }

  return { session, error, mfaRequired, pending, signIn };
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

function messageOf(caught: unknown): string {
  if (caught instanceof ApiError) return caught.message;
  return 'The server could not be reached. Check your connection and try again.';
}
