import type {
  AuthRefreshResponse,
  AuthTokenRequest,
  AuthTokenResponse,
} from '@livevote/contracts';
import { request, requestJson } from './http-client';

export function requestToken(
  credentials: AuthTokenRequest,
): Promise<AuthTokenResponse> {
  return requestJson<AuthTokenResponse>('/auth/token', {
    method: 'POST',
    body: credentials,
  });
}

export function refreshAccessToken(
  refreshToken: string,
): Promise<AuthRefreshResponse> {
  return requestJson<AuthRefreshResponse>('/auth/oauth/refresh', {
    method: 'POST',
    body: { refresh_token: refreshToken },
  });
}

/** Revokes the refresh token on the gateway (204 even when it was unknown). */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await request('/auth/logout', {
    method: 'POST',
    body: { refresh_token: refreshToken },
  });
}
