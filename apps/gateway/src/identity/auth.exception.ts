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
  MfaEnrolled = 'mfa_enrolled',
  MfaNotEnrolled = 'mfa_not_enrolled',
  InvalidMfaToken = 'invalid_mfa_token',
  /** A signed-in user confirming a change with a password that is not theirs (not a 401: the session stands). */
  InvalidPassword = 'invalid_password',
}

export class AuthException extends ApiException {
  constructor(code: AuthErrorCode, headers: Record<string, string> = {}) {
    const status =
      code === AuthErrorCode.RateLimited
        ? 429
        : code === AuthErrorCode.PartnerTokenForbidden ||
            code === AuthErrorCode.VoterTokenForbidden
          ? 403
          : code === AuthErrorCode.MfaEnrolled ||
              code === AuthErrorCode.MfaNotEnrolled
            ? 409
            : code === AuthErrorCode.InvalidMfaToken ||
                code === AuthErrorCode.InvalidPassword
              ? 400
              : 401;
    super(status, code, {}, headers);
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
