import type { SignOffStatus } from '@livevote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { aLiveMatter, aResult } from '../../../test/live-factories';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { i18n } from '../../../i18n/i18n';
import { SignOffControl } from './SignOffControl';

function renderControl(maySignOff: boolean) {
  const signOff = vi.fn(async () => undefined);
  const status: SignOffStatus = {
    requireSignOff: true,
    scrutineers: [{ email: 'sam@scrutineers.test', name: 'Sam' }],
    named: false,
    maySignOff,
  };
  const signOffStatus = vi.fn(async () => status);
  const api = { signOff, signOffStatus } as unknown as ManagerApi;
  renderWithProviders(
    <SessionContext.Provider value={{ api, signIn: vi.fn(), signOut: vi.fn() }}>
      <SignOffControl
        shortCode="abc123"
        matter={aLiveMatter({ liveStatus: 'closed', result: aResult() })}
      />
    </SessionContext.Provider>,
  );
  return { signOff, signOffStatus };
}

describe(SignOffControl.name, () => {
  it('asks a scrutineer to confirm, with the focus on not signing yet', async () => {
    const user = userEvent.setup();
    const { signOff } = renderControl(true);
    await user.click(
      await screen.findByRole('button', { name: 'Sign off result…' }),
    );
    screen.getByRole('alertdialog', { name: 'Sign off result?' });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Not yet' }),
    );
    // Enter on the focused button is the safe choice
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(signOff).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sign off result…' }));
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(signOff).toHaveBeenCalledWith('abc123', 'm1'));
  });

  it('offers nothing to a user who is not a scrutineer of the meeting', async () => {
    const { signOffStatus } = renderControl(false);
    await waitFor(() => expect(signOffStatus).toHaveBeenCalled());
    // let the answer reach the component before looking
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Sign off/ })).toBeNull();
  });

  it('asks in French, naming the verdict and the matter', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { signOff } = renderControl(true);
    await user.click(
      await screen.findByRole('button', { name: 'Valider le résultat…' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Valider le résultat ?',
    });
    expect(dialog.textContent).toContain(
      'Valider le résultat de Approve the budget : adoptée ? Votre nom figurera au rapport, et le résultat sera publié aux votants.',
    );
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(signOff).toHaveBeenCalledWith('abc123', 'm1'));
  });
});
