import type { OAuthErrorResponse } from '@livevote/contracts';

export enum OAuthErrorCode {
  InvalidRequest = 'invalid_request',
  InvalidClient = 'invalid_client',
  InvalidGrant = 'invalid_grant',
  UnsupportedGrantType = 'unsupported_grant_type',
}

function status(code: OAuthErrorCode): number {
  switch (code) {
    case OAuthErrorCode.InvalidClient:
      return 401;
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
    return headers;
  }
}
