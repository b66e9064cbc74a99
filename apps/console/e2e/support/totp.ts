import { createRequire } from 'node:module';

// the gateway's own TOTP library, so the console needs no dependency on it
const gatewayRequire = createRequire(
  new URL('../../../gateway/package.json', import.meta.url),
);
const { generateSync } = gatewayRequire('otplib') as typeof import('otplib');

/** The code an authenticator app shows for `secret` at `at` (RFC 6238, 30 s steps). */
export function totpCode(secret: string, at = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(at / 1000) });
}
