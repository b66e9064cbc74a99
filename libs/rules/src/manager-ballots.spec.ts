import { describe, expect, it } from 'vitest';
import {
  managerBallotAdmission,
  type ManagerBallotAdmission,
  type ManagerBallotPath,
} from './manager-ballots';

const proxy: ManagerBallotPath = { route: 'ballots', method: 'proxy' };
const other: ManagerBallotPath = { route: 'ballots', method: 'other' };
const entry1: ManagerBallotPath = { route: 'floor', entry: 1 };
const entry2: ManagerBallotPath = { route: 'floor', entry: 2 };

/** [path, present, double entry, admission]: every combination, once. */
const CASES: [
  string,
  ManagerBallotPath,
  boolean,
  boolean,
  ManagerBallotAdmission,
][] = [
  ['paper proxy, absent, single entry', proxy, false, false, 'count'],
  ['paper proxy, absent, double entry', proxy, false, true, 'count'],
  ['paper proxy, present, single entry', proxy, true, false, 'count'],
  ['paper proxy, present, double entry', proxy, true, true, 'count'],
  [
    'ballots path in-room vote, absent, single entry',
    other,
    false,
    false,
    'member_absent',
  ],
  [
    'ballots path in-room vote, absent, double entry',
    other,
    false,
    true,
    'member_absent',
  ],
  [
    'ballots path in-room vote, present, single entry',
    other,
    true,
    false,
    'count',
  ],
  [
    'ballots path in-room vote, present, double entry',
    other,
    true,
    true,
    'double_entry_required',
  ],
  [
    'floor entry 1, absent, single entry',
    entry1,
    false,
    false,
    'member_absent',
  ],
  ['floor entry 1, absent, double entry', entry1, false, true, 'member_absent'],
  ['floor entry 1, present, single entry', entry1, true, false, 'count'],
  [
    'floor entry 1, present, double entry',
    entry1,
    true,
    true,
    'await_other_entry',
  ],
  [
    'floor entry 2, absent, single entry',
    entry2,
    false,
    false,
    'member_absent',
  ],
  ['floor entry 2, absent, double entry', entry2, false, true, 'member_absent'],
  [
    'floor entry 2, present, single entry',
    entry2,
    true,
    false,
    'not_double_entry',
  ],
  [
    'floor entry 2, present, double entry',
    entry2,
    true,
    true,
    'await_other_entry',
  ],
];

describe(managerBallotAdmission.name, () => {
  it.each(CASES)('%s: %s', (_name, path, present, doubleEntry, admission) => {
    expect(managerBallotAdmission(path, { present, doubleEntry })).toBe(
      admission,
    );
  });

  it('never lets an in-room vote count at once while the meeting takes it twice', () => {
    for (const path of [other, entry1, entry2])
      for (const present of [true, false])
        expect(
          managerBallotAdmission(path, { present, doubleEntry: true }),
        ).not.toBe('count');
  });
});
