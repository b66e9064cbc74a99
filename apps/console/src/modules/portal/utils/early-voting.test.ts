import { describe, expect, it } from 'vitest';
import { showsEarlyVoting } from './early-voting';

const meeting = {
  meetingDate: '2026-12-10T18:00:00.000Z',
  expiryDate: '2026-12-09T18:00:00.000Z',
};
const before = new Date('2026-12-01T12:00:00.000Z');
const pending = { liveStatus: 'pending' as const };

describe(showsEarlyVoting.name, () => {
  it('shows early voting before expiryDate while no vote has been opened', () => {
    expect(showsEarlyVoting(meeting, [pending, pending], before)).toBe(true);
  });

  it('hides it once the meeting is under way, though expiryDate lies ahead', () => {
    expect(
      showsEarlyVoting(meeting, [{ liveStatus: 'live' }, pending], before),
    ).toBe(false);
    expect(
      showsEarlyVoting(meeting, [{ liveStatus: 'closed' }, pending], before),
    ).toBe(false);
  });

  it('closes at expiryDate, or at the meeting’s start when there is none', () => {
    expect(
      showsEarlyVoting(meeting, [pending], new Date(meeting.expiryDate)),
    ).toBe(false);
    const noExpiry = { ...meeting, expiryDate: null };
    expect(
      showsEarlyVoting(noExpiry, [pending], new Date('2026-12-10T17:59:59Z')),
    ).toBe(true);
    expect(
      showsEarlyVoting(noExpiry, [pending], new Date(meeting.meetingDate)),
    ).toBe(false);
  });
});
