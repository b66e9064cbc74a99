import type { Question } from '@livevote/contracts';
import { describe, expect, it } from 'vitest';
import {
  inFilter,
  toHandleCount,
  upsertQuestion,
  withoutQuestion,
} from './questions';

const q = (key: string, askedAt: string, status: Question['status'] = 'new') =>
  ({ key, askedAt, status }) as Question;

describe(upsertQuestion.name, () => {
  it('adds a new question in the order asked, and replaces a changed one', () => {
    const list = [
      q('a', '2026-11-21T18:00:00.000Z'),
      q('c', '2026-11-21T18:02:00.000Z'),
    ];
    const added = upsertQuestion(list, q('b', '2026-11-21T18:01:00.000Z'));
    expect(added.map((x) => x.key)).toEqual(['a', 'b', 'c']);
    const changed = upsertQuestion(
      added,
      q('a', '2026-11-21T18:00:00.000Z', 'approved'),
    );
    expect(changed.map((x) => [x.key, x.status])).toEqual([
      ['a', 'approved'],
      ['b', 'new'],
      ['c', 'new'],
    ]);
  });
});

describe(withoutQuestion.name, () => {
  it('drops the question of that key and keeps the others in order', () => {
    const list = [
      q('a', '2026-11-21T18:00:00.000Z'),
      q('b', '2026-11-21T18:01:00.000Z'),
      q('c', '2026-11-21T18:02:00.000Z'),
    ];
    expect(withoutQuestion(list, 'b').map((x) => x.key)).toEqual(['a', 'c']);
    expect(withoutQuestion(list, 'z')).toEqual(list);
    expect(withoutQuestion(undefined, 'a')).toEqual([]);
  });
});

describe(inFilter.name, () => {
  it('keeps new and approved questions in the open queue', () => {
    expect(
      (['new', 'approved', 'answered', 'dismissed'] as const).map((status) =>
        inFilter(q('a', '', status), 'open'),
      ),
    ).toEqual([true, true, false, false]);
  });
});

describe(toHandleCount.name, () => {
  it('counts what the queue shows by default: new and approved, as the badge says', () => {
    const list = (
      ['new', 'approved', 'approved', 'answered', 'dismissed'] as const
    ).map((status, i) => q(String(i), '', status));
    expect(toHandleCount(list)).toBe(3);
    expect(toHandleCount(list)).toBe(
      list.filter((x) => inFilter(x, 'open')).length,
    );
    expect(toHandleCount([])).toBe(0);
  });
});
