import type {
  AuthRefreshResponse,
  AuthTokenRequest,
  AuthTokenResponse,
} from '@livevote/contracts';
import { authRoutes as routes } from './auth-routes';
import { request } from './http-client';
import { createClient } from './route';

const { call } = createClient(request);

export function requestToken(
  credentials: AuthTokenRequest,
): Promise<AuthTokenResponse> {
  return call(routes.token, {}, { body: credentials });
}

export function refreshAccessToken(
  refreshToken: string,
): Promise<AuthRefreshResponse> {
  return call(routes.refresh, {}, { body: { refresh_token: refreshToken } });
}

/** Revokes the refresh token on the gateway (204 even when it was unknown). */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await call(routes.logout, {}, { body: { refresh_token: refreshToken } });
}
