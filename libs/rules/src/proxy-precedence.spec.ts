import { describe, expect, it } from 'vitest';
import { ATTENDANCE_CASES, PRECEDENCE_CASES } from './proxy-precedence.cases';
import {
  attendingRevokes,
  attendingRevokesSql,
  BALLOT_KINDS,
  ballotKind,
  ballotKindSql,
  mayReplace,
  mayReplaceSql,
  revocationsOpen,
  revocationsOpenSql,
} from './proxy-precedence';

describe(mayReplace.name, () => {
  it('has a case for every pair of kinds', () => {
    const pairs = PRECEDENCE_CASES.map((c) => `${c.incoming}>${c.standing}`);
    expect(new Set(pairs).size).toBe(BALLOT_KINDS.length ** 2);
  });

  it.each(PRECEDENCE_CASES)(
    '$incoming over $standing: $whileOpen while revocations are open ($why)',
    ({ incoming, standing, whileOpen }) => {
      expect(mayReplace(incoming, standing, { revocationsOpen: true })).toBe(
        whileOpen,
      );
    },
  );

  it.each(PRECEDENCE_CASES)(
    '$incoming over $standing: $afterClose once revocations closed',
    ({ incoming, standing, afterClose }) => {
      expect(mayReplace(incoming, standing, { revocationsOpen: false })).toBe(
        afterClose,
      );
    },
  );
});

describe(ballotKind.name, () => {
  it.each([
    [{ method: 'live', voterId: 'v', proxyId: null }, 'live'],
    [{ method: 'other', voterId: null, proxyId: null }, 'floor'],
    [{ method: 'proxy', voterId: null, proxyId: 'p' }, 'holder'],
    [{ method: 'proxy', voterId: 'v', proxyId: null }, 'early'],
    [{ method: 'proxy', voterId: null, proxyId: null }, 'paper'],
  ] as const)('%j is %s', (ballot, kind) => {
    expect(ballotKind(ballot)).toBe(kind);
  });
});

describe(revocationsOpen.name, () => {
  const closesAt = new Date('2026-11-21T18:00:00.000Z');
  it.each([
    [null, '2030-01-01T00:00:00.000Z', true],
    [closesAt, '2026-11-21T17:59:59.999Z', true],
    [closesAt, '2026-11-21T18:00:00.000Z', false],
    [closesAt, '2026-11-21T18:00:00.001Z', false],
  ])('closing at %s, at %s: %s', (closedAt, at, open) => {
    expect(
      revocationsOpen({ portalRevocationsClosedAt: closedAt }, new Date(at)),
    ).toBe(open);
  });
});

describe(attendingRevokes.name, () => {
  it.each(ATTENDANCE_CASES)('$name: $revokes', ({ meeting, at, revokes }) => {
    expect(attendingRevokes(meeting, at)).toBe(revokes);
  });
});

describe('the SQL twins', () => {
  it('speak of the given aliases', () => {
    expect(ballotKindSql({ ballot: 'b' })).toContain('b.proxy_id is not null');
    expect(
      revocationsOpenSql({
        meeting: 'mt',
        at: { table: 'excluded', column: 'cast_at' },
      }),
    ).toBe(
      '(mt.portal_revocations_closed_at is null or excluded.cast_at < mt.portal_revocations_closed_at)',
    );
    expect(
      attendingRevokesSql({ meeting: 'mt', at: { table: 'n', column: 'at' } }),
    ).toBe(
      '(n.at >= mt.meeting_date and (mt.portal_revocations_closed_at is null or n.at < mt.portal_revocations_closed_at))',
    );
    expect(mayReplaceSql({ incoming: 'excluded', standing: 'b' })).toMatch(
      /^\(case .* else false end\)$/,
    );
  });

  it.each(['b; drop table ballots; --', 'b.x', '', "b'"])(
    'refuse %j as an alias',
    (alias) => {
      expect(() => ballotKindSql({ ballot: alias })).toThrow(
        /not a SQL table alias/,
      );
      expect(() => mayReplaceSql({ incoming: alias, standing: 'b' })).toThrow(
        /not a SQL table alias/,
      );
      expect(() =>
        mayReplaceSql({ incoming: 'excluded', standing: alias }),
      ).toThrow(/not a SQL table alias/);
      expect(() =>
        revocationsOpenSql({
          meeting: 'mt',
          at: { table: 'b', column: alias },
        }),
      ).toThrow(/not a SQL table alias/);
      expect(() =>
        attendingRevokesSql({
          meeting: alias,
          at: { table: 'n', column: 'at' },
        }),
      ).toThrow(/not a SQL table alias/);
    },
  );
});
