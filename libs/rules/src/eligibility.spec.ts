import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_CASES } from './eligibility.cases';
import { eligibleSql, isEligible } from './eligibility';

describe(isEligible.name, () => {
  it.each(ELIGIBILITY_CASES)(
    '$name may vote: $eligible',
    ({ member, matter, eligible }) => {
      expect(isEligible(member, matter)).toBe(eligible);
    },
  );
});

describe(eligibleSql.name, () => {
  it('speaks of the given aliases', () => {
    expect(eligibleSql({ member: 'mb', matter: '"matters"' })).toBe(
      `(mb.eligible and ("matters".eligibility ? 'all' or "matters".eligibility ?| array(select jsonb_array_elements_text(mb.tags))))`,
    );
  });

  it.each(['m; drop table ballots; --', 'm.x', '', '"a"b"', "m'"])(
    'refuses %j as an alias',
    (alias) => {
      expect(() => eligibleSql({ member: alias, matter: 'm' })).toThrow(
        /not a SQL table alias/,
      );
      expect(() => eligibleSql({ member: 'mb', matter: alias })).toThrow(
        /not a SQL table alias/,
      );
    },
  );
});
