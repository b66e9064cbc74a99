import type { ProxyHolderSummary } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { HolderPanel } from './HolderPanel';

const HOLDERS: ProxyHolderSummary[] = [
  {
    key: 'h1',
    name: 'Board Secretary',
    email: null,
    isDefault: true,
    present: false,
    notice: null,
    proxies: 3,
    shares: 4.5,
  },
  {
    key: 'h2',
    name: 'Dana Lee',
    email: 'dana@example.test',
    isDefault: false,
    present: true,
    notice: null,
    proxies: 1,
    shares: 1,
  },
];

function renderPanel() {
  const setHolderPresence = vi.fn(async () => undefined);
  const api = {
    listProxyHolders: vi.fn(async () => HOLDERS),
    setHolderPresence,
  } as unknown as ManagerApi;
  renderWithApi(<HolderPanel shortCode="abc123" />, api);
  return { setHolderPresence };
}

describe(HolderPanel.name, () => {
  it('counts each holder’s proxies and shares, one or many', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Proxy holders' });
    const [board, dana] = within(list).getAllByRole('listitem');
    expect(board.textContent).toContain('3 proxies, 4.5 shares');
    expect(dana.textContent).toContain('1 proxy, 1 share');
    within(board).getByRole('button', { name: 'Vote for Board Secretary' });
  });

  it('speaks French, and records a holder’s presence', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { setHolderPresence } = renderPanel();
    const list = await screen.findByRole('list', { name: 'Mandataires' });
    screen.getByRole('heading', { name: 'Mandataires' });
    const [board, dana] = within(list).getAllByRole('listitem');
    expect(board.textContent).toContain(
      'Board Secretary (par défaut)3 procurations, 4,5 quotes-parts',
    );
    expect(dana.textContent).toContain('1 procuration, 1 quote-part');
    within(board).getByRole('button', { name: 'Voter pour Board Secretary' });
    await user.click(
      within(board).getByRole('checkbox', {
        name: 'Board Secretary est présent',
      }),
    );
    await waitFor(() =>
      expect(setHolderPresence).toHaveBeenCalledWith('abc123', 'h1', true),
    );
  });
});
