import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PARTNER_ACCESS_PREFIX } from '../identity/partner-token-shape';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_DAYS = 60;
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;

const ACCESS_PREFIX = PARTNER_ACCESS_PREFIX;
const REFRESH_PREFIX = 'lvp_rt_';

/** 256 random bits, base64url. */
function random(): string {
  return randomBytes(32).toString('base64url');
}

export const newAuthorizationCode = random;
export const newClientSecret = random;
export const newAccessToken = () => `${ACCESS_PREFIX}${random()}`;
export const newRefreshToken = () => `${REFRESH_PREFIX}${random()}`;

/** Codes and tokens carry 256 random bits, so sha256 (hex) is enough at rest. */
export { hashToken } from '../identity/auth.service';

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(
    createHash('sha256').update(verifier).digest('base64url'),
  );
  const expected = Buffer.from(challenge);
  return (
    computed.length === expected.length && timingSafeEqual(computed, expected)
  );
}

export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
export const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
