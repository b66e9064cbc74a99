import { describe, expect, it } from 'vitest';
import { noticeStatusSummary } from './notice-status';

describe(noticeStatusSummary.name, () => {
  it.each([
    [3, { totalVoters: 5 }, '3 of 5 voters invited'],
    [
      3,
      { totalVoters: 5, inviteMailBounced: 1, inviteMailFailed: 2 },
      '3 of 5 voters invited; 1 invite bounced; 2 invites failed',
    ],
    [
      0,
      { totalVoters: 0, holderMailBounced: 2, holderMailFailed: 1 },
      "0 of 0 voters invited; 2 proxy holders' links bounced; 1 proxy holder's link failed",
    ],
    [
      4,
      {
        totalVoters: 4,
        inviteMailBounced: 1,
        reminderMailFailed: 2,
        reminderMailRetrying: 1,
      },
      '4 of 4 voters invited; 1 invite bounced; 2 reminders failed (1 retrying)',
    ],
  ])('says %s invited of %j as %s', (invited, figures, expected) => {
    expect(noticeStatusSummary(invited, figures)).toBe(expected);
  });
});
