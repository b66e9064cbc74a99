import { describe, expect, it } from 'vitest';
import {
  percentText,
  resultStatement,
  ruleWords,
  thresholdWords,
} from './verdict-words';

const rule = {
  threshold: { numerator: 2, denominator: 3, strict: false },
  thresholdBasis: 'shares' as const,
  thresholdBase: 'present' as const,
};

describe('verdict words', () => {
  it('names the common fractions and writes others as p/q', () => {
    expect(thresholdWords({ numerator: 1, denominator: 2, strict: true })).toBe(
      'more than one half',
    );
    expect(thresholdWords(rule.threshold)).toBe('at least two-thirds');
    expect(
      thresholdWords({ numerator: 5, denominator: 8, strict: false }),
    ).toBe('at least 5/8');
  });

  it('says the rule with its base and basis', () => {
    expect(ruleWords(rule)).toBe(
      'at least two-thirds of the members present or represented, by shares',
    );
  });

  it('gives percentages to one decimal and a dash of nothing', () => {
    expect(percentText(782, 1000)).toBe('78.2 %');
    expect(percentText(2, 3)).toBe('66.7 %');
    expect(percentText(0, 0)).toBe('–');
  });

  it('states a carried special resolution as a chair reads it out', () => {
    expect(
      resultStatement({
        ...rule,
        verdict: 'carried',
        elected: [],
        tied: [],
        forYes: { units: 782, shares: 810 },
        base: { units: 1000, shares: 1000 },
      }),
    ).toBe(
      'Carried by 78.2 % of the members present or represented by units, 81.0 % by shares; the threshold was at least two-thirds of the members present or represented, by shares.',
    );
  });

  it('leaves the threshold out of an election and names a tie', () => {
    expect(
      resultStatement({
        ...rule,
        election: true,
        verdict: 'tied',
        elected: ['Ann'],
        tied: ['Bob', 'Cy'],
        forYes: { units: 5, shares: 5 },
        base: { units: 12, shares: 12 },
      }),
    ).toBe('Tied: Ann elected; Bob, Cy tied for the remaining seats.');
  });
});
