import { describe, expect, it } from 'vitest';
import {
  isRepresented,
  quorumFigure,
  representedSql,
  type Quorum,
  type QuorumSettings,
  type QuorumWeights,
} from './quorum';
import type { Shares } from './weight';
import { REPRESENTATION_CASES } from './quorum.cases';

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

describe(`${quorumFigure.name} with settings`, () => {
  const weights = (
    present: [number, Shares],
    proxies: [number, Shares],
    eligible: [number, Shares] = [0, 0],
  ): QuorumWeights => ({
    present: { units: present[0], shares: present[1] },
    proxies: { units: proxies[0], shares: proxies[1] },
    eligible: { units: eligible[0], shares: eligible[1] },
  });

  it.each([
    {
      name: 'left out, they count units against the minimum, as before',
      weights: weights([2, 50], [1, 50]),
      settings: { quorumMinimum: 3 },
      quorum: { present: 2, proxies: 1, required: 3, met: true },
    },
    {
      name: 'units against the minimum, one short',
      weights: weights([2, 50], [0, 0]),
      settings: { quorumBasis: 'units', quorumPercent: null, quorumMinimum: 3 },
      quorum: { present: 2, proxies: 0, required: 3, met: false },
    },
    {
      name: 'shares against the minimum, exactly reached in fractions',
      weights: weights([2, '10.5'], [1, 2.25]),
      settings: { quorumBasis: 'shares', quorumMinimum: 12.75 },
      quorum: { present: 10.5, proxies: 2.25, required: 12.75, met: true },
    },
    {
      name: 'shares against the minimum, a millionth short',
      weights: weights([2, '10.5'], [1, 2.249999]),
      settings: { quorumBasis: 'shares', quorumMinimum: 12.75 },
      quorum: { present: 10.5, proxies: 2.249999, required: 12.75, met: false },
    },
    {
      name: 'half of 9 members needs 5 (4.5 rounds up), 4 is short',
      weights: weights([4, 4], [0, 0], [9, 9]),
      settings: { quorumBasis: 'units', quorumPercent: 50, quorumMinimum: 0 },
      quorum: { present: 4, proxies: 0, required: 5, met: false },
    },
    {
      name: 'half of 9 members: 4 present and 1 by proxy is enough',
      weights: weights([4, 4], [1, 1], [9, 9]),
      settings: { quorumBasis: 'units', quorumPercent: 50, quorumMinimum: 100 },
      quorum: { present: 4, proxies: 1, required: 5, met: true },
    },
    {
      name: 'half of 10 members is exactly 5',
      weights: weights([5, 1], [0, 0], [10, 100]),
      settings: { quorumBasis: 'units', quorumPercent: 50, quorumMinimum: 0 },
      quorum: { present: 5, proxies: 0, required: 5, met: true },
    },
    {
      name: '33.333333% of 3 members needs 1',
      weights: weights([1, 1], [0, 0], [3, 3]),
      settings: {
        quorumBasis: 'units',
        quorumPercent: 33.333333,
        quorumMinimum: 0,
      },
      quorum: { present: 1, proxies: 0, required: 1, met: true },
    },
    {
      name: 'half of 1.000001 shares needs 0.500001, 0.5 is short',
      weights: weights([1, '0.5'], [0, 0], [2, '1.000001']),
      settings: { quorumBasis: 'shares', quorumPercent: 50, quorumMinimum: 0 },
      quorum: { present: 0.5, proxies: 0, required: 0.500001, met: false },
    },
    {
      name: '66.666667% of 3 shares needs 2.000001, so 2 is short',
      weights: weights([1, 1.5], [1, 0.5], [3, 3]),
      settings: {
        quorumBasis: 'shares',
        quorumPercent: 66.666667,
        quorumMinimum: 0,
      },
      quorum: { present: 1.5, proxies: 0.5, required: 2.000001, met: false },
    },
    {
      name: 'no percentage needs nobody',
      weights: weights([0, 0], [0, 0], [10, 10]),
      settings: { quorumBasis: 'shares', quorumPercent: 0, quorumMinimum: 5 },
      quorum: { present: 0, proxies: 0, required: 0, met: true },
    },
    {
      name: 'all of the members, all present',
      weights: weights([7, 7], [3, 3], [10, 10]),
      settings: { quorumBasis: 'units', quorumPercent: 100, quorumMinimum: 0 },
      quorum: { present: 7, proxies: 3, required: 10, met: true },
    },
  ] satisfies {
    name: string;
    weights: QuorumWeights;
    settings: QuorumSettings;
    quorum: Quorum;
  }[])('$name', ({ weights, settings, quorum }) => {
    expect(quorumFigure(weights, settings)).toEqual(quorum);
  });

  it.each([
    { quorumBasis: 'units', quorumPercent: 100.000001, quorumMinimum: 0 },
    { quorumBasis: 'units', quorumPercent: -1, quorumMinimum: 0 },
    { quorumBasis: 'shares', quorumPercent: NaN, quorumMinimum: 0 },
    { quorumBasis: 'shares', quorumPercent: null, quorumMinimum: -1 },
  ] satisfies QuorumSettings[])('refuses %j', (settings) => {
    expect(() =>
      quorumFigure(weights([1, 1], [0, 0], [2, 2]), settings),
    ).toThrow(RangeError);
  });
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
