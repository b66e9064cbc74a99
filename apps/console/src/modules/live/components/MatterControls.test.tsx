import type { LiveMatter } from '@livevote/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http-client';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { MatterControls } from './MatterControls';
import { aLiveMatter } from '../../../test/live-factories';

function renderControls(
  matter: LiveMatter,
  matterAction = vi.fn(async (..._args: unknown[]): Promise<void> => {}),
) {
  const api = { matterAction } as unknown as ManagerApi;
  renderWithProviders(
    <SessionContext.Provider value={{ api, signIn: vi.fn(), signOut: vi.fn() }}>
      <MatterControls shortCode="abc123" matter={matter} />
    </SessionContext.Provider>,
  );
  return matterAction;
}

describe(MatterControls.name, () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the chosen voting time after a start and a close', async () => {
    const user = userEvent.setup();
    const action = renderControls(aLiveMatter());
    await user.selectOptions(screen.getByLabelText('Voting time'), '2 min');
    await user.click(screen.getByRole('button', { name: 'Start voting' }));
    await waitFor(() => expect(action).toHaveBeenCalled());
    cleanup();

    // the control room draws the controls anew for every state of the matter
    const again = renderControls(aLiveMatter({ matterKey: 'm2' }));

    expect(
      (screen.getByLabelText('Voting time') as HTMLSelectElement).value,
    ).toBe('120');
    await user.click(screen.getByRole('button', { name: 'Start voting' }));
    await waitFor(() =>
      expect(again).toHaveBeenCalledWith('abc123', 'm2', {
        action: 'start',
        duration: 120,
      }),
    );
  });

  it('starts with the chosen duration, a preset or custom seconds', async () => {
    const user = userEvent.setup();
    const action = renderControls(aLiveMatter());

    await user.selectOptions(screen.getByLabelText('Voting time'), 'custom');
    const seconds = screen.getByLabelText('Voting time (seconds)');
    await user.type(seconds, '5');
    expect(
      (
        screen.getByRole('button', {
          name: 'Start voting',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    await user.clear(seconds);
    await user.type(seconds, '45');
    await user.click(screen.getByRole('button', { name: 'Start voting' }));

    await waitFor(() =>
      expect(action).toHaveBeenCalledWith('abc123', 'm1', {
        action: 'start',
        duration: 45,
      }),
    );
  });

  it('extends by one or five minutes', async () => {
    const user = userEvent.setup();
    const action = renderControls(aLiveMatter({ liveStatus: 'live' }));

    await user.click(screen.getByRole('button', { name: '+1 min' }));
    await user.click(screen.getByRole('button', { name: '+5 min' }));

    await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(action).toHaveBeenNthCalledWith(1, 'abc123', 'm1', {
      action: 'extend',
      duration: 60,
    });
    expect(action).toHaveBeenNthCalledWith(2, 'abc123', 'm1', {
      action: 'extend',
      duration: 300,
    });
  });

  it('stops only after the chair confirms', async () => {
    const user = userEvent.setup();
    const action = renderControls(aLiveMatter({ liveStatus: 'live' }));

    await user.click(screen.getByRole('button', { name: 'Stop voting…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop voting?' });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Keep voting open' }),
    );
    expect(action).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep voting open' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(dialog.isConnected).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Stop voting…' }));
    await user.click(screen.getByRole('button', { name: 'Stop now' }));

    await waitFor(() =>
      expect(action).toHaveBeenCalledWith('abc123', 'm1', { action: 'stop' }),
    );
  });

  it('reopens a closed matter only after the chair confirms, the focus on keeping it closed', async () => {
    const user = userEvent.setup();
    const action = renderControls(aLiveMatter({ liveStatus: 'closed' }));
    expect(screen.queryByRole('button', { name: 'Stop voting…' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reopen voting…' }));
    screen.getByRole('alertdialog', { name: 'Reopen voting?' });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Keep it closed' }),
    );
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(action).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reopen voting…' }));
    await user.click(screen.getByRole('button', { name: 'Reopen voting' }));
    await waitFor(() =>
      expect(action).toHaveBeenCalledWith('abc123', 'm1', {
        action: 'start',
        duration: 360,
      }),
    );
  });

  it('asks before starting without quorum and sends the override only then', async () => {
    const user = userEvent.setup();
    const action = vi.fn(async (...args: unknown[]) => {
      const body = args[2] as { overrideQuorum?: boolean };
      if (!body.overrideQuorum)
        throw new ApiError(409, {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'quorum_not_met',
          detail: 'Quorum is not met: 2 of 5 units present or represented.',
        });
    });
    renderControls(aLiveMatter(), action);

    await user.click(screen.getByRole('button', { name: 'Start voting' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Start without quorum?',
    });
    expect(dialog.textContent).toContain('2 of 5 units');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Do not start' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Start without quorum' }),
    );
    await waitFor(() =>
      expect(action).toHaveBeenLastCalledWith('abc123', 'm1', {
        action: 'start',
        duration: 360,
        overrideQuorum: true,
      }),
    );
  });
});
