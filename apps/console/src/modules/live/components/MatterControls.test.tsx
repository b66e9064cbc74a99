import type { LiveMatter } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { MatterControls } from './MatterControls';

function aMatter(overrides: Partial<LiveMatter> = {}): LiveMatter {
  return {
    matterKey: 'm1',
    name: 'Approve the budget',
    header: '',
    snippet: '',
    options: ['For', 'Against'],
    choices: 1,
    order: 1,
    liveStatus: 'pending',
    liveStartedAt: null,
    liveEndsAt: null,
    liveClosedAt: null,
    secretBallot: true,
    seq: 0,
    ...overrides,
  };
}

function renderControls(matter: LiveMatter) {
  const matterAction = vi.fn(async () => undefined);
  const api = { matterAction } as unknown as ManagerApi;
  renderWithProviders(
    <SessionContext.Provider value={{ api, signIn: vi.fn(), signOut: vi.fn() }}>
      <MatterControls shortCode="abc123" matter={matter} />
    </SessionContext.Provider>,
  );
  return matterAction;
}

describe(MatterControls.name, () => {
  it('starts with the chosen duration, a preset or custom seconds', async () => {
    const user = userEvent.setup();
    const action = renderControls(aMatter());

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
    const action = renderControls(aMatter({ liveStatus: 'live' }));

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
    const action = renderControls(aMatter({ liveStatus: 'live' }));

    await user.click(screen.getByRole('button', { name: 'Stop voting…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop voting?' });
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

  it('offers to reopen a closed matter', () => {
    renderControls(aMatter({ liveStatus: 'closed' }));

    expect(screen.getByRole('button', { name: 'Reopen voting' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Stop voting…' })).toBeNull();
  });
});
