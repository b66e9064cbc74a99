import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { BilingualField } from './BilingualField';

function renderField(languages: ('en' | 'fr')[]) {
  render(
    <BilingualField
      label="Name"
      languages={languages}
      ids={['canonical', 'translation']}
      canonical={<input id="canonical" lang={languages[0]} />}
      translation={<input id="translation" lang={languages[1]} />}
    />,
  );
}

describe(BilingualField.name, () => {
  it('puts the canonical text beside its translation, each named with its language', () => {
    renderField(['en', 'fr']);
    const group = screen.getByRole('group', { name: 'Name' });
    const [canonical, translation] = [
      screen.getByLabelText('Name, in English'),
      screen.getByLabelText('Name, in French'),
    ];
    expect(group.contains(canonical) && group.contains(translation)).toBe(true);
    // canonical first, as read and as tabbed through
    expect(
      canonical.compareDocumentPosition(translation) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(translation.getAttribute('lang')).toBe('fr');
  });

  it('is the plain field for a meeting in one language', () => {
    renderField(['en']);
    expect(screen.getByLabelText('Name').id).toBe('canonical');
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.getElementById('translation')).toBeNull();
  });

  it('names the languages in the console’s language, the primary first', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderField(['fr', 'en']);
    expect(screen.getByLabelText('Name, en français').id).toBe('canonical');
    expect(screen.getByLabelText('Name, en anglais').id).toBe('translation');
  });
});
