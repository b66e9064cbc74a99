import type { Matter, MemberProxy } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { MeetingZone } from '../../../i18n/meeting-zone';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { ProxyList } from './ProxyList';

function aProxy(overrides: Partial<MemberProxy> = {}): MemberProxy {
  return {
    key: 'p1',
    memberKey: 'm1',
    unit: '101',
    holder: {
      key: 'h1',
      name: 'Board Secretary',
      email: null,
      isDefault: true,
    },
    directions: [{ matterKey: 'budget', choices: ['For'] }],
    source: 'electronic',
    status: 'submitted',
    rejectReason: null,
    signedName: 'Ana Silva',
    submittedAt: '2026-11-20T10:00:00.000Z',
    verifiedAt: null,
    revokedAt: null,
    withdrawnAt: null,
    scanKey: null,
    ...overrides,
  };
}

const MATTERS = [{ key: 'budget', name: 'Approve the budget' }] as Matter[];

function renderList(ui: ReactNode) {
  const api = {
    verifyProxy: vi.fn(async () => aProxy({ status: 'verified' })),
    rejectProxy: vi.fn(async () => aProxy({ status: 'rejected' })),
  };
  renderWithProviders(
    <SessionContext.Provider
      value={{
        api: api as unknown as ManagerApi,
        signIn: vi.fn(),
        signOut: vi.fn(),
      }}
    >
      {ui}
    </SessionContext.Provider>,
  );
  return api;
}

describe(ProxyList.name, () => {
  it('shows each proxy with its directions, and verifies one', async () => {
    const user = userEvent.setup();
    const api = renderList(
      <ProxyList
        shortCode="abc123"
        proxies={[
          aProxy(),
          aProxy({ key: 'p2', unit: '102', status: 'verified' }),
        ]}
        matters={MATTERS}
      />,
    );

    const first = screen.getByRole('row', { name: /101/ });
    expect(first.textContent).toContain('Approve the budget: For');
    expect(
      within(screen.getByRole('row', { name: /102/ })).queryByRole('button'),
    ).toBeNull();
    await user.click(
      within(first).getByRole('button', { name: 'Verify unit 101' }),
    );

    await waitFor(() =>
      expect(api.verifyProxy).toHaveBeenCalledWith('abc123', 'p1'),
    );
  });

  it('rejects with the reason the member will see', async () => {
    const user = userEvent.setup();
    const api = renderList(
      <ProxyList shortCode="abc123" proxies={[aProxy()]} matters={MATTERS} />,
    );

    await user.click(screen.getByRole('button', { name: 'Reject unit 101' }));
    await user.type(
      screen.getByLabelText('Reason shown to unit 101'),
      'The signature is missing.',
    );
    await user.click(screen.getByRole('button', { name: 'Reject unit 101' }));

    await waitFor(() =>
      expect(api.rejectProxy).toHaveBeenCalledWith(
        'abc123',
        'p1',
        'The signature is missing.',
      ),
    );
  });

  it('refuses a reason of spaces alone, naming the field', async () => {
    const user = userEvent.setup();
    const api = renderList(
      <ProxyList shortCode="abc123" proxies={[aProxy()]} matters={MATTERS} />,
    );

    await user.click(screen.getByRole('button', { name: 'Reject unit 101' }));
    const reason = screen.getByLabelText('Reason shown to unit 101');
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Reject unit 101' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Reason shown to unit 101',
    );
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.rejectProxy).not.toHaveBeenCalled();
  });

  it('speaks French, with the time on the meeting’s clock', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderList(
      <MeetingZone timeZone="America/Toronto">
        <ProxyList
          shortCode="abc123"
          proxies={[
            aProxy(),
            aProxy({
              key: 'p2',
              unit: '102',
              status: 'rejected',
              source: 'paper',
              directions: [{ matterKey: 'budget', choices: null }],
            }),
          ]}
          matters={MATTERS}
        />
      </MeetingZone>,
    );

    const table = screen.getByRole('table', { name: 'Procurations' });
    within(table).getByRole('columnheader', { name: 'Consignes' });
    const first = within(table).getByRole('row', { name: /101/ });
    expect(first.textContent).toContain('Approve the budget : For');
    expect(first.textContent).toContain('En ligne, 20 nov. 2026, 05 h 00 HNE');
    expect(first.textContent).toContain('(par défaut)');
    expect(first.textContent).toContain('signée par Ana Silva');
    expect(first.textContent).toContain('À vérifier');
    within(first).getByRole('button', { name: 'Vérifier l’unité 101' });
    const second = within(table).getByRole('row', { name: /102/ });
    expect(second.textContent).toContain(
      'Approve the budget : à la discrétion du mandataire',
    );
    expect(second.textContent).toContain('Sur papier,');
    expect(second.textContent).toContain('Refusée');
  });
});
