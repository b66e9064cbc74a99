import { count, eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Campaign,
  CampaignWithStats,
  OAuthErrorResponse,
  PartnerTokenResponse,
} from '@livevote/contracts';
import { Database } from '../src/database/database';
import {
  partnerAuthorizationCodes,
  partnerGrants,
  partnerTokens,
} from '../src/database/schema';
import { hashToken } from '../src/identity/auth.service';
import {
  createAccount,
  createMeeting,
  createTenant,
  createUser,
  signIn,
  type TenantFixture,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  authorizationServer,
  authorizeUrl,
  browser,
  grantAccess,
  hiddenFields,
  insecure,
  registerPartner,
  submitForm,
  totpNow,
  type PartnerClientFixture,
} from './support/partner-oauth';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const REDIRECT = 'https://partner.example/oauth/callback';
const MINUTE = 60_000;

describe('Partner OAuth', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let partner: PartnerClientFixture;
  let otherPartner: PartnerClientFixture;
  let tenant: TenantFixture;
  let mfaUser: UserFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { AUTH_RATE_LIMIT_PER_USER: '1000', AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    api = http(gateway.baseUrl);
    partner = await registerPartner(gateway, {
      redirectUris: [REDIRECT, 'http://127.0.0.1:8765/cb?tenant=7'],
    });
    otherPartner = await registerPartner(gateway, {
      name: 'Other Partner',
      redirectUris: ['https://other.example/cb'],
    });
    tenant = await createTenant(gateway);
    mfaUser = await createUser(gateway, { mfa: true });
    const mfaAccount = await createAccount(gateway, [mfaUser]);
    await createMeeting(gateway, mfaAccount.key, { name: 'MFA meeting' });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  const as = () => authorizationServer(gateway);
  const basic = (p: PartnerClientFixture) =>
    `Basic ${Buffer.from(`${p.client_id}:${p.client_secret}`).toString('base64')}`;

  /** Token endpoint with a JSON body or a form body. */
  async function tokenRequest(
    body: Record<string, string>,
    options: { query?: string; form?: boolean; authorization?: string } = {},
  ) {
    const headers: Record<string, string> = {
      'content-type': options.form
        ? 'application/x-www-form-urlencoded'
        : 'application/json',
    };
    if (options.authorization) headers.authorization = options.authorization;
    const response = await fetch(
      `${gateway.baseUrl}/papi/v1/oauth/token${options.query ?? ''}`,
      {
        method: 'POST',
        headers,
        body: options.form
          ? new URLSearchParams(body).toString()
          : JSON.stringify(body),
      },
    );
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: JSON.parse(text) as Record<string, unknown>,
    };
  }

  function expectOAuthError(
    result: { status: number; headers: Headers; body: unknown },
    status: number,
    error: string,
  ) {
    expect(result.status).toBe(status);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.headers.get('cache-control')).toBe('no-store');
    const body = OAuthErrorResponse.parse(result.body);
    expect(body.error).toBe(error);
    return body;
  }

  /** Browser part of the flow: the page, the approval, the code (no exchange). */
  async function approve(
    options: {
      client?: PartnerClientFixture;
      user?: UserFixture;
      redirectUri?: string;
      state?: string;
      codeChallenge?: string;
    } = {},
  ): Promise<{ code: string; location: URL }> {
    const client = options.client ?? partner;
    const user = options.user ?? tenant.user;
    const page = browser();
    const form = await page.fetch(
      authorizeUrl(gateway, {
        client_id: client.client_id,
        redirect_uri: options.redirectUri ?? client.redirect_uris[0],
        response_type: 'code',
        scope: 'read',
        state: options.state,
        code_challenge: options.codeChallenge,
        code_challenge_method: options.codeChallenge ? 'S256' : undefined,
      }),
    );
    expect(form.status).toBe(200);
    const approved = await submitForm(gateway, page, await form.text(), {
      action: 'approve',
      email: user.email,
      password: user.password,
      ...(user.totpSecret ? { totp: totpNow(gateway, user.totpSecret) } : {}),
    });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    return { code: location.searchParams.get('code')!, location };
  }

  async function codeCount(): Promise<number> {
    const [row] = await gateway.app
      .get(Database)
      .db.select({ n: count() })
      .from(partnerAuthorizationCodes);
    return Number(row.n);
  }

  const campaigns = (token: string) => api.get('/papi/v1/campaigns', { token });

  describe('the authorization-code flow', () => {
    it('runs end to end with oauth4webapi: page, sign-in, approval, PKCE exchange, campaigns, refresh, campaigns', async () => {
      const client: oauth.Client = { client_id: partner.client_id };
      const clientAuth = oauth.ClientSecretBasic(partner.client_secret);
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const page = browser();

      const form = await page.fetch(
        authorizeUrl(gateway, {
          client_id: partner.client_id,
          redirect_uri: REDIRECT,
          response_type: 'code',
          scope: 'read',
          state,
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        }),
      );
      expect(form.status).toBe(200);
      expect(form.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await form.text();
      expect(html).toContain('Acme Proxy Services');
      expect(html).toMatch(/read-only/);
      expect(html).toContain('<form method="post"');
      expect(html).not.toContain('<script');

      const approved = await submitForm(gateway, page, html, {
        action: 'approve',
        email: tenant.user.email,
        password: tenant.user.password,
      });
      expect(approved.status).toBe(302);
      const location = new URL(approved.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('state')).toBe(state);
      const code = location.searchParams.get('code')!;
      expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);

      const params = oauth.validateAuthResponse(as(), client, location, state);
      const exchanged = await oauth.authorizationCodeGrantRequest(
        as(),
        client,
        clientAuth,
        params,
        REDIRECT,
        verifier,
        insecure,
      );
      expect(exchanged.headers.get('cache-control')).toBe('no-store');
      const tokens = await oauth.processAuthorizationCodeResponse(
        as(),
        client,
        exchanged,
      );
      expect(tokens).toMatchObject({
        token_type: 'bearer',
        scope: 'meetings:read',
        expires_in: 3600,
      });

      const read = async (accessToken: string) => {
        const response = await oauth.protectedResourceRequest(
          accessToken,
          'GET',
          new URL(`${gateway.baseUrl}/papi/v1/campaigns`),
          undefined,
          undefined,
          insecure,
        );
        expect(response.status).toBe(200);
        return Campaign.array().parse(await response.json());
      };
      const first = await read(tokens.access_token);
      expect(first.map((c) => c.key)).toEqual([tenant.meeting.id]);

      const refreshed = await oauth.processRefreshTokenResponse(
        as(),
        client,
        await oauth.refreshTokenGrantRequest(
          as(),
          client,
          clientAuth,
          tokens.refresh_token!,
          insecure,
        ),
      );
      expect(refreshed.refresh_token).toBeDefined();
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(await read(refreshed.access_token)).toEqual(first);
    });

    it('signs in a customer with TOTP, asking for the code when it is missing', async () => {
      const page = browser();
      const form = await page.fetch(
        authorizeUrl(gateway, {
          client_id: partner.client_id,
          redirect_uri: REDIRECT,
          response_type: 'code',
          scope: 'read',
          state: 'mfa-state',
        }),
      );
      const html = await form.text();
      const withoutCode = await submitForm(gateway, page, html, {
        action: 'approve',
        email: mfaUser.email,
        password: mfaUser.password,
      });
      expect(withoutCode.status).toBe(401);
      expect(withoutCode.headers.get('location')).toBeNull();
      const retry = await withoutCode.text();
      expect(retry).toContain('6-digit code');
      expect(retry).toContain(`value="${mfaUser.email}"`);
      expect(retry).not.toContain(mfaUser.password);

      const wrongCode = await submitForm(gateway, page, retry, {
        action: 'approve',
        email: mfaUser.email,
        password: mfaUser.password,
        totp: '000000',
      });
      expect(wrongCode.status).toBe(401);

      const code = totpNow(gateway, mfaUser.totpSecret!);
      const approved = await submitForm(gateway, page, retry, {
        action: 'approve',
        email: mfaUser.email,
        password: mfaUser.password,
        totp: code,
      });
      expect(approved.status).toBe(302);
      const location = new URL(approved.headers.get('location')!);
      expect(location.searchParams.get('state')).toBe('mfa-state');

      // The same TOTP code cannot be used twice (replay protection shared with /auth/token).
      const replay = await submitForm(gateway, page, retry, {
        action: 'approve',
        email: mfaUser.email,
        password: mfaUser.password,
        totp: code,
      });
      expect(replay.status).toBe(401);

      const exchanged = await tokenRequest({
        client_id: partner.client_id,
        client_secret: partner.client_secret,
        code: location.searchParams.get('code')!,
      });
      expect(exchanged.status).toBe(200);
      const list = await campaigns(
        PartnerTokenResponse.parse(exchanged.body).access_token,
      );
      expect(list.body.map((c: { name: string }) => c.name)).toEqual([
        'MFA meeting',
      ]);
    });

    it('takes JSON bodies with client_secret, and ?grant_type=refresh', async () => {
      const { code } = await approve();
      const exchanged = await tokenRequest({
        client_id: partner.client_id,
        client_secret: partner.client_secret,
        code,
      });
      expect(exchanged.status).toBe(200);
      expect(exchanged.headers.get('cache-control')).toBe('no-store');
      const tokens = PartnerTokenResponse.parse(exchanged.body);
      expect(tokens.access_token).toMatch(/^lvp_at_[A-Za-z0-9_-]{43}$/);
      expect(tokens.refresh_token).toMatch(/^lvp_rt_[A-Za-z0-9_-]{43}$/);

      const refreshed = await tokenRequest(
        {
          client_id: partner.client_id,
          client_secret: partner.client_secret,
          refresh_token: tokens.refresh_token,
        },
        { query: '?grant_type=refresh' },
      );
      expect(refreshed.status).toBe(200);
      const next = PartnerTokenResponse.parse(refreshed.body);
      expect((await campaigns(next.access_token)).status).toBe(200);

      const formRefresh = await tokenRequest(
        {
          grant_type: 'refresh_token',
          client_id: partner.client_id,
          client_secret: partner.client_secret,
          refresh_token: next.refresh_token,
        },
        { form: true },
      );
      expect(formRefresh.status).toBe(200);
      PartnerTokenResponse.parse(formRefresh.body);
    });

    it('keeps a registered query string on the redirect URI and appends the code to it', async () => {
      const { location } = await approve({
        redirectUri: 'http://127.0.0.1:8765/cb?tenant=7',
        state: 's&t=1',
      });
      expect(location.searchParams.get('tenant')).toBe('7');
      expect(location.searchParams.get('state')).toBe('s&t=1');
      expect(location.searchParams.get('code')).toBeTruthy();
    });

    it('expires access tokens after an hour while the refresh token still works', async () => {
      const tokens = await grantAccess(gateway, partner, tenant.user);
      gateway.clock.advance(61 * MINUTE);
      expectProblem(await campaigns(tokens.access_token), 401, 'invalid_token');
      const refreshed = await tokenRequest(
        {
          client_id: partner.client_id,
          client_secret: partner.client_secret,
          refresh_token: tokens.refresh_token,
        },
        { query: '?grant_type=refresh' },
      );
      expect(refreshed.status).toBe(200);
    });
  });

  describe('the permission page', () => {
    const valid = () => ({
      client_id: partner.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'read',
      state: 'xyz',
    });

    async function expectErrorPage(url: URL, status = 400) {
      const response = await browser().fetch(url);
      expect(response.status).toBe(status);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).not.toContain('<form');
      return html;
    }

    it('sends no-store, no-referrer, a tight CSP with frame-ancestors none, and escapes the partner name', async () => {
      const sneaky = await registerPartner(gateway, {
        name: '<script>alert("x")</script> & Co',
        redirectUris: ['https://sneaky.example/cb'],
      });
      const response = await browser().fetch(
        authorizeUrl(gateway, {
          client_id: sneaky.client_id,
          redirect_uri: 'https://sneaky.example/cb',
          response_type: 'code',
          scope: 'read',
          state: '"><img src=x onerror=alert(1)>',
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self' https://sneaky.example");
      const html = await response.text();
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co',
      );
      expect(hiddenFields(html).state).toBe('"><img src=x onerror=alert(1)>');
    });

    it('answers an unknown or malformed client_id with a 400 page, never a redirect', async () => {
      await expectErrorPage(
        authorizeUrl(gateway, {
          ...valid(),
          client_id: '7d5f1d9e-2f7c-4a55-9d3e-0a6c3f2b9c11',
        }),
      );
      await expectErrorPage(
        authorizeUrl(gateway, { ...valid(), client_id: 'not-a-client' }),
      );
      await expectErrorPage(
        authorizeUrl(gateway, { ...valid(), client_id: undefined }),
      );
    });

    it('refuses unregistered, prefix-matching and userinfo-trick redirect URIs with a 400 page', async () => {
      const attacks = [
        undefined,
        'https://evil.example/oauth/callback',
        'https://partner.example/oauth/callback/../../evil',
        'https://partner.example/oauth/callbackx',
        'https://partner.example/oauth/callback/more',
        'https://partner.example/oauth/callback?x=1',
        'https://partner.example/oauth/callback#frag',
        'https://partner.example.evil.example/oauth/callback',
        'https://partner.example@evil.example/oauth/callback',
        'https://evil.example\\@partner.example/oauth/callback',
        'https://evil.example/?https://partner.example/oauth/callback',
        'HTTPS://PARTNER.EXAMPLE/oauth/callback',
        'http://partner.example/oauth/callback',
        'https://other.example/cb',
      ];
      for (const redirect_uri of attacks) {
        const html = await expectErrorPage(
          authorizeUrl(gateway, { ...valid(), redirect_uri }),
        );
        expect(html).toContain('redirect_uri');
        expect(html).not.toContain('evil.example');
      }
    });

    it('refuses a repeated redirect_uri with a 400 page', async () => {
      const url = authorizeUrl(gateway, valid());
      url.searchParams.append('redirect_uri', 'https://evil.example/cb');
      await expectErrorPage(url);
    });

    it('redirects unsupported_response_type, invalid_scope and plain PKCE back with the state', async () => {
      const cases: [Record<string, string | undefined>, string][] = [
        [{ response_type: 'token' }, 'unsupported_response_type'],
        [{ response_type: undefined }, 'invalid_request'],
        [{ scope: 'write' }, 'invalid_scope'],
        [{ scope: 'read admin' }, 'invalid_scope'],
        [
          { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
          'invalid_request',
        ],
        [{ code_challenge: 'a'.repeat(43) }, 'invalid_request'],
        [
          { code_challenge: 'short', code_challenge_method: 'S256' },
          'invalid_request',
        ],
      ];
      for (const [change, error] of cases) {
        const response = await browser().fetch(
          authorizeUrl(gateway, { ...valid(), ...change }),
        );
        expect(response.status).toBe(302);
        const location = new URL(response.headers.get('location')!);
        expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
        expect(location.searchParams.get('error')).toBe(error);
        expect(location.searchParams.get('state')).toBe('xyz');
        expect(location.searchParams.get('code')).toBeNull();
      }
    });

    it('accepts a missing scope as read', async () => {
      const response = await browser().fetch(
        authorizeUrl(gateway, { ...valid(), scope: undefined }),
      );
      expect(response.status).toBe(200);
    });

    it('redirects with error=access_denied and the state when the customer denies', async () => {
      const page = browser();
      const form = await page.fetch(authorizeUrl(gateway, valid()));
      const before = await codeCount();
      const denied = await submitForm(gateway, page, await form.text(), {
        action: 'deny',
      });
      expect(denied.status).toBe(302);
      const location = new URL(denied.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('state')).toBe('xyz');
      expect(location.searchParams.get('code')).toBeNull();
      expect(await codeCount()).toBe(before);
    });

    it('refuses a wrong password on the page and issues nothing', async () => {
      const page = browser();
      const form = await page.fetch(authorizeUrl(gateway, valid()));
      const before = await codeCount();
      const refused = await submitForm(gateway, page, await form.text(), {
        action: 'approve',
        email: tenant.user.email,
        password: 'not-the-password',
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.text()).toContain('not correct');
      expect(await codeCount()).toBe(before);
    });

    it('rejects a form post without the CSRF token or cookie (403) and issues nothing', async () => {
      const page = browser();
      const form = await page.fetch(authorizeUrl(gateway, valid()));
      const html = await form.text();
      const before = await codeCount();
      const typed = {
        action: 'approve',
        email: tenant.user.email,
        password: tenant.user.password,
      };

      const { _csrf, ...withoutToken } = hiddenFields(html);
      expect(_csrf).toBeTruthy();
      const noToken = await page.fetch(
        new URL('/login/oauth/authorize', gateway.baseUrl),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...withoutToken, ...typed }).toString(),
        },
      );
      // A cross-site page has the token of another browser, but not this browser's cookie.
      const noCookie = await submitForm(gateway, browser(), html, typed);
      const forged = await submitForm(gateway, page, html, {
        ...typed,
        _csrf: `${_csrf.slice(0, -2)}00`,
      });
      for (const response of [noToken, noCookie, forged]) {
        expect(response.status).toBe(403);
        expect(response.headers.get('location')).toBeNull();
        expect(await response.text()).toContain('CSRF');
      }
      expect(await codeCount()).toBe(before);
    });

    it("rejects a CSRF token bound to another client's request", async () => {
      const page = browser();
      const form = await page.fetch(authorizeUrl(gateway, valid()));
      const fields = hiddenFields(await form.text());
      const response = await page.fetch(
        new URL('/login/oauth/authorize', gateway.baseUrl),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...fields,
            client_id: otherPartner.client_id,
            redirect_uri: 'https://other.example/cb',
            action: 'approve',
            email: tenant.user.email,
            password: tenant.user.password,
          }).toString(),
        },
      );
      expect(response.status).toBe(403);
    });
  });

  describe('the token endpoint', () => {
    const secretBody = (p: PartnerClientFixture = partner) => ({
      client_id: p.client_id,
      client_secret: p.client_secret,
    });

    it('refuses a replayed code with invalid_grant and revokes the tokens of its first exchange', async () => {
      const { code } = await approve();
      const first = await tokenRequest({ ...secretBody(), code });
      expect(first.status).toBe(200);
      const tokens = PartnerTokenResponse.parse(first.body);
      expect((await campaigns(tokens.access_token)).status).toBe(200);

      const replay = await tokenRequest({ ...secretBody(), code });
      const error = expectOAuthError(replay, 400, 'invalid_grant');
      expect(JSON.stringify(error)).not.toContain('access_token');

      expectProblem(await campaigns(tokens.access_token), 401, 'invalid_token');
      expectOAuthError(
        await tokenRequest(
          { ...secretBody(), refresh_token: tokens.refresh_token },
          { query: '?grant_type=refresh' },
        ),
        400,
        'invalid_grant',
      );
    });

    it('revokes the refreshed tokens too when the code is replayed later', async () => {
      const { code } = await approve();
      const first = PartnerTokenResponse.parse(
        (await tokenRequest({ ...secretBody(), code })).body,
      );
      const rotated = PartnerTokenResponse.parse(
        (
          await tokenRequest(
            { ...secretBody(), refresh_token: first.refresh_token },
            { query: '?grant_type=refresh' },
          )
        ).body,
      );
      expectOAuthError(
        await tokenRequest({ ...secretBody(), code }),
        400,
        'invalid_grant',
      );
      expectProblem(await campaigns(rotated.access_token), 401);
    });

    it('lets only one of two simultaneous exchanges of a code win, and revokes what it got', async () => {
      const { code } = await approve();
      const results = await Promise.all([
        tokenRequest({ ...secretBody(), code }),
        tokenRequest({ ...secretBody(), code }),
      ]);
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expectOAuthError(
        results.find((r) => r.status !== 200)!,
        400,
        'invalid_grant',
      );
      const tokens = PartnerTokenResponse.parse(winners[0].body);
      expectProblem(await campaigns(tokens.access_token), 401, 'invalid_token');
    });

    it('refuses a code issued to another client, which its own client can still use', async () => {
      const { code } = await approve();
      expectOAuthError(
        await tokenRequest({ ...secretBody(otherPartner), code }),
        400,
        'invalid_grant',
      );
      expect((await tokenRequest({ ...secretBody(), code })).status).toBe(200);
    });

    it('refuses a redirect_uri other than the one the code was issued for', async () => {
      const { code } = await approve();
      expectOAuthError(
        await tokenRequest({
          ...secretBody(),
          code,
          redirect_uri: 'http://127.0.0.1:8765/cb?tenant=7',
        }),
        400,
        'invalid_grant',
      );
    });

    it('requires the right PKCE verifier when the authorization used PKCE', async () => {
      const verifier = oauth.generateRandomCodeVerifier();
      const { code } = await approve({
        codeChallenge: await oauth.calculatePKCECodeChallenge(verifier),
      });
      expectOAuthError(
        await tokenRequest({ ...secretBody(), code }),
        400,
        'invalid_grant',
      );
      expectOAuthError(
        await tokenRequest({
          ...secretBody(),
          code,
          code_verifier: oauth.generateRandomCodeVerifier(),
        }),
        400,
        'invalid_grant',
      );
      expectOAuthError(
        await tokenRequest({ ...secretBody(), code, code_verifier: 'short' }),
        400,
        'invalid_request',
      );
      expect(
        (await tokenRequest({ ...secretBody(), code, code_verifier: verifier }))
          .status,
      ).toBe(200);
    });

    it('refuses a code_verifier for a code issued without PKCE (no downgrade)', async () => {
      const { code } = await approve();
      expectOAuthError(
        await tokenRequest({
          ...secretBody(),
          code,
          code_verifier: oauth.generateRandomCodeVerifier(),
        }),
        400,
        'invalid_grant',
      );
    });

    it('answers a wrong client secret with 401 invalid_client (WWW-Authenticate for Basic), and issues nothing', async () => {
      const { code } = await approve();
      expectOAuthError(
        await tokenRequest({
          client_id: partner.client_id,
          client_secret: 'wrong',
          code,
        }),
        401,
        'invalid_client',
      );
      const viaBasic = await tokenRequest(
        { code },
        {
          form: true,
          authorization: `Basic ${Buffer.from(`${partner.client_id}:wrong`).toString('base64')}`,
        },
      );
      expectOAuthError(viaBasic, 401, 'invalid_client');
      expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic /);
      expectOAuthError(await tokenRequest({ code }), 401, 'invalid_client');
      expectOAuthError(
        await tokenRequest({
          client_id: '00000000-0000-4000-8000-000000000000',
          client_secret: partner.client_secret,
          code,
        }),
        401,
        'invalid_client',
      );
      // The code survived the failed attempts: client authentication comes first.
      const ok = await tokenRequest(
        { code },
        { authorization: basic(partner) },
      );
      expect(ok.status).toBe(200);
    });

    it('refuses an expired code (over 10 minutes old)', async () => {
      const { code } = await approve();
      gateway.clock.advance(11 * MINUTE);
      expectOAuthError(
        await tokenRequest({ ...secretBody(), code }),
        400,
        'invalid_grant',
      );
    });

    it('revokes the whole family when a rotated refresh token is used again', async () => {
      const tokens = await grantAccess(gateway, partner, tenant.user);
      const refresh = (token: string) =>
        tokenRequest(
          { ...secretBody(), refresh_token: token },
          { query: '?grant_type=refresh' },
        );
      const second = PartnerTokenResponse.parse(
        (await refresh(tokens.refresh_token)).body,
      );
      expect((await campaigns(second.access_token)).status).toBe(200);

      expectOAuthError(
        await refresh(tokens.refresh_token),
        400,
        'invalid_grant',
      );
      expectOAuthError(
        await refresh(second.refresh_token),
        400,
        'invalid_grant',
      );
      expectProblem(await campaigns(second.access_token), 401, 'invalid_token');
      expectProblem(await campaigns(tokens.access_token), 401, 'invalid_token');
    });

    it("refuses another client's refresh token without revoking it", async () => {
      const tokens = await grantAccess(gateway, partner, tenant.user);
      expectOAuthError(
        await tokenRequest(
          { ...secretBody(otherPartner), refresh_token: tokens.refresh_token },
          { query: '?grant_type=refresh' },
        ),
        400,
        'invalid_grant',
      );
      expect((await campaigns(tokens.access_token)).status).toBe(200);
    });

    it('answers malformed requests with RFC 6749 errors, not problem details', async () => {
      expectOAuthError(
        await tokenRequest({ ...secretBody(), grant_type: 'password' }),
        400,
        'unsupported_grant_type',
      );
      expectOAuthError(
        await tokenRequest(secretBody()),
        400,
        'invalid_request',
      );
      expectOAuthError(
        await tokenRequest(secretBody(), { query: '?grant_type=refresh' }),
        400,
        'invalid_request',
      );
      expectOAuthError(
        await tokenRequest(
          { ...secretBody(), grant_type: 'authorization_code', code: 'x' },
          { query: '?grant_type=refresh' },
        ),
        400,
        'invalid_request',
      );
      expectOAuthError(
        await tokenRequest({ ...secretBody(), code: 'not-a-code' }),
        400,
        'invalid_grant',
      );
      const both = await tokenRequest(
        { ...secretBody(), code: 'x' },
        { authorization: basic(partner) },
      );
      expectOAuthError(both, 400, 'invalid_request');

      const typed = await fetch(`${gateway.baseUrl}/papi/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...secretBody(), code: 42 }),
      });
      expectOAuthError(
        {
          status: typed.status,
          headers: typed.headers,
          body: await typed.json(),
        },
        400,
        'invalid_request',
      );
      const repeated = await fetch(`${gateway.baseUrl}/papi/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${partner.client_id}&client_secret=${partner.client_secret}&code=a&code=b`,
      });
      expectOAuthError(
        {
          status: repeated.status,
          headers: repeated.headers,
          body: await repeated.json(),
        },
        400,
        'invalid_request',
      );
    });

    it('answers an unreadable body with invalid_request', async () => {
      for (const [type, body] of [
        ['application/json', '{"code": '],
        ['text/plain', 'code=abc'],
      ]) {
        const response = await fetch(`${gateway.baseUrl}/papi/v1/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
        expectOAuthError(
          {
            status: response.status,
            headers: response.headers,
            body: await response.json(),
          },
          400,
          'invalid_request',
        );
      }
    });
  });

  describe('sign-in attempts on the page', () => {
    it('count against the Auth API rate limit (429 page with Retry-After, no redirect)', async () => {
      const limited = await startGateway({
        databaseUrl: database.url,
        clock: gateway.clock,
        env: {
          AUTH_RATE_LIMIT_PER_USER: '2',
          AUTH_RATE_LIMIT_PER_IP: '1000',
        },
      });
      try {
        const page = browser();
        const form = await page.fetch(
          authorizeUrl(limited, {
            client_id: partner.client_id,
            redirect_uri: REDIRECT,
            response_type: 'code',
            state: 'rl',
          }),
        );
        const html = await form.text();
        const attempt = () =>
          submitForm(limited, page, html, {
            action: 'approve',
            email: tenant.user.email,
            password: 'guess',
          });
        expect((await attempt()).status).toBe(401);
        expect((await attempt()).status).toBe(401);
        const blocked = await attempt();
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(blocked.headers.get('location')).toBeNull();
        expect(await blocked.text()).toContain('Too many sign-in attempts');
      } finally {
        await limited.close();
      }
    });
  });

  describe('partner tokens and the other APIs', () => {
    it('a partner access token does not open /v1: 403, a valid credential without the right', async () => {
      const tokens = await grantAccess(gateway, partner, tenant.user);
      const result = await api.get('/v1/Accounts', {
        token: tokens.access_token,
      });
      expectProblem(result, 403, 'partner_token_forbidden');
      expect(result.text).not.toContain(tenant.account.key);
      expectProblem(
        await api.get(`/v1/Meetings/${tenant.meeting.shortCode}`, {
          token: tokens.access_token,
        }),
        403,
        'partner_token_forbidden',
      );
      // A partner refresh token is not an access credential at all.
      expectProblem(
        await api.get('/v1/Accounts', { token: tokens.refresh_token }),
        401,
        'invalid_token',
      );
    });

    it('answers anything that is not a live credential on /v1 with 401 and a Bearer challenge', async () => {
      const shaped = `lvp_at_${'A'.repeat(43)}`;
      const revoked = await grantAccess(gateway, partner, tenant.user);
      expect((await campaigns(revoked.access_token)).status).toBe(200);
      const { db } = gateway.app.get(Database);
      const [token] = await db
        .select({ grantId: partnerTokens.grantId })
        .from(partnerTokens)
        .where(eq(partnerTokens.tokenHash, hashToken(revoked.access_token)));
      await db
        .update(partnerGrants)
        .set({ revokedAt: new Date() })
        .where(eq(partnerGrants.id, token.grantId));
      expectProblem(
        await campaigns(revoked.access_token),
        401,
        'invalid_token',
      );
      for (const token of [shaped, revoked.access_token, 'garbage']) {
        const result = await api.get('/v1/Accounts', { token });
        expectProblem(result, 401, 'invalid_token');
        expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });

    it('a manager JWT or a refresh token does not open /papi/v1', async () => {
      const jwt = await signIn(gateway, tenant.user);
      const result = await campaigns(jwt);
      expectProblem(result, 401, 'invalid_token');
      expect(result.headers.get('www-authenticate')).toContain(
        'error="invalid_token"',
      );
      const tokens = await grantAccess(gateway, partner, tenant.user);
      expectProblem(await campaigns(tokens.refresh_token), 401);
      expectProblem(await api.get('/papi/v1/campaigns'), 401, 'missing_token');
    });

    it("a partner token reads only the granting customer's campaigns", async () => {
      const other = await createTenant(gateway);
      const tokens = await grantAccess(gateway, partner, tenant.user);
      const own = await api.get(`/papi/v1/campaigns/${tenant.meeting.id}`, {
        token: tokens.access_token,
      });
      expect(own.status).toBe(200);
      CampaignWithStats.parse(own.body);
      const foreign = await api.get(`/papi/v1/campaigns/${other.meeting.id}`, {
        token: tokens.access_token,
      });
      expectProblem(foreign, 404, 'campaign_not_found');
      expect(foreign.text).not.toContain(other.meeting.name);
    });
  });
});
