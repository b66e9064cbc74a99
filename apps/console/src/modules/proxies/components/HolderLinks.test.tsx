import type { ProxyHolderSummary } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { HolderLinks } from './HolderLinks';

const HOLDERS: ProxyHolderSummary[] = [
  {
    key: 'h1',
    name: 'Board Secretary',
    email: null,
    isDefault: true,
    present: false,
    notice: null,
    proxies: 3,
    shares: 3,
  },
  {
    key: 'h2',
    name: 'Dana Lee',
    email: 'dana@bounce.test',
    isDefault: false,
    present: false,
    notice: {
      status: 'bounced',
      at: '2026-11-01T15:00:00.000Z',
      detail: '550 Mailbox unavailable',
    },
    proxies: 1,
    shares: 1,
  },
  {
    key: 'h3',
    name: 'Omar Said',
    email: 'omar@example.test',
    isDefault: false,
    present: false,
    notice: null,
    proxies: 1,
    shares: 1,
  },
];

afterEach(() => act(() => i18n.changeLanguage('en')));

describe(HolderLinks.name, () => {
  it('lists named holders with their link’s fate, and sends one again', async () => {
    const resendHolderLink = vi.fn(async () => ({
      sentAt: '2026-11-02T10:00:00.000Z',
    }));
    const api = {
      resendHolderLink,
      listProxyHolders: vi.fn(async () => HOLDERS),
    } as unknown as ManagerApi;
    const user = userEvent.setup();
    renderWithApi(<HolderLinks shortCode="abc123" holders={HOLDERS} />, api);

    const list = screen.getByRole('list', { name: 'Proxy holders’ links' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toMatch(
      /Dana Lee.*Link bounced .*\(550 Mailbox unavailable\)/,
    );
    expect(rows[1]!.textContent).toContain('No link sent yet');

    await user.click(
      screen.getByRole('button', { name: 'Send the link again to Dana Lee' }),
    );
    await waitFor(() =>
      expect(resendHolderLink).toHaveBeenCalledWith('abc123', 'h2'),
    );
    await screen.findByText('Link sent again to dana@bounce.test.');
  });

  it('speaks French and shows nothing without a named holder', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const api = {} as ManagerApi;
    const { container } = renderWithApi(
      <HolderLinks shortCode="abc123" holders={[HOLDERS[0]!]} />,
      api,
    );
    expect(container.textContent).toBe('');
    renderWithApi(<HolderLinks shortCode="abc123" holders={HOLDERS} />, api);
    screen.getByRole('heading', { name: 'Liens des mandataires' });
    screen.getByRole('button', { name: 'Renvoyer le lien à Dana Lee' });
  });
});
