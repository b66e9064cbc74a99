import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { MissingTranslationWarning } from './MissingTranslationWarning';

import type { MatterTexts as Texts } from '../../matters/utils/missing-translations';

function aMatter(overrides: Partial<Texts> = {}): Texts {
  return {
    name: 'Budget',
    header: 'Approve the budget?',
    snippet: '',
    options: ['For', 'Against'],
    votingMethod: 'plurality',
    choices: 1,
    candidates: [],
    translations: {
      fr: {
        name: 'Budget',
        header: 'Approuver le budget ?',
        options: ['Pour', 'Contre'],
      },
    },
    ...overrides,
  };
}

const ENGLISH_FIRST = ['en', 'fr'] as const;
const WARNING =
  'The French text of this matter is missing: voters reading French will see the English text.';

describe(MissingTranslationWarning.name, () => {
  it('says nothing when every text the voter reads is translated', () => {
    render(
      <MissingTranslationWarning
        matter={aMatter()}
        languages={ENGLISH_FIRST}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing for a meeting in one language', () => {
    render(
      <MissingTranslationWarning
        matter={aMatter({ translations: {} })}
        languages={['en']}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each<[string, Partial<Texts>]>([
    ['no translation at all', { translations: {} }],
    [
      'a blank translated name',
      {
        translations: {
          fr: { name: ' ', header: 'Approuver ?', options: ['Pour', 'Contre'] },
        },
      },
    ],
    [
      'a header without its translation',
      { translations: { fr: { name: 'Budget', options: ['Pour', 'Contre'] } } },
    ],
    [
      'an option without its label',
      {
        translations: {
          fr: { name: 'Budget', header: 'Approuver ?', options: ['Pour'] },
        },
      },
    ],
    ['a snippet without its translation', { snippet: '<p>Details</p>' }],
  ])('warns, without blocking, of %s', (_, overrides) => {
    render(
      <MissingTranslationWarning
        matter={aMatter(overrides)}
        languages={ENGLISH_FIRST}
      />,
    );
    // a status, not an alert: the vote may start all the same
    expect(screen.getByRole('status').textContent).toBe(WARNING);
  });

  it.each<[string, Partial<Texts>]>([
    ['a ranked election', { votingMethod: 'ranked' }],
    ['a cumulative election', { votingMethod: 'cumulative' }],
    ['a plurality election of two seats', { choices: 2 }],
    [
      'an election built from nominations',
      {
        candidates: [
          { name: 'Ada Lovelace', statement: '', translations: {} },
          { name: 'Alan Turing', statement: '', translations: {} },
        ],
      },
    ],
  ])(
    'asks no French label of the candidates’ names in %s, but still its name',
    (_, overrides) => {
      const election = aMatter({
        options: ['Ada Lovelace', 'Alan Turing'],
        translations: { fr: { name: 'Budget', header: 'Approuver ?' } },
        ...overrides,
      });
      const { unmount } = render(
        <MissingTranslationWarning
          matter={election}
          languages={ENGLISH_FIRST}
        />,
      );
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
      render(
        <MissingTranslationWarning
          matter={{ ...election, translations: {} }}
          languages={ENGLISH_FIRST}
        />,
      );
      expect(screen.getByRole('status').textContent).toBe(WARNING);
    },
  );

  it('names the languages the other way round for a French meeting, in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(
      <MissingTranslationWarning
        matter={aMatter({ translations: {} })}
        languages={['fr', 'en']}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Le texte en anglais de ce point manque : les votants qui lisent en anglais verront le texte en français.',
    );
  });
});
