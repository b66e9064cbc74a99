import { describe, expect, it } from 'vitest';
import { matterIn, matterShown, meetingIn, shownText } from './meeting-texts';

const matter = {
  name: 'Approve the budget',
  options: ['For', 'Against', 'Abstain'],
  translations: {
    fr: { name: 'Approuver le budget', options: ['Pour', '  ', 'Abstention'] },
  },
};

describe('meeting texts', () => {
  it.each([
    ['a translation', 'fr', { fr: { name: 'AGA' } }, 'AGA'],
    [
      'no translation for the language',
      'fr',
      { en: { name: 'AGM' } },
      'Harbourview AGM',
    ],
    ['a blank translation', 'fr', { fr: { name: ' ' } }, 'Harbourview AGM'],
    ['an empty translation', 'fr', { fr: { name: '' } }, 'Harbourview AGM'],
    ['no translations at all', 'fr', undefined, 'Harbourview AGM'],
    [
      'the canonical language',
      'en',
      { fr: { name: 'AGA' } },
      'Harbourview AGM',
    ],
  ] as const)('give a meeting’s name with %s', (_, lng, translations, name) => {
    expect(
      meetingIn(
        { name: 'Harbourview AGM', location: 'Party room', translations },
        lng,
      ),
    ).toMatchObject({ name, location: 'Party room' });
  });

  it('label each canonical option, falling back one by one', () => {
    const french = matterIn(matter, 'fr');
    expect(french.name).toBe('Approuver le budget');
    expect(french.labels).toEqual(['Pour', 'Against', 'Abstention']);
    expect(french.label('Abstain')).toBe('Abstention');
    // an option the matter does not have is named as it is
    expect(french.label('Maybe')).toBe('Maybe');
    expect(matterIn(matter, 'en').labels).toEqual(matter.options);
  });

  it.each([
    ['primary', 'fr', 'Approuver le budget', ['Pour', 'Against', 'Abstention']],
    ['primary', 'en', 'Approve the budget', ['For', 'Against', 'Abstain']],
    [
      'all',
      'fr',
      'Approve the budget / Approuver le budget',
      ['For / Pour', 'Against', 'Abstain / Abstention'],
    ],
    [
      'all',
      'en',
      'Approve the budget / Approuver le budget',
      ['For / Pour', 'Against', 'Abstain / Abstention'],
    ],
  ] as const)('show a matter with %s in %s', (mode, lng, name, labels) => {
    const shown = matterShown(matter, { mode, languages: ['en', 'fr'] }, lng);
    expect(shown.name).toBe(name);
    expect(shown.labels).toEqual(labels);
    expect(shown.label('For')).toBe(labels[0]);
  });

  it('show all languages in the meeting’s order, the primary first', () => {
    const texts = { en: 'Budget', fr: 'Budget 2027' };
    expect(
      shownText(
        { mode: 'all', languages: ['fr', 'en'] },
        'en',
        (l) => texts[l],
      ),
    ).toBe('Budget 2027 / Budget');
    expect(
      shownText({ mode: 'all', languages: ['en'] }, 'fr', (l) => texts[l]),
    ).toBe('Budget');
  });
});
