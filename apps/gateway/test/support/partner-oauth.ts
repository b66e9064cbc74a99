import makeFetchCookie from 'fetch-cookie';
import { generateSync } from 'otplib';
import * as oauth from 'oauth4webapi';
import { CookieJar } from 'tough-cookie';
import { PartnerClientsService } from '../../src/partner/partner-clients.service';
import type { UserFixture } from './factories';
import type { TestGateway } from './test-app';

export interface PartnerClientFixture {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  name: string;
}

/** A partner application, registered the way the admin CLI does it. */
export async function registerPartner(
  gateway: TestGateway,
  overrides: Partial<{ name: string; redirectUris: string[] }> = {},
): Promise<PartnerClientFixture> {
  const name = overrides.name ?? 'Acme Proxy Services';
  const registered = await gateway.app.get(PartnerClientsService).register({
    name,
    redirectUris: overrides.redirectUris ?? [
      'https://partner.example/oauth/callback',
    ],
  });
  return { ...registered, name };
}

/** What oauth4webapi needs to know about us (no discovery document: the issuer is the gateway). */
export function authorizationServer(
  gateway: TestGateway,
): oauth.AuthorizationServer {
  return {
    issuer: gateway.baseUrl,
    authorization_endpoint: `${gateway.baseUrl}/login/oauth/authorize`,
    token_endpoint: `${gateway.baseUrl}/papi/v1/oauth/token`,
  };
}

export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** A cookie-keeping browser that does not follow redirects (the test reads each Location). */
export function browser() {
  const jar = new CookieJar();
  const fetchWithCookies = makeFetchCookie(fetch, jar);
  return {
    jar,
    fetch: (url: string | URL, init: RequestInit = {}) =>
      fetchWithCookies(String(url), { redirect: 'manual', ...init }),
  };
}

export type Browser = ReturnType<typeof browser>;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The hidden fields of the permission page's form, unescaped. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  ))
    fields[match[1]] = match[2].replace(
      /&(amp|quot|#39|lt|gt);/g,
      (entity) => ENTITIES[entity],
    );
  return fields;
}

export function authorizeUrl(
  gateway: TestGateway,
  params: Record<string, string | undefined>,
): URL {
  const url = new URL('/login/oauth/authorize', gateway.baseUrl);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.append(name, value);
  return url;
}

/** Posts the page's form as a browser would: its hidden fields plus what the customer typed. */
export function submitForm(
  gateway: TestGateway,
  client: Browser,
  html: string,
  typed: Record<string, string>,
): Promise<Response> {
  return client.fetch(new URL('/login/oauth/authorize', gateway.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenFields(html), ...typed }).toString(),
  });
}

export function totpNow(gateway: TestGateway, secret: string): string {
  return generateSync({
    secret,
    epoch: Math.floor(gateway.clock.nowMs() / 1000),
  });
}

export interface GrantedTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * The whole browser flow for one customer (PKCE, client_secret_basic), as a partner's
 * backend would drive it with oauth4webapi: the tokens it ends up with.
 */
export async function grantAccess(
  gateway: TestGateway,
  partner: PartnerClientFixture,
  user: UserFixture,
): Promise<GrantedTokens> {
  const as = authorizationServer(gateway);
  const client: oauth.Client = { client_id: partner.client_id };
  const redirectUri = partner.redirect_uris[0];
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const page = browser();
  const form = await page.fetch(
    authorizeUrl(gateway, {
      client_id: partner.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'read',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }),
  );
  const approved = await submitForm(gateway, page, await form.text(), {
    action: 'approve',
    email: user.email,
    password: user.password,
    ...(user.totpSecret ? { totp: totpNow(gateway, user.totpSecret) } : {}),
  });
  const location = approved.headers.get('location');
  if (approved.status !== 302 || !location)
    throw new Error(`approval failed: ${approved.status}`);
  const params = oauth.validateAuthResponse(
    as,
    client,
    new URL(location),
    state,
  );
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(partner.client_secret),
    params,
    redirectUri,
    verifier,
    insecure,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    response,
  );
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token!,
  };
}
