import type { Matter, Meeting, Nomination } from '@livevote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithApi } from '../../../test/render';
import { NominationsPage } from './NominationsPage';

const nomination = (over: Partial<Nomination>): Nomination => ({
  key: 'n1',
  memberKey: 'm1',
  unit: '101',
  name: 'Grace Lee',
  statement: 'Twelve years on the board.\nI keep the reserve fund whole.',
  translations: {},
  status: 'submitted',
  rejectReason: null,
  submittedAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

function renderPage(deadline: string | null, rows: Nomination[]) {
  let nominations = rows;
  const api = {
    getMeeting: vi.fn(
      async () =>
        ({
          name: 'AGM',
          shortCode: 'abc123',
          meetingDate: '2026-12-01T23:00:00.000Z',
          meetingTimezone: 'America/Toronto',
          nominationExpiryDate: deadline,
        }) as Meeting,
    ),
    listNominations: vi.fn(async (_: string, status?: string) =>
      nominations.filter((n) => !status || n.status === status),
    ),
    acceptNomination: vi.fn(async (_: string, key: string) => {
      nominations = nominations.map((n) =>
        n.key === key ? { ...n, status: 'accepted' as const } : n,
      );
      return nominations.find((n) => n.key === key)!;
    }),
    rejectNomination: vi.fn(
      async (_: string, key: string, { reason }: { reason: string }) => {
        nominations = nominations.map((n) =>
          n.key === key
            ? { ...n, status: 'rejected' as const, rejectReason: reason }
            : n,
        );
        return nominations.find((n) => n.key === key)!;
      },
    ),
    createMatter: vi.fn(
      async (_: string, body: { name: string }) =>
        ({
          name: body.name,
          options: nominations
            .filter((n) => n.status === 'accepted')
            .map((n) => n.name),
        }) as Matter,
    ),
  };
  renderWithApi(
    <Routes>
      <Route
        path="/meetings/:shortCode/nominations"
        element={<NominationsPage />}
      />
    </Routes>,
    api as unknown as ManagerApi,
    { route: '/meetings/abc123/nominations' },
  );
  return api;
}

describe(NominationsPage.name, () => {
  it('lists the nominations to review, accepts one and rejects another with a reason', async () => {
    const user = userEvent.setup();
    const api = renderPage('2030-01-01T00:00:00.000Z', [
      nomination({}),
      nomination({ key: 'n2', name: 'Hugo Rossi', unit: '202' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Nominations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getByText(/Members nominate candidates in the portal until/),
    ).toBeTruthy();
    // the statement is folded, its line breaks kept
    const statement = within(list).getAllByText(
      /I keep the reserve fund whole/,
    )[0]!;
    expect(statement.closest('details')!.open).toBe(false);
    await user.click(within(list).getAllByText('Statement')[0]!);
    expect(statement.closest('details')!.open).toBe(true);
    expect(statement.textContent).toContain('board.\nI keep');

    await user.click(
      screen.getByRole('button', {
        name: 'Accept the nomination of Grace Lee',
      }),
    );
    expect(api.acceptNomination).toHaveBeenCalledWith('abc123', 'n1');

    await user.click(
      screen.getByRole('button', {
        name: 'Reject the nomination of Hugo Rossi',
      }),
    );
    // an empty reason is refused before anything is sent
    await user.click(
      screen.getByRole('button', { name: 'Reject the nomination' }),
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(api.rejectNomination).not.toHaveBeenCalled();
    await user.type(
      screen.getByLabelText('Reason for rejecting Hugo Rossi'),
      'Not an owner.',
    );
    await user.click(
      screen.getByRole('button', { name: 'Reject the nomination' }),
    );
    await waitFor(() =>
      expect(api.rejectNomination).toHaveBeenCalledWith('abc123', 'n2', {
        reason: 'Not an owner.',
      }),
    );
    // the election waits for the deadline
    expect(
      screen.getByText(
        'Once nominations close, the accepted candidates become an election here.',
      ),
    ).toBeTruthy();
  });

  it('builds the election from the accepted nominations once they are closed', async () => {
    const user = userEvent.setup();
    const api = renderPage('2026-01-01T00:00:00.000Z', [
      nomination({ status: 'accepted' }),
      nomination({ key: 'n2', name: 'Hugo Rossi', status: 'accepted' }),
    ]);
    expect(await screen.findByText(/Nominations closed/)).toBeTruthy();
    const name = await screen.findByLabelText('Election name');
    await user.clear(name);
    await user.type(name, 'Elect two directors');
    const seats = screen.getByLabelText('Seats to fill');
    await user.clear(seats);
    await user.type(seats, '2');
    await user.selectOptions(screen.getByLabelText('Voting method'), 'ranked');
    await user.click(
      screen.getByRole('button', { name: 'Create the election' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'The election “Elect two directors” was created with 2 candidates.',
    );
    expect(api.createMatter).toHaveBeenCalledWith(
      'abc123',
      expect.objectContaining({
        name: 'Elect two directors',
        choices: 2,
        votingMethod: 'ranked',
        fromNominations: true,
      }),
    );
    expect(api.createMatter.mock.calls[0]![1]).not.toHaveProperty('options');
  });

  it('says when the meeting has no deadline', async () => {
    renderPage(null, []);
    expect(
      await screen.findByText(/No nomination deadline is set/),
    ).toBeTruthy();
    expect(await screen.findByText('No nominations here.')).toBeTruthy();
  });
});
