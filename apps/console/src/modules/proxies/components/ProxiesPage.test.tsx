import type {
  Matter,
  MeetingSettings,
  MeetingStats,
  Member,
} from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { ProxiesPage } from './ProxiesPage';

const stats = {
  totalProxies: 1234,
  totalProxiesShares: 1500.5,
  verifiedProxyCount: 1000,
  unverifiedProxyCount: 234,
  totalElectronicProxies: 1200,
  totalPaperProxies: 34,
} as MeetingStats;

const budget = {
  key: 'budget',
  name: 'Elect the board',
  header: '',
  options: ['Ana', 'Ben', 'Cy'],
  choices: 2,
  allowProxyVote: true,
} as Matter;

function renderPage() {
  const enterPaperProxy = vi.fn();
  const listProxies = vi.fn(async () => []);
  const api = {
    getStats: vi.fn(async () => stats),
    listProxies,
    listProxyHolders: vi.fn(async () => [
      {
        key: 'h1',
        name: 'Board Secretary',
        email: null,
        isDefault: true,
        present: false,
        proxies: 1200,
        shares: 1400,
      },
    ]),
    listMatters: vi.fn(async () => [budget]),
    listMembers: vi.fn(async () => ({
      members: [{ key: 'mem-1', unit: '101', voters: [] } as unknown as Member],
      total: 1,
    })),
    getSettings: vi.fn(
      async () =>
        ({ defaultProxyHolders: ['Board Secretary'] }) as MeetingSettings,
    ),
    enterPaperProxy,
  } as unknown as ManagerApi;
  renderWithApi(
    <Routes>
      <Route path="/meetings/:shortCode/proxies" element={<ProxiesPage />} />
    </Routes>,
    api,
    { route: '/meetings/abc123/proxies' },
  );
  return { enterPaperProxy, listProxies };
}

describe(ProxiesPage.name, () => {
  it('speaks French: figures, filters, an empty queue and the paper form', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { enterPaperProxy, listProxies } = renderPage();

    const figures = await screen.findByRole('region', {
      name: 'Nombre de procurations',
    });
    expect(
      within(figures).getByRole('region', { name: 'Procurations en vigueur' })
        .textContent,
    ).toBe('Procurations en vigueur1 2341 500,5 quotes-parts');
    expect(
      within(figures).getByRole('region', { name: 'En ligne' }).textContent,
    ).toBe('En ligne1 20034 sur papier');
    expect(
      await screen.findByText('Aucune procuration ne correspond.'),
    ).toBeTruthy();
    await screen.findByRole('option', { name: 'Board Secretary (1 200)' });
    await user.selectOptions(screen.getByLabelText('État'), 'À vérifier');
    await waitFor(() =>
      expect(listProxies).toHaveBeenLastCalledWith('abc123', {
        status: 'submitted',
        holder: undefined,
      }),
    );

    const form = screen.getByRole('form', {
      name: 'Saisir une procuration papier',
    });
    await user.selectOptions(within(form).getByLabelText('Unité'), '101');
    await user.selectOptions(
      within(form).getByLabelText('Mandataire'),
      'Une personne nommée sur le formulaire',
    );
    within(form).getByLabelText('Courriel du mandataire');
    await user.type(within(form).getByLabelText('Nom du mandataire'), 'Dana');
    await user.type(
      within(form).getByLabelText('Courriel du mandataire'),
      'dana@example.test',
    );
    await user.type(within(form).getByLabelText('Signée par'), 'Ana Silva');
    await user.click(
      within(form).getByRole('radio', {
        name: 'Je donne une consigne de vote',
      }),
    );
    await user.click(
      within(form).getByRole('button', { name: 'Saisir la procuration' }),
    );
    expect(within(form).getByRole('alert').textContent).toBe(
      'Choisissez au moins une option là où le vote fait l’objet d’une consigne.',
    );
    expect(enterPaperProxy).not.toHaveBeenCalled();
  });
});
