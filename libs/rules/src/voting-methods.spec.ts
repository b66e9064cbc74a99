import { describe, expect, it } from 'vitest';
import {
  ballotBody,
  ballotMarks,
  type BallotMarks,
  marksFit,
  tallyMarks,
  VOTING_METHODS,
} from './voting-methods';
import {
  BALLOT_MARKS_CASES,
  MARKS_FIT_CASES,
  TALLY_MARKS_CASES,
} from './voting-methods.cases';

describe(ballotMarks.name, () => {
  it.each(BALLOT_MARKS_CASES)(
    '$name: $problem',
    ({ matter, body, marks, problem }) => {
      expect(ballotMarks(matter, body)).toEqual({ marks, problem });
    },
  );

  it('names every problem code at least once', () => {
    const codes = new Set(BALLOT_MARKS_CASES.map(({ problem }) => problem));
    expect([...codes].sort()).toEqual(
      [
        null,
        'duplicate_choice',
        'invalid_allocation',
        'invalid_choice',
        'invalid_ranking',
        'no_choice',
        'too_many_choices',
      ].sort(),
    );
  });

  it('refuses an allocation that is not an object, not throwing', () => {
    const body = { allocations: [null] } as never;
    expect(
      ballotMarks(
        { options: ['A'], choices: 1, votingMethod: 'cumulative' },
        body,
      ),
    ).toEqual({ marks: null, problem: 'invalid_allocation' });
  });
});

describe(ballotBody.name, () => {
  it.each(BALLOT_MARKS_CASES.filter(({ marks }) => marks !== null))(
    '$name: the body the marks were made of',
    ({ matter, body, marks }) => {
      expect(ballotBody(matter.votingMethod, marks!)).toEqual(body);
    },
  );
});

describe(marksFit.name, () => {
  it.each(MARKS_FIT_CASES)('$name: $fits', ({ matter, marks, fits }) => {
    expect(marksFit(matter, marks as BallotMarks)).toBe(fits);
  });
});

describe(tallyMarks.name, () => {
  it.each(TALLY_MARKS_CASES)('$name', ({ method, marks, expected }) => {
    expect(tallyMarks(method, marks)).toEqual(expected);
  });

  it('adds nothing for an empty ballot, whatever the method', () => {
    for (const method of VOTING_METHODS)
      expect(tallyMarks(method, { choices: [], votes: [] })).toEqual([]);
  });
});
