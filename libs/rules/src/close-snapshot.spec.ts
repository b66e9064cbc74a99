import { describe, expect, it } from 'vitest';
import {
  CLOSE_SNAPSHOT_FIELDS,
  closeSnapshot,
  closeSnapshotPairs,
} from './close-snapshot';
import { NOBODY_PRESENT } from './presence';

describe(closeSnapshot.name, () => {
  it('records the figures at the close, in the one field order', () => {
    const snapshot = closeSnapshot({
      reason: 'stop',
      closedAt: new Date('2026-11-21T18:06:00.000Z'),
      eligibleMembers: 10,
      present: {
        presentMembers: 4,
        presentInPerson: 1,
        presentOnline: 2,
        presentByProxy: 1,
        presentVoters: 5,
      },
      cast: { votes: 3, shares: 4.5 },
    });

    expect(snapshot).toEqual({
      reason: 'stop',
      closedAt: '2026-11-21T18:06:00.000Z',
      eligibleMembers: 10,
      presentMembers: 4,
      presentInPerson: 1,
      presentOnline: 2,
      presentByProxy: 1,
      presentVoters: 5,
      votesCast: 3,
      sharesCast: 4.5,
    });
    expect(Object.keys(snapshot)).toEqual(CLOSE_SNAPSHOT_FIELDS);
  });

  it('records no close instant when the matter has none', () => {
    expect(
      closeSnapshot({
        reason: 'all_voted',
        closedAt: null,
        eligibleMembers: 0,
        present: { ...NOBODY_PRESENT, presentVoters: 0 },
        cast: { votes: 0, shares: 0 },
      }).closedAt,
    ).toBeNull();
  });
});

describe(closeSnapshotPairs.name, () => {
  it('pairs each field with its expression in the same order', () => {
    const pairs = closeSnapshotPairs({
      reason: 'r',
      closedAt: 'c',
      eligibleMembers: 'e',
      presentMembers: 'pm',
      presentInPerson: 'pi',
      presentOnline: 'po',
      presentByProxy: 'pp',
      presentVoters: 'pv',
      votesCast: 'v',
      sharesCast: 's',
    });

    expect(pairs).toEqual([
      ['reason', 'r'],
      ['closedAt', 'c'],
      ['eligibleMembers', 'e'],
      ['presentMembers', 'pm'],
      ['presentInPerson', 'pi'],
      ['presentOnline', 'po'],
      ['presentByProxy', 'pp'],
      ['presentVoters', 'pv'],
      ['votesCast', 'v'],
      ['sharesCast', 's'],
    ]);
  });
});
