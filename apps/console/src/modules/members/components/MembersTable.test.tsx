import type { Member } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
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

function renderTable(api: Partial<ManagerApi>, members = [member]) {
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
        members={members}
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
    expect(
      screen.getByRole('button', { name: 'Send invite to Ann Owner' }),
    ).toBeDefined();
  });

  it('marks a test voter with a badge, and only a test voter', () => {
    renderTable({}, [
      {
        ...member,
        voters: [
          member.voters[0],
          {
            ...member.voters[0],
            voterKey: 'v-2',
            name: 'Rehearsal',
            email: 'chair@example.test',
            isTestVoter: true,
          },
        ],
      },
    ]);
    const badges = screen.getAllByText('Test voter');
    expect(badges).toHaveLength(1);
    expect(badges[0].closest('li')?.textContent).toContain('Rehearsal');
  });

  it('speaks French: headings, numbers, the invite and the delete confirmation', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    renderTable({}, [
      {
        ...member,
        shares: 1234.5,
        voters: [
          {
            ...member.voters[0]!,
            lastInviteDate: '2026-12-01T23:00:00.000Z',
          },
        ],
      },
    ]);

    const table = screen.getByRole('table', {
      name: 'Les membres et leurs votants',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Unité',
      'Quotes-parts',
      'Habilité',
      'Numéro de contrôle',
      'Votants',
      'Actions',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('1 234,5Oui');
    expect(row.textContent).toContain('Convocation envoyée le 1 déc. 2026');
    expect(
      screen.getByRole('button', {
        name: 'Envoyer de nouveau à Ann Owner',
      }),
    ).toBeDefined();
    expect(
      screen.getByRole('button', { name: 'Lien / QR de Ann Owner' }),
    ).toBeDefined();

    await user.click(
      screen.getByRole('button', { name: 'Supprimer l’unité 101…' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Supprimer l’unité 101 ?',
    });
    expect(dialog.textContent).toContain(
      'Supprimer l’unité 101 et ses votants ?',
    );
    expect(document.activeElement?.textContent).toBe('La garder');
  });

  it('shows that an invite bounced, with the mail server’s words, and offers to send again', async () => {
    const inviteVoter = vi.fn(async () => ({
      sentAt: '2026-11-02T10:00:00.000Z',
    }));
    const user = userEvent.setup();
    renderTable({ inviteVoter }, [
      {
        ...member,
        voters: [
          {
            ...member.voters[0]!,
            inviteDelivery: {
              status: 'bounced',
              at: '2026-11-01T15:00:00.000Z',
              detail: '550 Mailbox unavailable',
            },
          },
        ],
      },
    ]);
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toMatch(
      /Invite bounced .*2026.*\(550 Mailbox unavailable\)/,
    );
    await user.click(
      screen.getByRole('button', { name: 'Send invite to Ann Owner' }),
    );
    await waitFor(() =>
      expect(inviteVoter).toHaveBeenCalledWith(
        'abc123',
        'mem-1',
        'ann@example.test',
      ),
    );
  });
});
