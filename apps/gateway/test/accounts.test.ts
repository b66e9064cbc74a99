import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createUser,
  type UserFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe('Accounts API', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let alice: UserFixture;
  let bob: UserFixture;
  let aliceToken: string;
  let bobToken: string;
  let harbour: { key: string; name: string };
  let maple: { key: string; name: string };
  let bobsAccount: { key: string; name: string };

  const signIn = async (user: UserFixture) =>
    (
      await api.post('/auth/token', {
        username: user.email,
        password: user.password,
      })
    ).body.access_token as string;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    alice = await createUser(gateway);
    bob = await createUser(gateway);
    harbour = await createAccount(gateway, [alice], {
      name: 'Harbourview Condos',
      nameShort: 'HV',
    });
    maple = await createAccount(gateway, [alice], { name: 'Maple 100%_Court' });
    bobsAccount = await createAccount(gateway, [bob], { name: 'Bob Holdings' });
    aliceToken = await signIn(alice);
    bobToken = await signIn(bob);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  describe('GET /v1/Accounts', () => {
    it("lists only the caller's accounts with their key and name", async () => {
      const result = await api.get('/v1/Accounts', { token: aliceToken });
      expect(result.status).toBe(200);
      expect(result.body.map((a: { key: string }) => a.key).sort()).toEqual(
        [harbour.key, maple.key].sort(),
      );
      const account = result.body.find(
        (a: { key: string }) => a.key === harbour.key,
      );
      expect(Object.keys(account).sort()).toEqual(
        [
          'address',
          'contactEmail',
          'contactName',
          'createdAt',
          'key',
          'language',
          'myRoles',
          'name',
          'nameShort',
          'subscription',
          'updatedAt',
        ].sort(),
      );
      expect(account).toMatchObject({
        name: 'Harbourview Condos',
        nameShort: 'HV',
        subscription: { status: 'active' },
      });
      expect(Object.keys(account.address).sort()).toEqual([
        'address',
        'city',
        'country',
        'postal',
        'prov',
      ]);
      expect(account.createdAt).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      );
    });

    it('filters by searchText, case-insensitively and literally', async () => {
      const byWord = await api.get('/v1/Accounts?searchText=harbour', {
        token: aliceToken,
      });
      expect(byWord.body.map((a: { key: string }) => a.key)).toEqual([
        harbour.key,
      ]);
      const wildcard = await api.get(
        `/v1/Accounts?searchText=${encodeURIComponent('%_')}`,
        { token: aliceToken },
      );
      expect(wildcard.body.map((a: { key: string }) => a.key)).toEqual([
        maple.key,
      ]);
      const none = await api.get('/v1/Accounts?searchText=bob', {
        token: aliceToken,
      });
      expect(none.body).toEqual([]);
    });

    it('honours limit', async () => {
      const result = await api.get('/v1/Accounts?limit=1', {
        token: aliceToken,
      });
      expect(result.body).toHaveLength(1);
    });

    it.each(['0', '101', 'abc', '1.5', '-3'])(
      'rejects limit=%s with 400',
      async (limit) => {
        const problem = expectProblem(
          await api.get(`/v1/Accounts?limit=${limit}`, { token: aliceToken }),
          400,
          'validation_failed',
        );
        expect(problem.errors?.[0].path).toBe('limit');
      },
    );
  });

  describe('GET /v1/Accounts/{key}', () => {
    it('returns an account the caller belongs to', async () => {
      const result = await api.get(`/v1/Accounts/${harbour.key}`, {
        token: aliceToken,
      });
      expect(result.status).toBe(200);
      expect(result.body.key).toBe(harbour.key);
    });

    it("answers 404 for another account's key, as for one that does not exist", async () => {
      const other = expectProblem(
        await api.get(`/v1/Accounts/${bobsAccount.key}`, { token: aliceToken }),
        404,
      );
      const missing = expectProblem(
        await api.get('/v1/Accounts/00000000-0000-4000-8000-000000000000', {
          token: aliceToken,
        }),
        404,
      );
      expect(other.code).toBe(missing.code);
      expect(other.detail).toBe(missing.detail);
      expectProblem(
        await api.get('/v1/Accounts/not-a-uuid', { token: aliceToken }),
        404,
      );
    });
  });

  describe('account users', () => {
    it('adds an existing user, who then sees the account', async () => {
      const carol = await createUser(gateway);
      const added = await api.post(
        `/v1/Accounts/${harbour.key}/users`,
        { email: carol.email.toUpperCase() },
        { token: aliceToken },
      );
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ email: carol.email });
      const carolSees = await api.get(`/v1/Accounts/${harbour.key}`, {
        token: await signIn(carol),
      });
      expect(carolSees.status).toBe(200);
      expectProblem(
        await api.post(
          `/v1/Accounts/${harbour.key}/users`,
          { email: carol.email },
          { token: aliceToken },
        ),
        409,
        'already_member',
      );
    });

    it('refuses an unknown user, a bad e-mail and unknown fields', async () => {
      expectProblem(
        await api.post(
          `/v1/Accounts/${harbour.key}/users`,
          { email: 'ghost@example.test' },
          { token: aliceToken },
        ),
        404,
        'user_not_found',
      );
      expectProblem(
        await api.post(
          `/v1/Accounts/${harbour.key}/users`,
          { email: 'not-an-email' },
          { token: aliceToken },
        ),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.post(
          `/v1/Accounts/${harbour.key}/users`,
          { email: bob.email, role: 'owner' },
          { token: aliceToken },
        ),
        400,
        'validation_failed',
      );
    });

    it('cannot add or remove users on another account (404)', async () => {
      expectProblem(
        await api.post(
          `/v1/Accounts/${bobsAccount.key}/users`,
          { email: alice.email },
          { token: aliceToken },
        ),
        404,
        'account_not_found',
      );
      expectProblem(
        await api.delete(
          `/v1/Accounts/${bobsAccount.key}/users/${encodeURIComponent(bob.email)}`,
          { token: aliceToken },
        ),
        404,
        'account_not_found',
      );
      const stillThere = await api.get(`/v1/Accounts/${bobsAccount.key}`, {
        token: bobToken,
      });
      expect(stillThere.status).toBe(200);
    });

    it('removes a user, who then gets 404 for the account', async () => {
      const dave = await createUser(gateway);
      await api.post(
        `/v1/Accounts/${maple.key}/users`,
        { email: dave.email },
        { token: aliceToken },
      );
      const daveToken = await signIn(dave);
      expect(
        (await api.get(`/v1/Accounts/${maple.key}`, { token: daveToken }))
          .status,
      ).toBe(200);
      const removed = await api.delete(
        `/v1/Accounts/${maple.key}/users/${encodeURIComponent(dave.email)}`,
        { token: aliceToken },
      );
      expect(removed.status).toBe(204);
      expect(removed.text).toBe('');
      expectProblem(
        await api.get(`/v1/Accounts/${maple.key}`, { token: daveToken }),
        404,
      );
      expectProblem(
        await api.delete(
          `/v1/Accounts/${maple.key}/users/${encodeURIComponent(dave.email)}`,
          { token: aliceToken },
        ),
        404,
        'not_member',
      );
    });

    it('keeps the last user of an account', async () => {
      const solo = await createAccount(gateway, [bob], { name: 'Solo' });
      expectProblem(
        await api.delete(
          `/v1/Accounts/${solo.key}/users/${encodeURIComponent(bob.email)}`,
          { token: bobToken },
        ),
        409,
        'last_user',
      );
      expect(
        (await api.get(`/v1/Accounts/${solo.key}`, { token: bobToken })).status,
      ).toBe(200);
    });
  });
});
