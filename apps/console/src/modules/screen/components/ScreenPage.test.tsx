import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { ScreenPage } from './ScreenPage';

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/screen/:shortCode" element={<ScreenPage />} />
    </Routes>,
    { route: '/screen/abc123' },
  );
}

describe(ScreenPage.name, () => {
  it('says a link without a token is no screen link, in English', () => {
    renderPage();
    expect(screen.getByRole('alert').textContent).toBe(
      'This screen link has no token. Ask the chair for a new screen link.',
    );
  });

  it('and in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderPage();
    expect(screen.getByRole('alert').textContent).toBe(
      'Ce lien d’écran n’a pas de jeton. Demandez un nouveau lien d’écran à la présidence.',
    );
  });
});
