import { Logger } from '@nestjs/common';
import type { Clock } from '../common/clock';
import type { ZoomConfig } from '../config/app-config';
import { WebcastProviderError } from './webcast-provider';

/** A request gives up on Zoom after this long. */
const TIMEOUT_MS = 10_000;
/** Retries of a request that is safe to repeat (reads, the token), with doubling waits. */
const RETRIES = 3;
const FIRST_WAIT_MS = 200;
/** The longest wait a Retry-After may ask for before we give up and answer 503 instead. */
const MAX_WAIT_MS = 5_000;
/** A token is renewed this long before Zoom says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export interface ZoomRequest {
  body?: unknown;
  query?: Record<string, string>;
  /** Safe to send again after a failure or time-out (GET, DELETE, idempotent registration). */
  retry?: boolean;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

/**
 * Zoom's REST API v2 with a server-to-server OAuth app (docs/webcast.md). The account token
 * is fetched once and kept until shortly before it expires; a rejected token is dropped and
 * fetched again once. Failures become WebcastProviderError carrying Zoom's own message.
 */
export class ZoomApiClient {
  private readonly logger = new Logger('Zoom');
  private token: CachedToken | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly config: ZoomConfig,
    private readonly clock: Clock,
  ) {}

  async request<T>(
    method: string,
    path: string,
    options: ZoomRequest = {},
  ): Promise<T> {
    const url = new URL(`${this.config.apiUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, value);
    let renewed = false;
    for (;;) {
      const token = await this.accessToken();
      const response = await this.send(
        () =>
          fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(options.body !== undefined
                ? { 'content-type': 'application/json' }
                : {}),
            },
            body:
              options.body !== undefined
                ? JSON.stringify(options.body)
                : undefined,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        options.retry ?? method === 'GET',
        `${method} ${path}`,
      );
      // a token revoked early (the app's secret rotated): fetch a new one, once
      if (response.status === 401 && !renewed) {
        renewed = true;
        this.dropToken(token);
        continue;
      }
      if (!response.ok) throw await errorOf(response, `${method} ${path}`);
      return (await jsonOf(response, `${method} ${path}`)) as T;
    }
  }

  /** The account's access token, from the cache while it is good; one fetch at a time. */
  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.clock.nowMs())
      return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private dropToken(value: string): void {
    if (this.token?.value === value) this.token = null;
  }

  private async fetchToken(): Promise<string> {
    const url = new URL(`${this.config.oauthUrl}/oauth/token`);
    url.searchParams.set('grant_type', 'account_credentials');
    url.searchParams.set('account_id', this.config.accountId);
    const basic = Buffer.from(
      `${this.config.clientId}:${this.config.clientSecret}`,
    ).toString('base64');
    const response = await this.send(
      () =>
        fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${basic}` },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      true,
      'token',
    );
    if (!response.ok) throw await errorOf(response, 'token');
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new WebcastProviderError('zoom', 'Zoom answered no access token.');
    const lifetimeMs =
      typeof body.expires_in === 'number' ? body.expires_in * 1000 : 3600_000;
    this.token = {
      value: body.access_token,
      expiresAt:
        this.clock.nowMs() +
        Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
    return this.token.value;
  }

  /**
   * Sends, retrying a repeatable request on a network failure, a 5xx or a 429 (after its
   * Retry-After, when that is short). What is left after the retries is the last answer,
   * or a 503 for an unreachable Zoom.
   */
  private async send(
    attempt: () => Promise<Response>,
    repeatable: boolean,
    what: string,
  ): Promise<Response> {
    const tries = repeatable ? RETRIES + 1 : 1;
    for (let n = 0; ; n++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await attempt();
      } catch (error) {
        failure = error;
      }
      const transient =
        !response || response.status >= 500 || response.status === 429;
      if (!transient || n + 1 >= tries) {
        if (response) return response;
        throw new WebcastProviderError(
          'zoom',
          `Zoom could not be reached (${what}): ${reasonOf(failure)}`,
          { unavailable: true },
        );
      }
      const wait = response
        ? retryAfterMs(response.headers.get('retry-after'))
        : undefined;
      if (wait !== undefined && wait > MAX_WAIT_MS) return response!;
      await response?.body?.cancel().catch(() => undefined);
      const delay = wait ?? FIRST_WAIT_MS * 2 ** n;
      this.logger.warn(
        `${what}: ${response ? `answered ${response.status}` : reasonOf(failure)}; retrying in ${delay} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** A success's body; one that is not JSON (a proxy's page, a cut answer) is Zoom's failure, a 502. */
async function jsonOf(response: Response, what: string): Promise<unknown> {
  const text = await response.text().catch(() => {
    throw new WebcastProviderError(
      'zoom',
      `Zoom's answer to ${what} was cut off.`,
      { unavailable: true },
    );
  });
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebcastProviderError(
      'zoom',
      `Zoom answered ${response.status} to ${what} with a body that is not JSON.`,
      { status: response.status },
    );
  }
}

/** Zoom's error answer, `{ code, message }`, as a WebcastProviderError. */
async function errorOf(
  response: Response,
  what: string,
): Promise<WebcastProviderError> {
  const text = await response.text().catch(() => '');
  let message = '';
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      code?: unknown;
      reason?: unknown;
    };
    const said = body.message ?? body.reason;
    if (typeof said === 'string') message = said;
    if (body.code !== undefined) message += ` (code ${String(body.code)})`;
  } catch {
    message = text.slice(0, 200);
  }
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  return new WebcastProviderError(
    'zoom',
    `Zoom answered ${response.status} to ${what}${message ? `: ${message.trim()}` : ''}`,
    {
      status: response.status,
      unavailable: response.status === 429,
      retryAfterSeconds:
        retryAfter !== undefined
          ? Math.max(1, Math.ceil(retryAfter / 1000))
          : undefined,
    },
  );
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (error.name === 'TimeoutError') return 'timed out';
    return cause?.code ?? error.message;
  }
  return String(error);
}
