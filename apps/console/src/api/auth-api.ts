import type { AuthTokenRequest, AuthTokenResponse } from '@livevote/contracts';
import { requestJson } from './http-client';

export function requestToken(
  credentials: AuthTokenRequest,
): Promise<AuthTokenResponse> {
  return requestJson<AuthTokenResponse>('/auth/token', {
    method: 'POST',
    body: credentials,
  });
}
