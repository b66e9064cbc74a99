import type { Matter } from '@livevote/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { MattersPage } from './MattersPage';

const budget = {
  key: 'budget',
  name: 'Budget',
  header: '',
  snippet: '',
  options: ['Ana', 'Ben', 'Cy'],
  choices: 2,
  allowProxyVote: false,
  secretBallot: true,
  liveStatus: 'pending',
} as unknown as Matter;

function renderPage(matters: Matter[]) {
  const createMatter = vi.fn();
  const api = {
    listMatters: vi.fn(async () => matters),
    createMatter,
  } as unknown as ManagerApi;
  renderWithApi(
    <Routes>
      <Route path="/meetings/:shortCode/matters" element={<MattersPage />} />
    </Routes>,
    api,
    { route: '/meetings/abc123/matters' },
  );
  return { createMatter };
}

describe(MattersPage.name, () => {
  it('lists a matter with its traits and names each button after it', async () => {
    renderPage([budget]);
    const row = (await screen.findByText('Budget')).closest('li')!;
    expect(row.textContent).toContain(
      'Ana · Ben · Cy — up to 2 choices · no proxy ballots · secret ballot',
    );
    expect(within(row).getByText('Not started')).toBeDefined();
    // the end-to-end tests find these by name
    within(row).getByRole('button', { name: 'Up Budget' });
    within(row).getByRole('button', { name: 'Edit Budget' });
  });

  it('speaks French: the list, its buttons, the form and its problems', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { createMatter } = renderPage([budget]);

    expect(
      await screen.findByRole('heading', {
        name: 'Points à l’ordre du jour, dans l’ordre où ils sont votés',
      }),
    ).toBeDefined();
    const row = (await screen.findByText('Budget')).closest('li')!;
    expect(row.textContent).toContain(
      'jusqu’à 2 choix · sans vote par anticipation · scrutin secret',
    );
    expect(within(row).getByText('Pas commencé')).toBeDefined();
    within(row).getByRole('button', { name: 'Modifier Budget' });
    within(row).getByRole('button', { name: 'Supprimer Budget' });

    const form = screen.getByRole('form', { name: 'Nouveau point' });
    await user.type(within(form).getByLabelText('Nom'), 'Élire le conseil');
    await user.clear(
      within(form).getByLabelText('Nombre de choix permis par votant'),
    );
    await user.type(
      within(form).getByLabelText('Nombre de choix permis par votant'),
      '4',
    );
    await user.click(
      within(form).getByRole('button', { name: 'Ajouter le point' }),
    );
    expect(within(form).getByRole('alert').textContent).toBe(
      'choix : au plus 3, le nombre d’options.',
    );
    expect(createMatter).not.toHaveBeenCalled();
    expect(
      within(form).getByRole('group', { name: 'Majorité requise' }),
    ).toBeDefined();
    // four seats: an election by plurality, no majority to pass
    expect(
      within(form).getByText(
        'Mode d’élection : pluralité des voix : les 4 options qui obtiennent le plus de voix sont élues, en quotes-parts.',
      ),
    ).toBeDefined();
    // the field keeps its name while a figure is typed in it: plurality choices
    expect(
      within(form).getByLabelText('Nombre de choix permis par votant'),
    ).toBeDefined();
  });
});
