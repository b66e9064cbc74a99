import { ApiException } from '../common/api-exception';

export enum AuthErrorCode {
  InvalidCredentials = 'invalid_credentials',
  MfaRequired = 'mfa_required',
  InvalidRefreshToken = 'invalid_refresh_token',
  InvalidToken = 'invalid_token',
  MissingToken = 'missing_token',
  RateLimited = 'rate_limited',
  PartnerTokenForbidden = 'partner_token_forbidden',
  VoterTokenForbidden = 'voter_token_forbidden',
}

function message(code: AuthErrorCode): string {
  switch (code) {
    case AuthErrorCode.InvalidCredentials:
      return 'The e-mail, password or one-time code is not correct.';
    case AuthErrorCode.MfaRequired:
      return 'This account needs a one-time code (mfaToken).';
    case AuthErrorCode.InvalidRefreshToken:
      return 'The refresh token is unknown, expired or revoked.';
    case AuthErrorCode.InvalidToken:
      return 'The access token is invalid or expired.';
    case AuthErrorCode.MissingToken:
      return 'An access token is required: Authorization: Bearer <JWT>.';
    case AuthErrorCode.RateLimited:
      return 'Too many attempts; try again later.';
    case AuthErrorCode.PartnerTokenForbidden:
      return 'A partner access token reaches only /papi/v1; /v1 needs a manager access token.';
    case AuthErrorCode.VoterTokenForbidden:
      return 'A voter token reaches only the voter portal (/portal/v1); /v1 needs a manager access token.';
  }
}

export class AuthException extends ApiException {
  constructor(code: AuthErrorCode, headers: Record<string, string> = {}) {
    const status =
      code === AuthErrorCode.RateLimited
        ? 429
        : code === AuthErrorCode.PartnerTokenForbidden ||
            code === AuthErrorCode.VoterTokenForbidden
          ? 403
          : 401;
    super(status, code, message(code), headers);
  }

  static bearer(
    code: AuthErrorCode.InvalidToken | AuthErrorCode.MissingToken,
  ): AuthException {
    const challenge =
      code === AuthErrorCode.InvalidToken
        ? 'Bearer realm="livevote", error="invalid_token"'
        : 'Bearer realm="livevote"';
    return new AuthException(code, { 'WWW-Authenticate': challenge });
  }

  static rateLimited(retryAfterSeconds: number): AuthException {
    return new AuthException(AuthErrorCode.RateLimited, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
