import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  InspectInvitationRequest,
  InspectInvitationResponse,
  AuthLogoutRequest,
  AuthRefreshRequest,
  AuthRefreshResponse,
  AuthTokenRequest,
  AuthTokenResponse,
} from '@livevote/contracts';
import type { Route } from './route';

/** The routes of a manager's sign-in (`/auth`), typed by libs/contracts. */
export const authRoutes = {
  token: {
    method: 'POST',
    path: '/auth/token',
    body: AuthTokenRequest,
    answer: AuthTokenResponse,
  },
  refresh: {
    method: 'POST',
    path: '/auth/oauth/refresh',
    body: AuthRefreshRequest,
    answer: AuthRefreshResponse,
  },
  /** 204 even when the token was unknown. */
  logout: {
    method: 'POST',
    path: '/auth/logout',
    body: AuthLogoutRequest,
    answer: null,
  },
  inspectInvitation: {
    method: 'POST',
    path: '/auth/invitations/inspect',
    body: InspectInvitationRequest,
    answer: InspectInvitationResponse,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/auth/invitations/accept',
    body: AcceptInvitationRequest,
    answer: AcceptInvitationResponse,
  },
} as const satisfies Record<string, Route>;
