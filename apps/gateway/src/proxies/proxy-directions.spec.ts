import { describe, expect, it } from 'vitest';
import { normalizeDirections, type DirectionMatter } from './proxy-directions';

const aMatter = (
  overrides: Partial<DirectionMatter> = {},
): DirectionMatter => ({
  id: 'm1',
  options: ['For', 'Against'],
  choices: 1,
  allowProxyVote: true,
  eligibility: ['all'],
  ...overrides,
});
const member = { eligible: true, tags: ['owner'] };

describe(normalizeDirections.name, () => {
  const matters = [
    aMatter({ id: 'm1' }),
    aMatter({ id: 'm2', allowProxyVote: false }),
    aMatter({ id: 'm3', eligibility: ['board'] }),
    aMatter({ id: 'm4', options: ['A', 'B', 'C'], choices: 2 }),
  ];

  it('gives every proxy matter the member may vote on a direction, in order, discretion by default', () => {
    expect(
      normalizeDirections(
        [{ matterKey: 'm4', choices: ['C', 'A'] }],
        matters,
        member,
      ),
    ).toEqual([
      { matterKey: 'm1', choices: null },
      { matterKey: 'm4', choices: ['C', 'A'] },
    ]);
  });

  it.each([
    [[{ matterKey: 'nope', choices: null }], 'invalid_direction'],
    [
      [
        { matterKey: 'm1', choices: null },
        { matterKey: 'm1', choices: ['For'] },
      ],
      'invalid_direction',
    ],
    [[{ matterKey: 'm2', choices: null }], 'direction_not_allowed'],
    [[{ matterKey: 'm3', choices: null }], 'not_eligible'],
    [[{ matterKey: 'm1', choices: ['Maybe'] }], 'invalid_choice'],
    [[{ matterKey: 'm1', choices: ['For', 'Against'] }], 'too_many_choices'],
    [[{ matterKey: 'm4', choices: ['A', 'A'] }], 'duplicate_choice'],
  ])('refuses %j with %s', (given, code) => {
    expect(() => normalizeDirections(given, matters, member)).toThrow(
      expect.objectContaining({ code }),
    );
  });
});
