import { describe, expect, it } from 'vitest';
import {
  latestSummary,
  reminderRound,
  retryDelayMs,
  zonedInstant,
} from './mail-schedule';

const DAY = 86_400_000;

describe(reminderRound.name, () => {
  const anchor = new Date('2026-11-02T12:00:00.000Z');
  const after = (ms: number) => new Date(anchor.getTime() + ms);

  it('is due only once a whole period has passed since the anchor', () => {
    expect(reminderRound(anchor, 2, after(2 * DAY - 1))).toBeNull();
    expect(reminderRound(anchor, 2, after(2 * DAY))).toEqual(after(2 * DAY));
  });

  it('catches up to the latest round only, never to every missed one', () => {
    expect(reminderRound(anchor, 2, after(7 * DAY))).toEqual(after(6 * DAY));
  });

  it('is never due when the frequency is 0', () => {
    expect(reminderRound(anchor, 0, after(30 * DAY))).toBeNull();
  });
});

describe(latestSummary.name, () => {
  it("gives 08:00 of the meeting's own zone, across the end of daylight saving time", () => {
    // Toronto leaves EDT (UTC-4) for EST (UTC-5) on 2026-11-01 at 02:00.
    expect(
      latestSummary(new Date('2026-11-01T12:30:00.000Z'), 'America/Toronto'),
    ).toEqual({ at: new Date('2026-10-31T12:00:00.000Z'), day: '2026-10-31' });
    expect(
      latestSummary(new Date('2026-11-01T13:00:00.000Z'), 'America/Toronto'),
    ).toEqual({ at: new Date('2026-11-01T13:00:00.000Z'), day: '2026-11-01' });
  });

  it('uses the local date, not the UTC one', () => {
    // 23:30 UTC on the 3rd is still the 4th in Tokyo, after 08:00.
    expect(
      latestSummary(new Date('2026-11-03T23:30:00.000Z'), 'Asia/Tokyo'),
    ).toEqual({ at: new Date('2026-11-03T23:00:00.000Z'), day: '2026-11-04' });
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(
      zonedInstant({ year: 2026, month: 11, day: 2 }, 8, 'Nowhere/Land'),
    ).toEqual(new Date('2026-11-02T08:00:00.000Z'));
  });
});

describe(retryDelayMs.name, () => {
  it('doubles from a minute up to an hour', () => {
    expect([1, 2, 3, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 60, 60, 60,
    ]);
  });
});
