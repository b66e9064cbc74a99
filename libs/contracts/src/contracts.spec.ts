import { describe, expect, it } from 'vitest';
import {
  AddAccountUserRequest,
  AskQuestionRequest,
  AuthTokenRequest,
  BallotCastMessage,
  FloorBallotRequest,
  ListAccountsQuery,
  ModerateQuestionRequest,
  QuestionCategories,
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

  it('takes a question of 1 to 2,000 characters of plain text, line breaks allowed', () => {
    const ask = (text: string) =>
      AskQuestionRequest.safeParse({ category: 'Budget', text }).success;
    expect(ask('Why?\nAnd when?\r\nThanks')).toBe(true);
    expect(ask('x'.repeat(2_000))).toBe(true);
    expect(ask('🏠'.repeat(2_000))).toBe(true);
    for (const bad of [
      '',
      '   ',
      'x'.repeat(2_001),
      'tab\there',
      'nul\u0000',
      'bell\u0007',
      'lone\ud800',
    ])
      expect(ask(bad)).toBe(false);
  });

  it('takes distinct plain question categories, and a moderation with something to do', () => {
    expect(QuestionCategories.safeParse(['Budget', 'Repairs']).success).toBe(
      true,
    );
    expect(QuestionCategories.safeParse(['Budget', 'Budget']).success).toBe(
      false,
    );
    expect(QuestionCategories.safeParse(['Bud\nget']).success).toBe(false);
    expect(ModerateQuestionRequest.safeParse({}).success).toBe(false);
    expect(ModerateQuestionRequest.safeParse({ status: 'new' }).success).toBe(
      false,
    );
    expect(
      ModerateQuestionRequest.safeParse({ reply: null, onScreen: false })
        .success,
    ).toBe(true);
  });

  it('takes a floor ballot as entry 1 or 2 only', () => {
    const floor = (entry: unknown) =>
      FloorBallotRequest.safeParse({ memberKey: 'm', choices: ['For'], entry })
        .success;
    expect([1, 2, 0, 3, '1', 1.5].map(floor)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
