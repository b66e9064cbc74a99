import type { Matter, Member } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { PaperBallotsPage } from './PaperBallotsPage';

const matter = {
  key: 'mat-1',
  name: 'Approve the budget',
  header: '',
  options: ['For', 'Against'],
  choices: 1,
  allowProxyVote: true,
  liveStatus: 'pending',
} as Matter;
const member = {
  key: 'mem-1',
  unit: '101',
  voters: [{ name: 'Ann Owner' }],
} as Member;

describe(PaperBallotsPage.name, () => {
  it('records a paper ballot for the chosen unit as a manager’s proxy ballot', async () => {
    const user = userEvent.setup();
    const recordBallot = vi.fn(async () => ({
      ballotId: 'b1',
      matterKey: 'mat-1',
      castAt: '2026-11-21T18:00:00.000Z',
    }));
    const api = {
      listMatters: vi.fn(async () => [
        matter,
        { ...matter, key: 'mat-2', name: 'Closed one', liveStatus: 'closed' },
      ]),
      listMembers: vi.fn(async () => ({ members: [member], total: 1 })),
      recordBallot,
    } as unknown as ManagerApi;
    renderWithProviders(
      <SessionContext.Provider
        value={{ api, signIn: vi.fn(), signOut: vi.fn() }}
      >
        <Routes>
          <Route
            path="/meetings/:shortCode/paper-ballots"
            element={<PaperBallotsPage />}
          />
        </Routes>
      </SessionContext.Provider>,
      { route: '/meetings/abc123/paper-ballots' },
    );

    const matterBox = await screen.findByLabelText('Matter');
    await waitFor(() =>
      expect(
        screen.getByRole('option', { name: '101 (Ann Owner)' }),
      ).toBeTruthy(),
    );
    expect(screen.queryByRole('option', { name: 'Closed one' })).toBeNull();
    await user.selectOptions(matterBox, 'mat-1');
    await user.selectOptions(screen.getByLabelText('Unit'), 'mem-1');
    await user.click(screen.getByRole('radio', { name: 'Against' }));
    await user.click(
      screen.getByRole('button', { name: 'Record paper ballot' }),
    );

    await waitFor(() =>
      expect(recordBallot).toHaveBeenCalledWith(
        'abc123',
        'mat-1',
        { memberKey: 'mem-1', choices: ['Against'], method: 'proxy' },
        expect.stringMatching(/^[0-9a-f]{32}$/),
      ),
    );
    expect(
      await screen.findByText('Paper ballot recorded for unit 101: Against.'),
    ).toBeTruthy();
  });
});
