import {
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
} as const satisfies Record<string, Route>;
