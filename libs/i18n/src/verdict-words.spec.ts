import { describe, expect, it } from 'vitest';
import {
  percentText,
  resultStatement,
  ruleWords,
  thresholdWords,
  verdictWords,
} from './verdict-words';

const rule = {
  threshold: { numerator: 2, denominator: 3, strict: false },
  thresholdBasis: 'shares' as const,
  thresholdBase: 'present' as const,
};

const carried = {
  ...rule,
  verdict: 'carried' as const,
  elected: [],
  tied: [],
  forYes: { units: 782, shares: 810 },
  base: { units: 1000, shares: 1000 },
};

describe('verdict words', () => {
  it.each([
    [
      { numerator: 1, denominator: 2, strict: true },
      'en',
      'more than one half',
    ],
    [{ numerator: 1, denominator: 2, strict: true }, 'fr', 'plus de la moitié'],
    [rule.threshold, 'en', 'at least two-thirds'],
    [rule.threshold, 'fr', 'au moins les deux tiers'],
    [{ numerator: 5, denominator: 8, strict: false }, 'en', 'at least 5/8'],
    [{ numerator: 5, denominator: 8, strict: false }, 'fr', 'au moins 5/8'],
  ] as const)('names %o in %s as "%s"', (threshold, lng, words) => {
    expect(thresholdWords(threshold, lng)).toBe(words);
  });

  it('says the rule with its base and basis', () => {
    expect(ruleWords(rule)).toBe(
      'at least two-thirds of the members present or represented, by shares',
    );
    expect(ruleWords(rule, 'fr')).toBe(
      'au moins les deux tiers des membres présents ou représentés, en quotes-parts',
    );
  });

  it('gives percentages to at most one decimal, as each language writes them, and a dash of nothing', () => {
    expect(percentText(782, 1000)).toBe('78.2%');
    expect(percentText(782, 1000, 'fr')).toBe('78,2 %');
    expect(percentText(2, 3)).toBe('66.7%');
    expect(percentText(3, 5)).toBe('60%');
    expect(percentText(3, 5, 'fr')).toBe('60 %');
    expect(percentText(0, 0)).toBe('–');
  });

  it('names the verdict', () => {
    expect(verdictWords('carried')).toBe('Carried');
    expect(verdictWords('defeated', 'fr')).toBe('Rejetée');
  });

  it('states a carried special resolution as a chair reads it out', () => {
    expect(resultStatement(carried)).toBe(
      'Carried by 78.2% of the members present or represented by units, 81% by shares; the threshold was at least two-thirds of the members present or represented, by shares.',
    );
    expect(resultStatement(carried, 'fr')).toBe(
      'Adoptée par 78,2 % des membres présents ou représentés en unités, 81 % en quotes-parts ; le seuil était au moins les deux tiers des membres présents ou représentés, en quotes-parts.',
    );
  });

  it('leaves the threshold out of an election and names a tie', () => {
    const tie = {
      ...rule,
      election: true,
      verdict: 'tied' as const,
      elected: ['Ann'],
      tied: ['Bob', 'Cy'],
      forYes: { units: 5, shares: 5 },
      base: { units: 12, shares: 12 },
    };
    expect(resultStatement(tie)).toBe(
      'Tied: Ann elected; Bob, Cy tied for the remaining seats.',
    );
    expect(resultStatement(tie, 'fr')).toBe(
      'Égalité : Ann élus ; Bob, Cy à égalité pour les sièges restants.',
    );
  });
});
