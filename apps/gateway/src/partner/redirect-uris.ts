const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_LENGTH = 2000;

/**
 * Why a redirect URI cannot be registered, or null when it can: an absolute https URL
 * (http only on loopback), without userinfo or fragment.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_LENGTH) return `longer than ${MAX_LENGTH} characters`;
  if ([...uri].some((c) => c <= ' ' || c === '\u007f'))
    return 'contains whitespace or control characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not an absolute URL';
  }
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return 'must be https (http only for localhost)';
  if (url.username || url.password) return 'must not carry user information';
  if (uri.includes('#')) return 'must not have a fragment';
  return null;
}

/** Appends response parameters, keeping the registered URI (and its query) as registered. */
export function withParams(
  redirectUri: string,
  params: Record<string, string | undefined>,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) query.set(name, value);
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** The origin to allow in the page's CSP form-action (the redirect after the form post). */
export function redirectOrigin(redirectUri: string): string {
  return new URL(redirectUri).origin;
}
