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

  it('leaves the threshold out of an election and names a tie for the last seats', () => {
    const tie = {
      ...rule,
      election: true,
      choices: 3,
      verdict: 'tied' as const,
      elected: ['Ann'],
      tied: ['Bob', 'Cy', 'Di'],
      tiedForLastSeat: ['Bob', 'Cy', 'Di'],
      totals: [
        { vote: 'Ann', units: 5, shares: 6 },
        { vote: 'Bob', units: 3, shares: 3 },
        { vote: 'Cy', units: 3, shares: 3 },
        { vote: 'Di', units: 3, shares: 3 },
      ],
      forYes: { units: 5, shares: 6 },
      base: { units: 12, shares: 12 },
    };
    expect(resultStatement(tie)).toBe(
      'Elected by plurality: Ann (50%), of the ballots cast by shares. Tied for the last 2 seats: Bob, Cy, Di (25% each).',
    );
    expect(resultStatement(tie, 'fr')).toBe(
      'Élus à la pluralité des voix : Ann (50 %), des bulletins exprimés en quotes-parts. Égalité pour les 2 derniers sièges : Bob, Cy, Di (25 % chacun).',
    );
    const decided = {
      ...tie,
      verdict: 'elected' as const,
      elected: ['Ann', 'Cy', 'Bob'],
      tied: [],
      tieBreak: { elected: ['Cy', 'Bob'], method: 'lot' as const, note: '' },
    };
    expect(resultStatement(decided)).toBe(
      'Elected by plurality: Ann (50%), of the ballots cast by shares. Tied for the last 2 seats: Bob, Cy, Di (25% each). Cy, Bob elected by lot.',
    );
  });

  it('names options by the labels the reader sees, the percentages still of the canonical options', () => {
    const label = (option: string) => `${option} (fr)`;
    const tie = {
      ...rule,
      election: true,
      choices: 2,
      verdict: 'elected' as const,
      elected: ['Ann', 'Bob'],
      tied: [],
      tiedForLastSeat: ['Bob', 'Cy'],
      totals: [
        { vote: 'Ann', units: 6, shares: 6 },
        { vote: 'Bob', units: 3, shares: 3 },
        { vote: 'Cy', units: 3, shares: 3 },
      ],
      tieBreak: { elected: ['Bob'], method: 'lot' as const, note: '' },
      forYes: { units: 6, shares: 6 },
      base: { units: 12, shares: 12 },
    };
    expect(resultStatement(tie, 'fr', label)).toBe(
      'Élus à la pluralité des voix : Ann (fr) (50 %), des bulletins exprimés en quotes-parts. Égalité pour le dernier siège : Bob (fr), Cy (fr) (25 % chacun). Bob (fr) élu(s) par tirage au sort.',
    );
    expect(
      resultStatement(
        {
          ...rule,
          verdict: 'elected',
          elected: ['Ann'],
          tied: [],
          forYes: { units: 1, shares: 1 },
          base: { units: 2, shares: 2 },
        },
        'en',
        label,
      ),
    ).toContain('Ann (fr)');
  });

  it('says how an election was counted, with percentages of the base its method names', () => {
    // the example: Grace at 3.5 of 7.5 shares is elected by plurality, not by a majority
    const directors = {
      ...rule,
      thresholdBasis: 'both' as const,
      votingMethod: 'plurality' as const,
      election: true,
      verdict: 'elected' as const,
      elected: ['Hugo Rossi', 'Grace Lee'],
      tied: [],
      totals: [
        { vote: 'Hugo Rossi', units: 2, shares: 4.5 },
        { vote: 'Grace Lee', units: 2, shares: 3.5 },
        { vote: 'Ivy Chen', units: 1, shares: 1 },
      ],
      forYes: { units: 2, shares: 4.5 },
      base: { units: 3, shares: 7.5 },
    };
    expect(resultStatement(directors)).toBe(
      'Elected by plurality: Hugo Rossi (66.7% by units, 60% by shares), Grace Lee (66.7% by units, 46.7% by shares), of the ballots cast.',
    );
    const ranked = {
      ...directors,
      thresholdBasis: 'shares' as const,
      votingMethod: 'ranked' as const,
      elected: ['Hugo Rossi'],
      rounds: [{}, {}, {}],
    };
    expect(resultStatement(ranked)).toBe(
      'Elected by ranked count (3 rounds): Hugo Rossi (60%), of the valid ballots by shares.',
    );
    expect(resultStatement(ranked, 'fr')).toBe(
      'Élus par vote préférentiel (3 tours) : Hugo Rossi (60 %), des bulletins valides en quotes-parts.',
    );
    expect(
      resultStatement({ ...ranked, votingMethod: 'cumulative', rounds: [] }),
    ).toBe(
      'Elected by cumulative votes: Hugo Rossi (60%), of the votes placed by shares.',
    );
    expect(
      resultStatement({ ...ranked, elected: [], totals: [], rounds: [] }),
    ).toBe('Counted by ranked count (0 rounds): no one elected.');
    expect(ruleWords({ ...rule, votingMethod: 'ranked', choices: 3 })).toBe(
      'ranked count by single transferable vote for 3 seats: Droop quota, surpluses transferred at fractional value, by shares',
    );
    expect(
      ruleWords({ ...rule, votingMethod: 'plurality', choices: 2 }, 'fr'),
    ).toBe(
      'pluralité des voix : les 2 options qui obtiennent le plus de voix sont élues, en quotes-parts',
    );
  });
});
