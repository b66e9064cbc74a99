import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createUser,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The `name=value` and attributes of the one Set-Cookie an answer carries. */
function setCookie(headers: Headers) {
  const all = headers.getSetCookie();
  expect(all).toHaveLength(1);
  const [pair, ...attributes] = all[0].split(';').map((part) => part.trim());
  const [name, ...value] = pair.split('=');
  return {
    name,
    value: value.join('='),
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

describe('Browser sessions (the refresh token cookie)', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let user: UserFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: {
        AUTH_RATE_LIMIT_PER_USER: '1000',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        TRUST_PROXY: 'loopback',
      },
    });
    api = http(gateway.baseUrl);
    user = await createUser(gateway);
    await createAccount(gateway, [user]);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  async function signIn(headers: Record<string, string> = {}) {
    const result = await api.post(
      '/auth/token',
      { username: user.email, password: user.password },
      { headers },
    );
    expect(result.status).toBe(200);
    return { body: result.body, cookie: setCookie(result.headers) };
  }

  const withCookie = (cookie: { name: string; value: string }) => ({
    headers: { cookie: `${cookie.name}=${cookie.value}` },
  });

  it('sets an httpOnly, SameSite=Strict cookie for /auth holding the refresh token, beside the body', async () => {
    const { body, cookie } = await signIn();

    expect(cookie.name).toBe('lv-refresh');
    expect(cookie.value).toBe(body.refresh_token);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/auth']),
    );
    expect(cookie.attributes).not.toContain('secure');
    expect(cookie.attributes.find((a) => a.startsWith('max-age='))).toBe(
      `max-age=${30 * 86_400}`,
    );
  });

  it('marks the cookie Secure (and __Secure-) when the request came over https', async () => {
    const { cookie } = await signIn({ 'x-forwarded-proto': 'https' });
    expect(cookie.name).toBe('__Secure-lv-refresh');
    expect(cookie.attributes).toContain('secure');

    const refreshed = await api.post(
      '/auth/oauth/refresh',
      {},
      {
        headers: {
          'x-forwarded-proto': 'https',
          cookie: `${cookie.name}=${cookie.value}`,
        },
      },
    );
    expect(refreshed.status).toBe(200);
    expect(setCookie(refreshed.headers).name).toBe('__Secure-lv-refresh');
  });

  it('rotates the cookie on each refresh; each new one works once', async () => {
    let { cookie } = await signIn();
    const seen = new Set([cookie.value]);
    for (let i = 0; i < 3; i++) {
      const result = await api.post(
        '/auth/oauth/refresh',
        {},
        withCookie(cookie),
      );
      expect(result.status).toBe(200);
      expect(Object.keys(result.body).sort()).toEqual([
        'access_token',
        'expires_in',
        'grant_type',
        'token_type',
      ]);
      expect(
        (await api.get('/v1/Accounts', { token: result.body.access_token }))
          .status,
      ).toBe(200);
      cookie = setCookie(result.headers);
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['httponly', 'samesite=strict', 'path=/auth']),
      );
      expect(seen.has(cookie.value)).toBe(false);
      seen.add(cookie.value);
    }
  });

  it('a replayed rotated token revokes the whole family, the current cookie and the body token included', async () => {
    const { body, cookie: first } = await signIn();
    const rotated = await api.post(
      '/auth/oauth/refresh',
      {},
      withCookie(first),
    );
    const current = setCookie(rotated.headers);

    const replay = await api.post('/auth/oauth/refresh', {}, withCookie(first));
    expectProblem(replay, 401, 'invalid_refresh_token');
    // the browser's cookie is cleared with the refusal
    expect(setCookie(replay.headers).attributes).toContain(
      'expires=thu, 01 jan 1970 00:00:00 gmt',
    );

    expectProblem(
      await api.post('/auth/oauth/refresh', {}, withCookie(current)),
      401,
      'invalid_refresh_token',
    );
    expectProblem(
      await api.post('/auth/oauth/refresh', {
        refresh_token: body.refresh_token,
      }),
      401,
      'invalid_refresh_token',
    );
    // another sign-in of the same user is another family, untouched
    const other = await signIn();
    expect(
      (await api.post('/auth/oauth/refresh', {}, withCookie(other.cookie)))
        .status,
    ).toBe(200);
  });

  it('a rotated token replayed in the body is detected as well', async () => {
    const { body, cookie } = await signIn();
    await api.post('/auth/oauth/refresh', {}, withCookie(cookie));
    expectProblem(
      await api.post('/auth/oauth/refresh', {
        refresh_token: body.refresh_token,
      }),
      401,
      'invalid_refresh_token',
    );
  });

  it('keeps a body refresh token as it is: API clients get no new one and set no cookie', async () => {
    const { body } = await signIn();
    for (let i = 0; i < 2; i++) {
      const result = await api.post('/auth/oauth/refresh/', {
        refresh_token: body.refresh_token,
      });
      expect(result.status).toBe(200);
      expect(result.headers.getSetCookie()).toEqual([]);
    }
  });

  it('prefers the body token over the cookie when both are sent', async () => {
    const a = await signIn();
    const b = await signIn();
    const result = await api.post(
      '/auth/oauth/refresh',
      { refresh_token: a.body.refresh_token },
      withCookie(b.cookie),
    );
    expect(result.status).toBe(200);
    expect(result.headers.getSetCookie()).toEqual([]);
    // b's cookie was not rotated by that call
    expect(
      (await api.post('/auth/oauth/refresh', {}, withCookie(b.cookie))).status,
    ).toBe(200);
  });

  it('answers 401 to a refresh with neither a body token nor a cookie, and to a made-up cookie', async () => {
    expectProblem(
      await api.post('/auth/oauth/refresh', {}),
      401,
      'invalid_refresh_token',
    );
    expectProblem(
      await api.post(
        '/auth/oauth/refresh',
        {},
        {
          headers: { cookie: 'lv-refresh=made-up' },
        },
      ),
      401,
      'invalid_refresh_token',
    );
  });

  it('sign-out with the cookie revokes its family everywhere and clears the cookie', async () => {
    const { body, cookie } = await signIn();
    const rotated = setCookie(
      (await api.post('/auth/oauth/refresh', {}, withCookie(cookie))).headers,
    );

    const logout = await api.post('/auth/logout', {}, withCookie(rotated));
    expect(logout.status).toBe(204);
    const cleared = setCookie(logout.headers);
    expect(cleared.name).toBe('lv-refresh');
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toContain('path=/auth');

    expectProblem(
      await api.post('/auth/oauth/refresh', {}, withCookie(rotated)),
      401,
      'invalid_refresh_token',
    );
    expectProblem(
      await api.post('/auth/oauth/refresh', {
        refresh_token: body.refresh_token,
      }),
      401,
      'invalid_refresh_token',
    );
  });

  it('a sign-in deletes the user’s dead tokens, keeps every live family whole, and a dead token stays refused', async () => {
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const rows = async () =>
        (
          await sql.query<{ family_id: string; dead: boolean }>(
            `select family_id, (revoked_at is not null or expires_at <= now()) as dead
               from refresh_tokens t join users u on u.id = t.user_id
              where u.email = $1`,
            [user.email],
          )
        ).rows;
      // a browser still signed in, rotated once: its old token must still catch a replay
      const kept = await signIn();
      const keptRotated = setCookie(
        (await api.post('/auth/oauth/refresh', {}, withCookie(kept.cookie)))
          .headers,
      );
      // then another signed out after one rotation: two revoked tokens
      const gone = await signIn();
      const goneRotated = setCookie(
        (await api.post('/auth/oauth/refresh', {}, withCookie(gone.cookie)))
          .headers,
      );
      expect(
        (await api.post('/auth/logout', {}, withCookie(goneRotated))).status,
      ).toBe(204);
      expect((await rows()).some((row) => row.dead)).toBe(true);

      await signIn();
      const after = await rows();
      expect(after.filter((row) => row.dead)).toEqual([]);
      expect(after.length).toBeGreaterThanOrEqual(3);
      // the signed-out browser's tokens are refused as before
      for (const cookie of [gone.cookie, goneRotated])
        expectProblem(
          await api.post('/auth/oauth/refresh', {}, withCookie(cookie)),
          401,
          'invalid_refresh_token',
        );
      // the live family's rotated token is still a replay that ends the family
      expectProblem(
        await api.post('/auth/oauth/refresh', {}, withCookie(kept.cookie)),
        401,
        'invalid_refresh_token',
      );
      expectProblem(
        await api.post('/auth/oauth/refresh', {}, withCookie(keptRotated)),
        401,
        'invalid_refresh_token',
      );
    } finally {
      await sql.end();
    }
  });

  it('sign-out with a body token revokes the tokens rotated from it', async () => {
    const { body, cookie } = await signIn();
    const rotated = setCookie(
      (await api.post('/auth/oauth/refresh', {}, withCookie(cookie))).headers,
    );
    expect(
      (await api.post('/auth/logout', { refresh_token: body.refresh_token }))
        .status,
    ).toBe(204);
    expectProblem(
      await api.post('/auth/oauth/refresh', {}, withCookie(rotated)),
      401,
      'invalid_refresh_token',
    );
  });

  it('refuses a cookie after a password change, like any refresh token', async () => {
    const other = await createUser(gateway);
    const signedIn = await api.post('/auth/token', {
      username: other.email,
      password: other.password,
    });
    const cookie = setCookie(signedIn.headers);
    gateway.clock.advance(1_000);
    const { UsersService } = await import('../src/identity/users.service');
    await gateway.app
      .get(UsersService)
      .changePassword(other.email, 'a-new-password-1');
    expectProblem(
      await api.post('/auth/oauth/refresh', {}, withCookie(cookie)),
      401,
      'invalid_refresh_token',
    );
  });

  it('does not count refreshes with a live cookie against the address, only failed ones', async () => {
    const strict = await startGateway({
      databaseUrl: database.url,
      env: { AUTH_RATE_LIMIT_PER_USER: '100', AUTH_RATE_LIMIT_PER_IP: '4' },
    });
    try {
      const strictApi = http(strict.baseUrl);
      const signedIn = await strictApi.post('/auth/token', {
        username: user.email,
        password: user.password,
      });
      let cookie = setCookie(signedIn.headers);
      // every tab of a browser refreshes when it opens: ten of them
      for (let i = 0; i < 10; i++) {
        const result = await strictApi.post(
          '/auth/oauth/refresh',
          {},
          withCookie(cookie),
        );
        expect(result.status, result.text).toBe(200);
        cookie = setCookie(result.headers);
      }
      const answers: number[] = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          (
            await strictApi.post('/auth/oauth/refresh', {
              refresh_token: `made-up-${i}`,
            })
          ).status,
        );
      expect(answers).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});
