import { describe, expect, it } from 'vitest';
import { nominationsClosed, nominationsOpen } from './nomination-window';

const DEADLINE = new Date('2026-12-01T17:00:00Z');
const before = new Date(DEADLINE.getTime() - 1);
const after = new Date(DEADLINE.getTime() + 1);

describe('the nomination window', () => {
  it.each([
    // [deadline, now, open, closed]
    [null, before, false, false],
    [null, after, false, false],
    [DEADLINE, before, true, false],
    [DEADLINE, DEADLINE, false, true],
    [DEADLINE, after, false, true],
  ] as const)(
    'deadline %s at %s: open %s, closed %s',
    (nominationExpiryDate, now, open, closed) => {
      expect(nominationsOpen({ nominationExpiryDate }, now)).toBe(open);
      expect(nominationsClosed({ nominationExpiryDate }, now)).toBe(closed);
    },
  );
});
