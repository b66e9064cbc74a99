import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { PresencePanel } from './PresencePanel';

describe(PresencePanel.name, () => {
  it('lists who is connected, by unit, when asked', async () => {
    const user = userEvent.setup();
    const connected = vi.fn(async () => ({
      voters: [
        { memberKey: 'm1', unit: '101', voterKey: 'v1', name: 'Ann Owner' },
        { memberKey: 'm2', unit: '102', voterKey: 'v2', name: 'Bo Owner' },
      ],
    }));
    renderWithProviders(
      <SessionContext.Provider
        value={{
          api: { connected } as unknown as ManagerApi,
          signIn: vi.fn(),
          signOut: vi.fn(),
        }}
      >
        <PresencePanel
          shortCode="abc123"
          presence={{ shortCode: 'abc123', numUnits: 2, numVoters: 2 }}
        />
      </SessionContext.Provider>,
    );
    expect(connected).not.toHaveBeenCalled();

    await user.click(screen.getByText('Who is connected'));

    const list = await screen.findByRole('list', { name: 'Connected voters' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['101 Ann Owner', '102 Bo Owner']);
    expect(connected).toHaveBeenCalledWith('abc123');
  });
});
