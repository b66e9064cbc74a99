import { describe, expect, it } from 'vitest';
import { REPRESENTATION_CASES } from './quorum.cases';
import { isRepresented, quorumFigure, representedSql } from './quorum';

describe(quorumFigure.name, () => {
  it.each([
    { present: 0, proxies: 0, minimum: 0, met: true },
    { present: 2, proxies: 0, minimum: 3, met: false },
    { present: 2, proxies: 1, minimum: 3, met: true },
    { present: 0, proxies: 3, minimum: 3, met: true },
    { present: 5, proxies: 4, minimum: 3, met: true },
    { present: 2, proxies: 0, minimum: 2.5, met: false },
    { present: 3, proxies: 0, minimum: 2.5, met: true },
  ])(
    '$present present + $proxies by proxy against $minimum: met is $met',
    ({ present, proxies, minimum, met }) => {
      expect(quorumFigure({ present, proxies }, minimum)).toEqual({
        present,
        proxies,
        required: minimum,
        met,
      });
    },
  );
});

describe(isRepresented.name, () => {
  it.each(REPRESENTATION_CASES)(
    '$name: represented is $represented',
    ({ member, settings, represented }) => {
      expect(isRepresented(member, settings)).toBe(represented);
    },
  );
});

describe(representedSql.name, () => {
  it('speaks of the given aliases', () => {
    const fragment = representedSql({ member: 'mb', meeting: 'mt' });
    expect(fragment).toContain('rp.member_id = mb.id');
    expect(fragment).toContain('not mt.proxy_holder_must_attend');
  });

  it.each(['mb; drop table ballots; --', 'mb.x', ''])(
    'refuses %j as an alias',
    (alias) => {
      expect(() => representedSql({ member: alias, meeting: 'mt' })).toThrow(
        /not a SQL table alias/,
      );
      expect(() => representedSql({ member: 'mb', meeting: alias })).toThrow(
        /not a SQL table alias/,
      );
    },
  );
});
