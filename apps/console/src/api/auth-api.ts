import type {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  InspectInvitationResponse,
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

/**
 * A new access token from the browser's session cookie (httpOnly, sent to /auth only), which
 * the gateway rotates on each refresh (docs/security.md, "Browser sessions").
 */
export function refreshFromCookie(): Promise<AuthRefreshResponse> {
  return call(routes.refresh, {}, { body: {} });
}

/** Signs the browser out: the gateway revokes the cookie's whole family and clears it. */
export async function revokeSessionCookie(): Promise<void> {
  await call(routes.logout, {}, { body: {} });
}

/** What an invitation link is for (its account, e-mail, roles), before accepting it. */
export function inspectInvitation(
  token: string,
): Promise<InspectInvitationResponse> {
  return call(routes.inspectInvitation, {}, { body: { token } });
}

export function acceptInvitation(
  body: AcceptInvitationRequest,
): Promise<AcceptInvitationResponse> {
  return call(routes.acceptInvitation, {}, { body });
}
