import { describe, expect, it } from 'vitest';
import {
  presentBy,
  presentBySql,
  presentCount,
  presentCountOf,
  presentSharesOf,
  quorumPresence,
} from './presence';
import { PRESENCE_CASES } from './presence.cases';

describe(presentBy.name, () => {
  it.each(PRESENCE_CASES)('$name: $presentBy', ({ member, settings, ...c }) => {
    expect(presentBy(member, settings)).toBe(c.presentBy);
  });
});

describe(presentCount.name, () => {
  it('counts each member once, by its one way, the three adding up', () => {
    const count = presentCount(
      PRESENCE_CASES.map(({ member, settings }) => presentBy(member, settings)),
    );

    expect(count).toEqual({
      presentMembers: 16,
      presentOnline: 5,
      presentInPerson: 8,
      presentByProxy: 3,
    });
    expect(
      count.presentOnline + count.presentInPerson + count.presentByProxy,
    ).toBe(count.presentMembers);
  });

  it('counts nobody present as zeros', () => {
    expect(presentCount([null, null])).toEqual({
      presentMembers: 0,
      presentOnline: 0,
      presentInPerson: 0,
      presentByProxy: 0,
    });
  });
});

describe('present weights', () => {
  const weights = {
    in_person: { units: 1, shares: '1.25' },
    online: { units: 2, shares: 0.5 },
    proxy: { units: 3, shares: '0.000001' },
  };

  it('names units and shares the same way', () => {
    expect(presentCountOf(weights)).toEqual({
      presentMembers: 6,
      presentOnline: 2,
      presentInPerson: 1,
      presentByProxy: 3,
    });
    expect(presentSharesOf(weights)).toEqual({
      presentMembers: 1.750001,
      presentOnline: 0.5,
      presentInPerson: 1.25,
      presentByProxy: 0.000001,
    });
  });

  it('gives the quorum in person and online as present, by proxy as proxies', () => {
    expect(quorumPresence(weights)).toEqual({
      present: { units: 3, shares: '1.75' },
      proxies: { units: 3, shares: '0.000001' },
    });
  });
});

describe(presentBySql.name, () => {
  it('places the caller\'s "connected" test once: the repositories split the fragment around it', () => {
    const slot = '(true /* online */)';
    expect(
      presentBySql({ member: 'mb', meeting: 'mt' }, slot).split(slot),
    ).toHaveLength(2);
  });

  it('refuses an alias that is not an identifier', () => {
    expect(() =>
      presentBySql({ member: 'mb; drop table x', meeting: 'mt' }, 'true'),
    ).toThrow(/alias/);
  });
});
