/** Partner access tokens start with this: /v1 recognises one to refuse it (docs/security.md). */
export const PARTNER_ACCESS_PREFIX = 'lvp_at_';

/** Has the shape of a partner access token (whether or not it is live). */
export const isPartnerAccessToken = (token: string) =>
  token.startsWith(PARTNER_ACCESS_PREFIX) &&
  /^[A-Za-z0-9_-]{43}$/.test(token.slice(PARTNER_ACCESS_PREFIX.length));
