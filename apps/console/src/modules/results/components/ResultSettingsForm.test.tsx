import type { MeetingSettings } from '@livevote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { ResultSettingsForm } from './ResultSettingsForm';

const settings = {
  quorumBasis: 'units',
  quorumPercent: null,
  quorumIncludesProxies: true,
  requireQuorumToStart: false,
  requireSignOff: false,
  oneLiveMatter: true,
} as MeetingSettings;

describe(ResultSettingsForm.name, () => {
  it('speaks French, and saves what was ticked', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const patchSettings = vi.fn(async () => settings);
    const api = { patchSettings } as unknown as ManagerApi;
    renderWithApi(
      <ResultSettingsForm shortCode="abc123" settings={settings} />,
      api,
    );

    screen.getByRole('form', { name: 'Quorum et résultats' });
    await user.selectOptions(screen.getByLabelText('Quorum calculé en'), [
      'Quotes-parts',
    ]);
    await user.type(
      screen.getByLabelText('Quorum en pourcentage des membres habilités'),
      '25',
    );
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Publier les résultats seulement après la validation d’un scrutateur',
      }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Enregistrer quorum et résultats' }),
    );

    await waitFor(() =>
      expect(patchSettings).toHaveBeenCalledWith('abc123', {
        quorumBasis: 'shares',
        quorumPercent: 25,
        quorumIncludesProxies: true,
        requireQuorumToStart: false,
        requireSignOff: true,
        oneLiveMatter: true,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Paramètres enregistrés.',
    );
  });
});
