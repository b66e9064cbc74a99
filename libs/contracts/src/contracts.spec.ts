import { describe, expect, it } from 'vitest';
import {
  AddAccountUserRequest,
  AuthTokenRequest,
  ListAccountsQuery,
} from './index';

describe('contracts', () => {
  it('rejects unknown fields in request bodies', () => {
    expect(
      AuthTokenRequest.safeParse({ username: 'a', password: 'b', extra: 1 })
        .success,
    ).toBe(false);
    expect(
      AddAccountUserRequest.safeParse({ email: 'a@b.co', role: 'x' }).success,
    ).toBe(false);
  });

  it('takes mfaToken only as six digits', () => {
    expect(
      AuthTokenRequest.safeParse({
        username: 'a',
        password: 'b',
        mfaToken: '123456',
      }).success,
    ).toBe(true);
    expect(
      AuthTokenRequest.safeParse({
        username: 'a',
        password: 'b',
        mfaToken: '12345',
      }).success,
    ).toBe(false);
  });

  it('defaults limit to 50 and keeps it within 1..100', () => {
    expect(ListAccountsQuery.parse({}).limit).toBe(50);
    expect(ListAccountsQuery.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', 'x', '2.5']) {
      expect(ListAccountsQuery.safeParse({ limit }).success).toBe(false);
    }
  });
});
