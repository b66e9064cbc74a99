import type { Member } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { MembersTable } from './MembersTable';

const member: Member = {
  key: 'mem-1',
  unit: '101',
  mailAddress1: '',
  mailAddress2: '',
  mailCity: '',
  mailProv: '',
  mailPostal: '',
  mailCountry: '',
  customData: {},
  hasLiveVotes: false,
  controlNumber: 'CN-101',
  eligible: true,
  shares: 2,
  tags: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  voters: [
    {
      voterKey: 'v-1',
      name: 'Ann Owner',
      email: 'ann@example.test',
      isPanelist: false,
      attending: false,
      inAttendance: false,
      lastInviteDate: null,
      communicationPreferences: {
        disableAllEmails: false,
        disableConsentReminders: false,
      },
    } as Member['voters'][number],
  ],
};

function renderTable(api: Partial<ManagerApi>) {
  const onEdit = vi.fn();
  const onShowLink = vi.fn();
  renderWithProviders(
    <SessionContext.Provider
      value={{
        api: api as ManagerApi,
        signIn: vi.fn(),
        signOut: vi.fn(),
      }}
    >
      <MembersTable
        shortCode="abc123"
        members={[member]}
        onEdit={onEdit}
        onShowLink={onShowLink}
      />
    </SessionContext.Provider>,
  );
  return { onEdit, onShowLink };
}

describe(MembersTable.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks in the page, not with the browser’s confirm, before deleting a unit', async () => {
    const user = userEvent.setup();
    const browserConfirm = vi.spyOn(window, 'confirm');
    const deleteMember = vi.fn(async () => undefined);
    renderTable({ deleteMember });

    await user.click(screen.getByRole('button', { name: 'Delete unit 101…' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete unit 101?',
    });
    expect(document.activeElement?.textContent).toBe('Keep it');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(deleteMember).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete unit 101…' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(deleteMember).toHaveBeenCalledWith('abc123', 'mem-1'),
    );
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('offers to edit the unit and to show a voter’s personal link', async () => {
    const user = userEvent.setup();
    const { onEdit, onShowLink } = renderTable({});

    await user.click(screen.getByRole('button', { name: 'Edit unit 101' }));
    await user.click(
      screen.getByRole('button', { name: 'Link / QR of Ann Owner' }),
    );

    expect(onEdit).toHaveBeenCalledWith(member);
    expect(onShowLink).toHaveBeenCalledWith(member, member.voters[0]);
  });
});
