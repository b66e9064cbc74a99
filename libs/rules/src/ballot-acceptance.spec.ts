import { describe, expect, it } from 'vitest';
import {
  ballotMethodSql,
  ballotTiming,
  choicesFit,
  choicesFitSql,
  choicesProblem,
  isLiveAt,
} from './ballot-acceptance';
import { CHOICES_CASES, TIMING_CASES } from './ballot-acceptance.cases';

describe('choicesProblem', () => {
  it.each(CHOICES_CASES)('$name: $problem', ({ matter, choices, problem }) => {
    expect(choicesProblem(matter, choices)).toBe(problem);
    expect(choicesFit(matter, choices)).toBe(problem === null);
  });
});

describe('ballotTiming', () => {
  it.each(TIMING_CASES)('$name', ({ kind, matter, meeting, at, timing }) => {
    expect(ballotTiming(kind, matter, meeting, at)).toEqual(timing);
  });
});

describe('isLiveAt', () => {
  const endsAt = new Date('2026-11-21T18:10:00.000Z');
  it.each([
    { offset: -1, live: true },
    { offset: 0, live: false },
    { offset: 1, live: false },
  ])(
    'a live matter $offset ms from its deadline is open: $live',
    ({ offset, live }) => {
      const at = new Date(endsAt.getTime() + offset);
      expect(isLiveAt({ liveStatus: 'live', liveEndsAt: endsAt }, at)).toBe(
        live,
      );
    },
  );

  it('is never open without a deadline, nor when not live', () => {
    expect(isLiveAt({ liveStatus: 'live', liveEndsAt: null }, endsAt)).toBe(
      false,
    );
    expect(isLiveAt({ liveStatus: 'pending', liveEndsAt: null }, endsAt)).toBe(
      false,
    );
    expect(
      isLiveAt({ liveStatus: 'closed', liveEndsAt: endsAt }, new Date(0)),
    ).toBe(false);
  });
});

describe('the SQL twins', () => {
  it('take only aliases', () => {
    expect(() =>
      choicesFitSql({ ballot: 'i; drop table x', matter: 'm' }),
    ).toThrow();
    expect(() =>
      ballotMethodSql({ ballot: 'i', matter: 'm', meeting: 'mt--' }),
    ).toThrow();
    expect(
      ballotMethodSql({ ballot: 'i', matter: 'm', meeting: 'mt' }),
    ).toContain('i.received_at < m.live_ends_at');
  });
});
