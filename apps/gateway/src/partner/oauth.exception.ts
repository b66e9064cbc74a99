import type { OAuthErrorResponse } from '@livevote/contracts';

export enum OAuthErrorCode {
  InvalidRequest = 'invalid_request',
  InvalidClient = 'invalid_client',
  InvalidGrant = 'invalid_grant',
  UnsupportedGrantType = 'unsupported_grant_type',
  /** Over the endpoint's rate limit (429); the name RFC 8628 gives "poll less often". */
  SlowDown = 'slow_down',
  /** Too many client-secret checks waiting already (503), as in RFC 6749 section 4.1.2.1. */
  TemporarilyUnavailable = 'temporarily_unavailable',
}

function status(code: OAuthErrorCode): number {
  switch (code) {
    case OAuthErrorCode.InvalidClient:
      return 401;
    case OAuthErrorCode.SlowDown:
      return 429;
    case OAuthErrorCode.TemporarilyUnavailable:
      return 503;
    case OAuthErrorCode.InvalidRequest:
    case OAuthErrorCode.InvalidGrant:
    case OAuthErrorCode.UnsupportedGrantType:
      return 400;
  }
}

/** An RFC 6749 section 5.2 error of the token endpoint (not problem details). */
export class OAuthException extends Error {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** The client tried HTTP Basic: a 401 then names the scheme (RFC 6749 section 5.2). */
    readonly basicAttempted = false,
    /** Seconds for Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'OAuthException';
    this.status = status(code);
  }

  get body(): OAuthErrorResponse {
    return { error: this.code, error_description: this.description };
  }

  get headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
    };
    if (this.status === 401 && this.basicAttempted)
      headers['WWW-Authenticate'] = 'Basic realm="livevote-partner"';
    if (this.retryAfterSeconds !== undefined)
      headers['Retry-After'] = String(this.retryAfterSeconds);
    return headers;
  }
}
