import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TotpService } from '../src/identity/totp.service';
import {
  createAccount,
  createUser,
  signIn,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('One-time codes turned on by the signed-in user', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let totp: TotpService;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({
      databaseUrl: database.url,
      env: { AUTH_RATE_LIMIT_PER_USER: '50', AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    api = http(gateway.baseUrl);
    totp = gateway.app.get(TotpService);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  async function newUser(): Promise<{ user: UserFixture; token: string }> {
    const user = await createUser(gateway);
    await createAccount(gateway, [user]);
    return { user, token: await signIn(gateway, user) };
  }

  const codeNow = (secret: string) => totp.codeAt(secret, gateway.clock.now());

  it('gives a secret to scan, stores nothing until a code and the password confirm it, then sign-in asks for codes', async () => {
    const { user, token } = await newUser();
    const asked = await api.post('/auth/mfa/secret', {}, { token });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    const { secret, otpauthUrl } = asked.body as {
      secret: string;
      otpauthUrl: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(otpauthUrl)).toContain(user.email);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // asking for a secret changed nothing: the password alone still signs in
    expect(await signIn(gateway, user)).toBeTruthy();

    const enrolled = await api.post(
      '/auth/mfa',
      { password: user.password, secret, mfaToken: codeNow(secret) },
      { token },
    );
    expect(enrolled.status, enrolled.text).toBe(204);

    expectProblem(
      await api.post('/auth/token', {
        username: user.email,
        password: user.password,
      }),
      401,
      'mfa_required',
    );
    // the code that confirmed it is spent
    expectProblem(
      await api.post('/auth/token', {
        username: user.email,
        password: user.password,
        mfaToken: codeNow(secret),
      }),
      401,
      'invalid_credentials',
    );
    gateway.clock.advance(30_000);
    const withCode = await api.post('/auth/token', {
      username: user.email,
      password: user.password,
      mfaToken: codeNow(secret),
    });
    expect(withCode.status, withCode.text).toBe(200);

    // once on, neither a new secret nor a second enrolment
    expectProblem(
      await api.post('/auth/mfa/secret', {}, { token }),
      409,
      'mfa_enrolled',
    );
    const other = totp.newSecret();
    expectProblem(
      await api.post(
        '/auth/mfa',
        { password: user.password, secret: other, mfaToken: codeNow(other) },
        { token },
      ),
      409,
      'mfa_enrolled',
    );
  });

  it('turns codes off with the password and a current code, and on again with a new secret', async () => {
    const { user, token } = await newUser();
    expectProblem(
      await api.post(
        '/auth/mfa/off',
        { password: user.password, mfaToken: '123456' },
        { token },
      ),
      409,
      'mfa_not_enrolled',
    );
    const first = (
      (await api.post('/auth/mfa/secret', {}, { token })).body as {
        secret: string;
      }
    ).secret;
    expect(
      (
        await api.post(
          '/auth/mfa',
          { password: user.password, secret: first, mfaToken: codeNow(first) },
          { token },
        )
      ).status,
    ).toBe(204);
    // the code that turned codes on is spent; a wrong password or code changes nothing
    expectProblem(
      await api.post(
        '/auth/mfa/off',
        { password: user.password, mfaToken: codeNow(first) },
        { token },
      ),
      400,
      'invalid_mfa_token',
    );
    gateway.clock.advance(30_000);
    expectProblem(
      await api.post(
        '/auth/mfa/off',
        { password: 'not-the-password', mfaToken: codeNow(first) },
        { token },
      ),
      400,
      'invalid_password',
    );
    expectProblem(
      await api.post('/auth/mfa/off', { password: user.password }, { token }),
      400,
    );
    const off = await api.post(
      '/auth/mfa/off',
      { password: user.password, mfaToken: codeNow(first) },
      { token },
    );
    expect(off.status, off.text).toBe(204);
    // the password alone signs in again, and a new phone can be enrolled
    expect(await signIn(gateway, user)).toBeTruthy();
    const second = (
      (await api.post('/auth/mfa/secret', {}, { token })).body as {
        secret: string;
      }
    ).secret;
    expect(second).not.toBe(first);
    gateway.clock.advance(30_000);
    expect(
      (
        await api.post(
          '/auth/mfa',
          {
            password: user.password,
            secret: second,
            mfaToken: codeNow(second),
          },
          { token },
        )
      ).status,
    ).toBe(204);
    expectProblem(
      await api.post('/auth/token', {
        username: user.email,
        password: user.password,
      }),
      401,
      'mfa_required',
    );
  });

  it('refuses a wrong password or code with a 400 that keeps the session, and changes nothing', async () => {
    const { user, token } = await newUser();
    const secret = (
      (await api.post('/auth/mfa/secret', {}, { token })).body as {
        secret: string;
      }
    ).secret;
    expectProblem(
      await api.post(
        '/auth/mfa',
        { password: 'not-the-password', secret, mfaToken: codeNow(secret) },
        { token },
      ),
      400,
      'invalid_password',
    );
    const wrong = String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    expectProblem(
      await api.post(
        '/auth/mfa',
        { password: user.password, secret, mfaToken: wrong },
        { token },
      ),
      400,
      'invalid_mfa_token',
    );
    // a code of another secret proves nothing about this one
    const other = totp.newSecret();
    expectProblem(
      await api.post(
        '/auth/mfa',
        { password: user.password, secret, mfaToken: codeNow(other) },
        { token },
      ),
      400,
      'invalid_mfa_token',
    );
    // nothing changed: the password alone signs in, and the session still works
    expect(await signIn(gateway, user)).toBeTruthy();
    expect((await api.get('/v1/Accounts', { token })).status).toBe(200);
  });

  it.each([
    ['an unknown field', { extra: true }],
    ['a secret that is not base32', { secret: 'not-base32!' }],
    ['a secret too short', { secret: 'ABCDEFGH' }],
    ['a code of five digits', { mfaToken: '12345' }],
    ['a code with a control character', { mfaToken: '12345\u0000' }],
    ['a password of the wrong type', { password: 42 }],
  ])('answers 400 with problem details for %s', async (_, change) => {
    const { user, token } = await newUser();
    const secret = totp.newSecret();
    const result = await api.post(
      '/auth/mfa',
      {
        password: user.password,
        secret,
        mfaToken: codeNow(secret),
        ...change,
      },
      { token },
    );
    expectProblem(result, 400);
    expect(await signIn(gateway, user)).toBeTruthy();
  });

  it('answers 401 without a manager token, and 401 for a token that is no manager’s', async () => {
    expectProblem(await api.post('/auth/mfa/secret', {}), 401);
    expectProblem(
      await api.post('/auth/mfa', {
        password: 'x',
        secret: totp.newSecret(),
        mfaToken: '123456',
      }),
      401,
    );
    expectProblem(
      await api.post('/auth/mfa/secret', {}, { token: 'not.a.jwt' }),
      401,
    );
  });

  it('counts wrong passwords against the Auth API’s limit per user', async () => {
    const { token } = await newUser();
    const secret = totp.newSecret();
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++)
      statuses.push(
        (
          await api.post(
            '/auth/mfa',
            { password: `guess-${i}`, secret, mfaToken: codeNow(secret) },
            { token },
          )
        ).status,
      );
    // 50 attempts a minute for the user, its sign-in included: the 50th is refused
    const limited = statuses.indexOf(429);
    expect(limited).toBe(49);
    expect(statuses.slice(0, limited).every((status) => status === 400)).toBe(
      true,
    );
    expect(statuses.slice(limited).every((status) => status === 429)).toBe(
      true,
    );
  });
});
