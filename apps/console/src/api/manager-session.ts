import type { AuthTokenResponse } from '@livevote/contracts';
import { refreshAccessToken, revokeRefreshToken } from './auth-api';
import { ApiError, request, type RequestOptions } from './http-client';

/** Refresh this long before the access token expires (at most a fifth of its life). */
const REFRESH_MARGIN_MS = 60_000;
const STORAGE_KEY = 'livevote.manager-session';

interface StoredSession {
  username: string;
  refreshToken: string;
}

export type SessionRequestOptions = Omit<RequestOptions, 'accessToken'>;

/**
 * A signed-in manager. The access token (a JWT living 5 minutes) stays in memory and is
 * refreshed silently before it expires; the refresh token is kept in sessionStorage so a
 * reload of the tab (the control room mid-meeting) does not sign the chair out.
 */
export class ManagerSession {
  private accessToken?: string;
  private expiresAt = 0;
  private margin = REFRESH_MARGIN_MS;
  private refreshing?: Promise<string>;
  private timer?: ReturnType<typeof setTimeout>;
  private ended = false;

  constructor(
    readonly username: string,
    private readonly refreshToken: string,
    private readonly onExpired: () => void,
  ) {}

  static start(
    username: string,
    token: AuthTokenResponse,
    onExpired: () => void,
  ): ManagerSession {
    const session = new ManagerSession(
      username,
      token.refresh_token,
      onExpired,
    );
    session.store();
    session.accept(token.access_token, token.expires_in);
    return session;
  }

  /** The session of this tab from before a reload, if any. */
  static restore(onExpired: () => void): ManagerSession | undefined {
    try {
      const raw = window.sessionStorage.getItem(STORAGE_KEY);
      if (!raw) return undefined;
      const stored = JSON.parse(raw) as Partial<StoredSession>;
      if (typeof stored.username !== 'string') return undefined;
      if (typeof stored.refreshToken !== 'string') return undefined;
      return new ManagerSession(
        stored.username,
        stored.refreshToken,
        onExpired,
      );
    } catch {
      return undefined;
    }
  }

  /** A valid access token, refreshed first when it is missing or about to expire. */
  token(): Promise<string> {
    if (this.accessToken && Date.now() < this.expiresAt - this.margin)
      return Promise.resolve(this.accessToken);
    return this.refresh();
  }

  async request(
    path: string,
    options: SessionRequestOptions = {},
  ): Promise<Response> {
    const accessToken = await this.token();
    try {
      return await request(path, { ...options, accessToken });
    } catch (caught) {
      // the token may have been revoked or the clock skewed: one refresh, one retry
      if (!(caught instanceof ApiError) || caught.status !== 401) throw caught;
      const fresh = await this.refresh();
      return request(path, { ...options, accessToken: fresh });
    }
  }

  /** Ends the session here and revokes its refresh token on the gateway. */
  async signOut(): Promise<void> {
    this.end();
    // signed out here whatever happens; a token the gateway did not hear about dies at expiry
    await revokeRefreshToken(this.refreshToken).catch(() => undefined);
  }

  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.accessToken = undefined;
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // storage may be unavailable (private mode); nothing to remove then
    }
  }

  private refresh(): Promise<string> {
    this.refreshing ??= refreshAccessToken(this.refreshToken)
      .then(
        (answer) => {
          this.accept(answer.access_token, answer.expires_in);
          return answer.access_token;
        },
        (caught: unknown) => {
          if (caught instanceof ApiError && caught.status < 500) {
            this.end();
            this.onExpired();
          }
          throw caught;
        },
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private accept(accessToken: string, expiresInSeconds: number): void {
    if (this.ended) return;
    this.accessToken = accessToken;
    this.expiresAt = Date.now() + expiresInSeconds * 1000;
    this.margin = Math.min(REFRESH_MARGIN_MS, (expiresInSeconds * 1000) / 5);
    clearTimeout(this.timer);
    const wait = Math.max(1_000, this.expiresAt - this.margin - Date.now());
    this.timer = setTimeout(() => {
      this.refresh().catch(() => undefined);
    }, wait);
  }

  private store(): void {
    try {
      const stored: StoredSession = {
        username: this.username,
        refreshToken: this.refreshToken,
      };
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    } catch {
      // without storage the session simply ends with the page
    }
  }
}
