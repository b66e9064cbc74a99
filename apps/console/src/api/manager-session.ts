import type { AuthTokenResponse } from '@livevote/contracts';
import { refreshFromCookie, revokeSessionCookie } from './auth-api';
import { ApiError, request, type RequestOptions } from './http-client';

/** Refresh this long before the access token expires (at most a fifth of its life). */
const REFRESH_MARGIN_MS = 60_000;
/** Who signed in last in this browser: a name to show, not a credential. */
const USERNAME_KEY = 'livevote.manager';
/** The tabs of the browser tell each other about sign-in and sign-out. */
const CHANNEL = 'livevote.session';
/** One refresh at a time across the tabs: each rotates the shared cookie in turn. */
const REFRESH_LOCK = 'livevote.refresh';

export type SessionRequestOptions = Omit<RequestOptions, 'accessToken'>;

/** Why a session ended by itself: the gateway refused it, or another tab signed out. */
export type SessionEnd = 'expired' | 'signed-out';

type SessionMessage =
  { type: 'signed-out' } | { type: 'signed-in'; username: string };

function channel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'function'
    ? new BroadcastChannel(CHANNEL)
    : undefined;
}

/** Runs `work` holding the browser-wide refresh lock, where the Web Locks API exists. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks
    ? (locks.request(REFRESH_LOCK, work) as unknown as Promise<T>)
    : work();
}

function rememberUsername(username: string): void {
  try {
    window.localStorage.setItem(USERNAME_KEY, username);
  } catch {
    // storage may be unavailable (private mode): the name is only shown
  }
}

function rememberedUsername(): string {
  try {
    return window.localStorage.getItem(USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Listens for the other tabs' sign-in and sign-out; returns the function that stops it. */
export function onOtherTabs(listener: (message: SessionMessage) => void) {
  const bus = channel();
  if (!bus) return () => undefined;
  bus.onmessage = (event: MessageEvent<SessionMessage>) => listener(event.data);
  return () => bus.close();
}

function tellOtherTabs(message: SessionMessage): void {
  const bus = channel();
  bus?.postMessage(message);
  bus?.close();
}

/**
 * A signed-in manager (docs/security.md, "Browser sessions"). The refresh token is the
 * browser's httpOnly session cookie, shared by every tab and rotated by the gateway on each
 * refresh; the access token (a JWT living 5 minutes) stays in this tab's memory and is
 * refreshed silently before it expires. A new tab signs in from the cookie alone.
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
    private readonly onEnded: (why: SessionEnd) => void,
  ) {}

  /** After POST /auth/token, which set the cookie. */
  static start(
    username: string,
    token: AuthTokenResponse,
    onEnded: (why: SessionEnd) => void,
  ): ManagerSession {
    rememberUsername(username);
    const session = new ManagerSession(username, onEnded);
    session.accept(token.access_token, token.expires_in);
    tellOtherTabs({ type: 'signed-in', username });
    return session;
  }

  /** The browser's session, from its cookie (a new tab, a reload); undefined without one. */
  static async resume(
    onEnded: (why: SessionEnd) => void,
  ): Promise<ManagerSession | undefined> {
    const session = new ManagerSession(rememberedUsername(), onEnded);
    try {
      await session.refresh({ quiet: true });
      return session;
    } catch {
      session.end();
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

  /** Signs the browser out: every tab, and the cookie's family on the gateway. */
  async signOut(): Promise<void> {
    this.end();
    tellOtherTabs({ type: 'signed-out' });
    // signed out here whatever happens; a cookie the gateway did not hear about dies at expiry
    await revokeSessionCookie().catch(() => undefined);
  }

  /** Ends the session in this tab only (another tab signed out). */
  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.accessToken = undefined;
  }

  private refresh({ quiet = false } = {}): Promise<string> {
    this.refreshing ??= exclusively(() => refreshFromCookie())
      .then(
        (answer) => {
          this.accept(answer.access_token, answer.expires_in);
          return answer.access_token;
        },
        (caught: unknown) => {
          if (caught instanceof ApiError && caught.status < 500) {
            this.end();
            if (!quiet) this.onEnded('expired');
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
}
