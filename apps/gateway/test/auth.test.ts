import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersService } from '../src/identity/users.service';
import {
  createAccount,
  createUser,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Auth API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let plain: UserFixture;
  let withMfa: UserFixture;

  const totpAt = (secret: string, at = gateway.clock.now()) =>
    generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { AUTH_RATE_LIMIT_PER_USER: '1000', AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    api = http(gateway.baseUrl);
    plain = await createUser(gateway);
    withMfa = await createUser(gateway, { mfa: true });
    await createAccount(gateway, [plain, withMfa]);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  describe('POST /auth/token', () => {
    it('signs in with e-mail and password and answers the token response shape', async () => {
      const result = await api.post('/auth/token', {
        username: plain.email,
        password: plain.password,
      });
      expect(result.status).toBe(200);
      expect(Object.keys(result.body).sort()).toEqual([
        'access_token',
        'expires_in',
        'grant_type',
        'refresh_token',
        'token_type',
      ]);
      expect(result.body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 300,
        grant_type: 'username+password',
      });
      expect(result.headers.get('cache-control')).toBe('no-store');
      const accounts = await api.get('/v1/Accounts', {
        token: result.body.access_token,
      });
      expect(accounts.status).toBe(200);
    });

    it('matches the e-mail case-insensitively', async () => {
      const result = await api.post('/auth/token', {
        username: plain.email.toUpperCase(),
        password: plain.password,
      });
      expect(result.status).toBe(200);
    });

    it('puts sub, aud and a 300 s lifetime in the JWT', async () => {
      const result = await api.post('/auth/token', {
        username: plain.email,
        password: plain.password,
      });
      const claims = JSON.parse(
        Buffer.from(
          result.body.access_token.split('.')[1],
          'base64url',
        ).toString(),
      );
      expect(claims).toMatchObject({ sub: plain.id, aud: 'management' });
      expect(claims.exp - claims.iat).toBe(300);
      expect(claims.iat).toBe(gateway.clock.nowSeconds());
    });

    it('refuses a wrong password and an unknown user alike', async () => {
      const wrong = expectProblem(
        await api.post('/auth/token', {
          username: plain.email,
          password: 'not-it',
        }),
        401,
        'invalid_credentials',
      );
      const unknown = expectProblem(
        await api.post('/auth/token', {
          username: 'nobody@example.test',
          password: 'whatever',
        }),
        401,
        'invalid_credentials',
      );
      expect(wrong.detail).toBe(unknown.detail);
    });

    it('asks for the one-time code when TOTP is enrolled', async () => {
      expectProblem(
        await api.post('/auth/token', {
          username: withMfa.email,
          password: withMfa.password,
        }),
        401,
        'mfa_required',
      );
    });

    it('refuses a wrong one-time code', async () => {
      const good = totpAt(withMfa.totpSecret!);
      const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
      expectProblem(
        await api.post('/auth/token', {
          username: withMfa.email,
          password: withMfa.password,
          mfaToken: wrong,
        }),
        401,
        'invalid_credentials',
      );
    });

    it('refuses a code from a window long past', async () => {
      const stale = totpAt(
        withMfa.totpSecret!,
        new Date(gateway.clock.nowMs() - 5 * 60_000),
      );
      expectProblem(
        await api.post('/auth/token', {
          username: withMfa.email,
          password: withMfa.password,
          mfaToken: stale,
        }),
        401,
        'invalid_credentials',
      );
    });

    it('signs in with a valid code once and refuses the same code replayed', async () => {
      gateway.clock.advance(60_000);
      const code = totpAt(withMfa.totpSecret!);
      const first = await api.post('/auth/token', {
        username: withMfa.email,
        password: withMfa.password,
        mfaToken: code,
      });
      expect(first.status).toBe(200);
      expectProblem(
        await api.post('/auth/token', {
          username: withMfa.email,
          password: withMfa.password,
          mfaToken: code,
        }),
        401,
        'invalid_credentials',
      );
      gateway.clock.advance(30_000);
      const next = await api.post('/auth/token', {
        username: withMfa.email,
        password: withMfa.password,
        mfaToken: totpAt(withMfa.totpSecret!),
      });
      expect(next.status).toBe(200);
    });

    it('rejects unknown fields, wrong types and missing fields with problem details', async () => {
      const unknown = expectProblem(
        await api.post('/auth/token', {
          username: plain.email,
          password: plain.password,
          admin: true,
        }),
        400,
        'validation_failed',
      );
      expect(unknown.errors).toContainEqual({
        path: 'admin',
        message: 'Unknown field.',
      });
      const wrongType = expectProblem(
        await api.post('/auth/token', {
          username: 42,
          password: plain.password,
        }),
        400,
      );
      expect(wrongType.errors?.[0].path).toBe('username');
      expectProblem(
        await api.post('/auth/token', { username: plain.email }),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.post('/auth/token', [1, 2]),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.post('/auth/token', {
          username: withMfa.email,
          password: withMfa.password,
          mfaToken: 'abc',
        }),
        400,
        'validation_failed',
      );
    });

    it('answers malformed JSON with 400', async () => {
      const result = await api.request('POST', '/auth/token', undefined, {
        raw: '{"username": "x",',
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(result, 400, 'bad_request');
    });

    it('refuses a 2 MiB body with 413 before reading it all', async () => {
      const huge = JSON.stringify({
        username: 'x',
        password: 'y'.repeat(2 * 1024 * 1024),
      });
      expectProblem(
        await api.request('POST', '/auth/token', undefined, {
          raw: huge,
          headers: { 'content-type': 'application/json' },
        }),
        413,
        'payload_too_large',
      );
    });

    it('refuses a body of another content type with 415', async () => {
      expectProblem(
        await api.request('POST', '/auth/token', undefined, {
          raw: 'username=x&password=y',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
        'unsupported_media_type',
      );
    });
  });

  describe('POST /auth/oauth/refresh/', () => {
    it('exchanges a refresh token for a new JWT without a new refresh token, with and without the slash', async () => {
      const signIn = await api.post('/auth/token', {
        username: plain.email,
        password: plain.password,
      });
      for (const path of ['/auth/oauth/refresh/', '/auth/oauth/refresh']) {
        const result = await api.post(path, {
          refresh_token: signIn.body.refresh_token,
        });
        expect(result.status).toBe(200);
        expect(Object.keys(result.body).sort()).toEqual([
          'access_token',
          'expires_in',
          'grant_type',
          'token_type',
        ]);
        expect(result.body).toMatchObject({
          token_type: 'Bearer',
          expires_in: 300,
          grant_type: 'refresh_token',
        });
        expect(
          (await api.get('/v1/Accounts', { token: result.body.access_token }))
            .status,
        ).toBe(200);
      }
    });

    it('refuses an unknown refresh token', async () => {
      expectProblem(
        await api.post('/auth/oauth/refresh/', { refresh_token: 'made-up' }),
        401,
        'invalid_refresh_token',
      );
    });

    it('refuses an access token where a refresh token belongs', async () => {
      const signIn = await api.post('/auth/token', {
        username: plain.email,
        password: plain.password,
      });
      expectProblem(
        await api.post('/auth/oauth/refresh/', {
          refresh_token: signIn.body.access_token,
        }),
        401,
        'invalid_refresh_token',
      );
    });

    it('refuses a refresh token after it expires (30 days)', async () => {
      const user = await createUser(gateway);
      const signIn = await api.post('/auth/token', {
        username: user.email,
        password: user.password,
      });
      gateway.clock.advance(29 * 86_400_000);
      expect(
        (
          await api.post('/auth/oauth/refresh/', {
            refresh_token: signIn.body.refresh_token,
          })
        ).status,
      ).toBe(200);
      gateway.clock.advance(2 * 86_400_000);
      expectProblem(
        await api.post('/auth/oauth/refresh/', {
          refresh_token: signIn.body.refresh_token,
        }),
        401,
        'invalid_refresh_token',
      );
    });

    it('kills refresh tokens when the password changes', async () => {
      const user = await createUser(gateway);
      const signIn = await api.post('/auth/token', {
        username: user.email,
        password: user.password,
      });
      await gateway.app
        .get(UsersService)
        .changePassword(user.email, 'a-brand-new-password');
      expectProblem(
        await api.post('/auth/oauth/refresh/', {
          refresh_token: signIn.body.refresh_token,
        }),
        401,
        'invalid_refresh_token',
      );
      expectProblem(
        await api.post('/auth/token', {
          username: user.email,
          password: user.password,
        }),
        401,
        'invalid_credentials',
      );
      expect(
        (
          await api.post('/auth/token', {
            username: user.email,
            password: 'a-brand-new-password',
          })
        ).status,
      ).toBe(200);
    });

    it('rejects unknown fields', async () => {
      expectProblem(
        await api.post('/auth/oauth/refresh/', {
          refresh_token: 'x',
          grant_type: 'refresh_token',
        }),
        400,
        'validation_failed',
      );
    });
  });

  describe('POST /auth/logout', () => {
    const signInAs = async (user: UserFixture) =>
      (
        await api.post('/auth/token', {
          username: user.email,
          password: user.password,
        })
      ).body as { refresh_token: string };

    it('revokes the refresh token: refreshing with it afterwards is a 401, other sessions live on', async () => {
      const user = await createUser(gateway);
      const signedOut = await signInAs(user);
      const otherTab = await signInAs(user);

      const logout = await api.post('/auth/logout', {
        refresh_token: signedOut.refresh_token,
      });
      expect(logout.status).toBe(204);
      expect(logout.text).toBe('');
      expect(logout.headers.get('cache-control')).toBe('no-store');

      for (const path of ['/auth/oauth/refresh/', '/auth/oauth/refresh']) {
        expectProblem(
          await api.post(path, { refresh_token: signedOut.refresh_token }),
          401,
          'invalid_refresh_token',
        );
      }
      expect(
        (
          await api.post('/auth/oauth/refresh/', {
            refresh_token: otherTab.refresh_token,
          })
        ).status,
      ).toBe(200);
    });

    it('answers 204 for an unknown or already revoked token, telling nothing', async () => {
      const signedIn = await signInAs(plain);
      const first = await api.post('/auth/logout', {
        refresh_token: signedIn.refresh_token,
      });
      const again = await api.post('/auth/logout', {
        refresh_token: signedIn.refresh_token,
      });
      const unknown = await api.post('/auth/logout', {
        refresh_token: 'never-issued',
      });
      expect([first.status, again.status, unknown.status]).toEqual([
        204, 204, 204,
      ]);
    });

    it('refuses a malformed body with 400 (an empty one signs the session cookie out)', async () => {
      for (const body of [
        { refresh_token: '' },
        { refresh_token: 42 },
        { refresh_token: 'x'.repeat(513) },
        { refresh_token: 'x', everything: true },
      ]) {
        expectProblem(
          await api.post('/auth/logout', body),
          400,
          'validation_failed',
        );
      }
      expectProblem(
        await api.post('/auth/logout', undefined, {
          headers: { 'content-type': 'application/json' },
          raw: '{"refresh_token":',
        }),
        400,
      );
    });
  });

  describe('the /v1 JWT guard', () => {
    it('refuses a request without a token', async () => {
      const result = await api.get('/v1/Accounts');
      expectProblem(result, 401, 'missing_token');
      expect(result.headers.get('www-authenticate')).toContain('Bearer');
    });

    it('refuses an expired JWT', async () => {
      const signIn = await api.post('/auth/token', {
        username: plain.email,
        password: plain.password,
      });
      gateway.clock.advance(299_000);
      expect(
        (await api.get('/v1/Accounts', { token: signIn.body.access_token }))
          .status,
      ).toBe(200);
      gateway.clock.advance(2_000);
      const expired = await api.get('/v1/Accounts', {
        token: signIn.body.access_token,
      });
      expectProblem(expired, 401, 'invalid_token');
      expect(expired.headers.get('www-authenticate')).toContain(
        'error="invalid_token"',
      );
    });

    it('refuses a tampered JWT', async () => {
      const signIn = await api.post('/auth/token', {
        username: plain.email,
        password: plain.password,
      });
      const [header, payload, signature] = signIn.body.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(
        JSON.stringify({ ...claims, sub: withMfa.id }),
      ).toString('base64url');
      expectProblem(
        await api.get('/v1/Accounts', {
          token: `${header}.${forged}.${signature}`,
        }),
        401,
        'invalid_token',
      );
      const flipped =
        signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
      expectProblem(
        await api.get('/v1/Accounts', {
          token: `${header}.${payload}.${flipped}`,
        }),
        401,
        'invalid_token',
      );
    });

    it('refuses an unsigned (alg none) JWT', async () => {
      const none = (value: object) =>
        Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = gateway.clock.nowSeconds();
      const token = `${none({ alg: 'none', typ: 'JWT' })}.${none({ sub: plain.id, aud: 'management', iat: now, exp: now + 300 })}.`;
      expectProblem(
        await api.get('/v1/Accounts', {
          headers: { authorization: `Bearer ${token}` },
        }),
        401,
        'invalid_token',
      );
    });
  });

  it('gives every response a correlation id and echoes a sane one', async () => {
    const generated = await api.get('/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.post(
      '/auth/token',
      { username: 'x', password: 'y' },
      { headers: { 'x-request-id': 'trace-123' } },
    );
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    expect(expectProblem(echoed, 401).correlationId).toBe('trace-123');
    const insane = await api.get('/healthz', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(insane.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});
