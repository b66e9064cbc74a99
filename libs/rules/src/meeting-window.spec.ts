import { describe, expect, it } from 'vitest';
import { meetingEndsAt } from './meeting-window';

describe(meetingEndsAt.name, () => {
  it.each([
    ['2026-11-21T18:00:00.000Z', 60, '2026-11-21T19:00:00.000Z'],
    ['2026-11-21T23:30:00.000Z', 90, '2026-11-22T01:00:00.000Z'],
    ['2026-11-21T18:00:00.000Z', 0, '2026-11-21T18:00:00.000Z'],
  ])('a meeting at %s lasting %i minutes ends at %s', (start, minutes, end) => {
    expect(
      meetingEndsAt({
        meetingDate: new Date(start),
        duration: minutes,
      }).toISOString(),
    ).toBe(end);
  });
});
