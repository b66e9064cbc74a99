import { z } from 'zod';

export const AuthTokenRequest = z.strictObject({
  username: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
  mfaToken: z
    .string()
    .regex(/^\d{6}$/, 'a 6-digit code')
    .optional(),
});
export type AuthTokenRequest = z.infer<typeof AuthTokenRequest>;

/**
 * `refresh_token` may be left out by a browser, whose refresh token is the httpOnly
 * session cookie instead (docs/security.md, "Browser sessions").
 */
export const AuthRefreshRequest = z.strictObject({
  refresh_token: z.string().min(1).max(512).optional(),
});
export type AuthRefreshRequest = z.infer<typeof AuthRefreshRequest>;

/**
 * POST /auth/logout: revokes this refresh token and its family (204 whether or not it was
 * known); a browser leaves it out and the session cookie's family is revoked.
 */
export const AuthLogoutRequest = z.strictObject({
  refresh_token: z.string().min(1).max(512).optional(),
});
export type AuthLogoutRequest = z.infer<typeof AuthLogoutRequest>;

/** `POST /auth/token`'s answer. */
export const AuthTokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  grant_type: z.literal('username+password'),
});
export type AuthTokenResponse = z.infer<typeof AuthTokenResponse>;

/** `POST /auth/oauth/refresh`'s answer (no new refresh token). */
export const AuthRefreshResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  grant_type: z.literal('refresh_token'),
});
export type AuthRefreshResponse = z.infer<typeof AuthRefreshResponse>;

/**
 * `POST /auth/mfa/secret` (a signed-in user): a new TOTP secret for the user's authenticator
 * app, as text and as an `otpauth://` address for a QR code. Nothing is stored until
 * `POST /auth/mfa` confirms it (docs/security.md, "One-time codes").
 */
export const MfaSecretResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type MfaSecretResponse = z.infer<typeof MfaSecretResponse>;

/**
 * `POST /auth/mfa` (a signed-in user): turns one-time codes on with `secret`, once the user's
 * password and a code their authenticator made from it are right. 204.
 */
export const EnrolMfaRequest = z.strictObject({
  password: z.string().min(1).max(1024),
  /** RFC 4648 base32, as `POST /auth/mfa/secret` gave it. */
  secret: z
    .string()
    .regex(/^[A-Z2-7]{16,128}$/, 'a base32 secret of 16 to 128 characters'),
  mfaToken: z.string().regex(/^\d{6}$/, 'a 6-digit code'),
});
export type EnrolMfaRequest = z.infer<typeof EnrolMfaRequest>;

/**
 * `POST /auth/mfa/off` (a signed-in user): turns one-time codes off, once the password and a
 * current code are right. 204.
 */
export const DisableMfaRequest = z.strictObject({
  password: z.string().min(1).max(1024),
  mfaToken: z.string().regex(/^\d{6}$/, 'a 6-digit code'),
});
export type DisableMfaRequest = z.infer<typeof DisableMfaRequest>;
