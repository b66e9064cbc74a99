import { describe, expect, it } from 'vitest';
import {
  AddAccountUserRequest,
  AuthTokenRequest,
  BallotCastMessage,
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

  it('takes an idempotency key only as 1 to 200 printable ASCII characters', () => {
    const cast = (idempotencyKey: string) =>
      BallotCastMessage.safeParse({
        matterKey: 'm',
        choices: ['Yes'],
        idempotencyKey,
      }).success;
    expect(cast('a1b2-c3_d4:e5')).toBe(true);
    expect(cast('~'.repeat(200))).toBe(true);
    for (const bad of [
      '',
      'x'.repeat(201),
      'nul\u0000',
      'lone\ud800',
      'has space',
      'é',
    ])
      expect(cast(bad)).toBe(false);
  });
});
