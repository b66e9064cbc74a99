import type { Matter, Member } from '@livevote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { PaperBallotsPage } from './PaperBallotsPage';

const matter = {
  key: 'mat-1',
  name: 'Approve the budget',
  header: '',
  options: ['For', 'Against'],
  choices: 1,
  votingMethod: 'plurality' as const,
  candidates: [],
  allowProxyVote: true,
  liveStatus: 'pending',
} as unknown as Matter;
const member = {
  key: 'mem-1',
  unit: '101',
  voters: [{ name: 'Ann Owner' }],
} as Member;

function renderPage() {
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
    <SessionContext.Provider value={{ api, signIn: vi.fn(), signOut: vi.fn() }}>
      <Routes>
        <Route
          path="/meetings/:shortCode/paper-ballots"
          element={<PaperBallotsPage />}
        />
      </Routes>
    </SessionContext.Provider>,
    { route: '/meetings/abc123/paper-ballots' },
  );
  return { recordBallot };
}

describe(PaperBallotsPage.name, () => {
  it('records a paper ballot for the chosen unit as a manager’s proxy ballot', async () => {
    const user = userEvent.setup();
    const { recordBallot } = renderPage();

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

  it('speaks French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { recordBallot } = renderPage();

    screen.getByRole('heading', { name: 'Bulletins papier' });
    const matterBox = await screen.findByLabelText('Point');
    expect(
      screen.getByRole('option', { name: 'Choisissez un point…' }),
    ).toBeTruthy();
    await screen.findByRole('option', { name: '101 (Ann Owner)' });
    await user.selectOptions(matterBox, 'mat-1');
    await user.selectOptions(screen.getByLabelText('Unité'), 'mem-1');
    expect(
      screen.getByText('Approve the budget : unité 101', { exact: false }),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'For' }));
    await user.click(
      screen.getByRole('button', { name: 'Enregistrer le bulletin papier' }),
    );
    await waitFor(() => expect(recordBallot).toHaveBeenCalled());
    expect(
      await screen.findByText(
        'Bulletin papier enregistré pour l’unité 101 : For.',
      ),
    ).toBeTruthy();
  });
});
