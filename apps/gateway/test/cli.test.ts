import { eq } from 'drizzle-orm';
import { verifySync, generateSync } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, runCli } from '../src/cli/cli';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { Database } from '../src/database/database';
import { partnerClients } from '../src/database/schema';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/demo/demo-seed.service';
import { expectProblem, http } from './support/http';
import { startGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('admin CLI', () => {
  let database: TestDatabase;
  let config: AppConfig;

  beforeAll(async () => {
    database = await createTestDatabase();
    config = loadConfig({
      DATABASE_URL: database.url,
      JWT_SECRET: 'cli-secret-cli-secret-cli-secret-0123',
      LOG_LEVEL: 'silent',
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('creates an account and a user, links them, and the user can sign in and see it', async () => {
    const account = (await runCli(
      [
        'account:create',
        '--name',
        'Lakeside Towers',
        '--short',
        'Lakeside',
        '--json',
      ],
      config,
    )) as {
      key: string;
      name: string;
      nameShort: string;
    };
    expect(account).toMatchObject({
      name: 'Lakeside Towers',
      nameShort: 'Lakeside',
    });
    const user = (await runCli(
      [
        'user:create',
        '--email',
        'pat@example.test',
        '--password',
        'lakeside-pw-1',
        '--name',
        'Pat',
      ],
      config,
    )) as {
      id: string;
      email: string;
      totpSecret?: string;
    };
    expect(user).toEqual({ id: expect.any(String), email: 'pat@example.test' });
    expect(
      await runCli(
        [
          'account:add-user',
          '--account',
          account.key,
          '--email',
          'pat@example.test',
        ],
        config,
      ),
    ).toEqual({ ok: true });

    const gateway = await startGateway({ databaseUrl: database.url });
    try {
      const api = http(gateway.baseUrl);
      const token = (
        await api.post('/auth/token', {
          username: 'pat@example.test',
          password: 'lakeside-pw-1',
        })
      ).body.access_token;
      const accounts = await api.get('/v1/Accounts', { token });
      expect(accounts.body.map((a: { key: string }) => a.key)).toEqual([
        account.key,
      ]);
      expect(
        await runCli(
          [
            'account:remove-user',
            '--account',
            account.key,
            '--email',
            'pat@example.test',
          ],
          config,
        ),
      ).toEqual({ ok: true });
      expectProblem(
        await api.get(`/v1/Accounts/${account.key}`, { token }),
        404,
      );
    } finally {
      await gateway.close();
    }
  });

  it('enrols TOTP with --mfa and prints the secret and otpauth URL once', async () => {
    const user = (await runCli(
      [
        'user:create',
        '--email',
        'mfa@example.test',
        '--password',
        'mfa-user-pw',
        '--mfa',
      ],
      config,
    )) as {
      totpSecret: string;
      otpauthUrl: string;
    };
    expect(user.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/LiveVote:mfa%40example\.test\?secret=/,
    );
    const code = generateSync({ secret: user.totpSecret });
    expect(verifySync({ secret: user.totpSecret, token: code }).valid).toBe(
      true,
    );
  });

  it('turns a lost authenticator off with user:reset-mfa: the password alone signs in again', async () => {
    await runCli(
      [
        'user:create',
        '--email',
        'lost-phone@example.test',
        '--password',
        'lost-phone-pw',
        '--mfa',
      ],
      config,
    );
    const gateway = await startGateway({ databaseUrl: database.url });
    try {
      const api = http(gateway.baseUrl);
      const signIn = () =>
        api.post('/auth/token', {
          username: 'lost-phone@example.test',
          password: 'lost-phone-pw',
        });
      expectProblem(await signIn(), 401, 'mfa_required');
      expect(
        await runCli(
          ['user:reset-mfa', '--email', 'lost-phone@example.test'],
          config,
        ),
      ).toEqual({ ok: true });
      expect((await signIn()).status).toBe(200);
      await expect(
        runCli(['user:reset-mfa', '--email', 'nobody@example.test'], config),
      ).rejects.toThrow(/user_not_found|No user/);
    } finally {
      await gateway.close();
    }
  });

  it('registers a partner with its redirect URIs and prints the secret once, stored hashed', async () => {
    const registered = (await runCli(
      [
        'partner:register',
        '--name',
        'Acme Proxy',
        '--redirect-uri',
        'https://acme.example/callback',
        '--redirect-uri',
        'http://localhost:8080/callback',
        '--json',
      ],
      config,
    )) as { client_id: string; client_secret: string; redirect_uris: string[] };
    expect(registered).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      redirect_uris: [
        'https://acme.example/callback',
        'http://localhost:8080/callback',
      ],
    });
    const gateway = await startGateway({ databaseUrl: database.url });
    try {
      const [row] = await gateway.app
        .get(Database)
        .db.select()
        .from(partnerClients)
        .where(eq(partnerClients.id, registered.client_id));
      expect(row.secretHash).toMatch(/^\$argon2id\$/);
      expect(row.secretHash).not.toContain(registered.client_secret);
      const page = await fetch(
        `${gateway.baseUrl}/login/oauth/authorize?client_id=${registered.client_id}&redirect_uri=${encodeURIComponent('http://localhost:8080/callback')}&response_type=code&scope=read`,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Acme Proxy');
    } finally {
      await gateway.close();
    }
    await expect(
      runCli(['partner:register', '--name', 'No URI'], config),
    ).rejects.toThrow(/invalid_redirect_uri/);
    await expect(
      runCli(
        [
          'partner:register',
          '--name',
          'Plain http',
          '--redirect-uri',
          'http://acme.example/callback',
        ],
        config,
      ),
    ).rejects.toThrow(/invalid_redirect_uri.*https/);
    await expect(
      runCli(
        [
          'partner:register',
          '--name',
          'Tricky',
          '--redirect-uri',
          'https://acme.example/cb#x',
        ],
        config,
      ),
    ).rejects.toThrow(/fragment/);
  });

  it('fails with a message for bad input', async () => {
    await expect(runCli(['account:create'], config)).rejects.toThrow(
      new CliError('--name is required'),
    );
    await expect(runCli(['nope'], config)).rejects.toThrow(
      /unknown command nope/,
    );
    await expect(
      runCli(['account:create', '--name', 'X', '--bogus'], config),
    ).rejects.toThrow(CliError);
    await expect(
      runCli(
        [
          'user:create',
          '--email',
          'pat@example.test',
          '--password',
          'another-pw-1',
        ],
        config,
      ),
    ).rejects.toThrow(/user_exists/);
    await expect(
      runCli(
        [
          'account:add-user',
          '--account',
          'not-a-uuid',
          '--email',
          'pat@example.test',
        ],
        config,
      ),
    ).rejects.toThrow(/account_not_found/);
  });

  it('grants and removes roles, keeps an owner, and refuses an unknown role or a clerk with another', async () => {
    const account = (await runCli(
      ['account:create', '--name', 'Role Towers'],
      config,
    )) as { key: string };
    await runCli(
      ['user:create', '--email', 'sam@example.test', '--password', 'sam-pw-1'],
      config,
    );
    const roles = (args: string[]) =>
      runCli(
        [
          'account:set-roles',
          '--account',
          account.key,
          '--email',
          'sam@example.test',
          ...args,
        ],
        config,
      );
    // only a user of the account has roles there
    await expect(roles(['--role', 'scrutineer'])).rejects.toThrow(/not_member/);
    await runCli(
      [
        'account:add-user',
        '--account',
        account.key,
        '--email',
        'sam@example.test',
      ],
      config,
    );
    // the account's first user is its first owner, and the last owner stays one
    await expect(roles(['--role', 'scrutineer'])).rejects.toThrow(/last_owner/);
    expect(await roles(['--role', 'owner', '--role', 'scrutineer'])).toEqual({
      roles: ['owner', 'scrutineer'],
    });
    await runCli(
      ['user:create', '--email', 'kim@example.test', '--password', 'kim-pw-1'],
      config,
    );
    await runCli(
      [
        'account:add-user',
        '--account',
        account.key,
        '--email',
        'kim@example.test',
      ],
      config,
    );
    expect(
      await runCli(
        [
          'account:set-roles',
          '--account',
          account.key,
          '--email',
          'kim@example.test',
          '--role',
          'owner',
        ],
        config,
      ),
    ).toEqual({ roles: ['owner'] });
    expect(await roles(['--role', 'scrutineer'])).toEqual({
      roles: ['scrutineer'],
    });
    await expect(roles(['--role', 'auditor'])).rejects.toThrow(
      new CliError('--role must be one of: owner, scrutineer, clerk'),
    );
    await expect(roles(['--role', 'clerk', '--role', 'owner'])).rejects.toThrow(
      new CliError('--role: clerk combines with no other role.'),
    );
    expect(await roles(['--role', 'clerk'])).toEqual({ roles: ['clerk'] });
    expect(await roles([])).toEqual({ roles: [] });
  });

  it('refuses to create the published demo chair on PostgreSQL unless asked by name', async () => {
    await expect(runCli(['demo:seed'], config)).rejects.toThrow(
      /--allow-postgres/,
    );
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select count(*)::int as n from users where email = $1',
        [DEMO_EMAIL],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('seeds the demo once and reports the same demo afterwards', async () => {
    const first = (await runCli(['demo:seed', '--allow-postgres'], config)) as {
      created: boolean;
      accountKey: string;
      signIn: { username: string; password: string };
      meeting: { shortCode: string };
    };
    expect(first.created).toBe(true);
    expect(first.signIn).toMatchObject({
      username: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(first.meeting.shortCode).toMatch(/^[a-z0-9]{6,}$/);
    const second = (await runCli(
      ['demo:seed', '--allow-postgres'],
      config,
    )) as typeof first;
    expect(second.created).toBe(false);
    expect(second.accountKey).toBe(first.accountKey);
    expect(second.meeting.shortCode).toBe(first.meeting.shortCode);
  });
});
