import { describe, expect, it } from 'vitest';
import { aLiveMatter } from '../../../test/live-factories';
import {
  screenLanguages,
  screenMatterTexts,
  screenMeetingName,
} from './screen-texts';

const matter = aLiveMatter({
  name: 'Approve the budget',
  options: ['For', 'Against', 'Bob'],
  translations: {
    fr: { name: 'Approuver le budget', options: ['Pour', 'Contre', ''] },
  },
});

describe(screenMatterTexts.name, () => {
  it('shows the reader’s language alone with the primary setting', () => {
    const languages = screenLanguages(
      { languages: ['en', 'fr'], displayLanguages: 'primary' },
      'fr',
    );
    expect(languages).toEqual(['fr']);
    expect(screenMatterTexts(matter, languages)).toMatchObject({
      name: 'Approuver le budget',
      optionLabels: ['Pour', 'Contre', 'Bob'],
    });
  });

  it('shows both, the primary first, each different text once, with the all setting', () => {
    const languages = screenLanguages(
      { languages: ['en', 'fr'], displayLanguages: 'all' },
      'fr',
    );
    expect(languages).toEqual(['en', 'fr']);
    expect(screenMatterTexts(matter, languages)).toMatchObject({
      name: 'Approve the budget / Approuver le budget',
      // no header in either language: nothing, not " / "
      header: '',
      optionLabels: ['For / Pour', 'Against / Contre', 'Bob'],
    });
  });

  it('names the meeting in the same languages, falling back to the canonical name', () => {
    expect(
      screenMeetingName({ name: 'AGM 2027', translations: {} }, ['en', 'fr']),
    ).toBe('AGM 2027');
  });
});
