import type { Matter, MemberProxy } from '@livevote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
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
});
