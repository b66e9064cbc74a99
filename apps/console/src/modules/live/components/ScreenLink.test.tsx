import type {
  ScreenTokenResponse,
  ScreenTokenSummary,
} from '@livevote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithApi } from '../../../test/render';
import { ScreenLink } from './ScreenLink';

const aToken = (
  over: Partial<ScreenTokenSummary> = {},
): ScreenTokenSummary => ({
  key: 'k-1',
  createdBy: 'dana@example.test',
  createdAt: '2026-11-30T22:00:00.000Z',
  expiresAt: '2026-12-01T22:00:00.000Z',
  lastSeenAt: '2026-11-30T22:30:00.000Z',
  ...over,
});

const MADE: ScreenTokenResponse = {
  key: 'k-new',
  token: 'secret.screen.token',
  expiresAt: '2026-12-01T23:00:00.000Z',
  screenUrl:
    'https://vote.example.test/screen/abc123?token=secret.screen.token',
};

function renderLink(initial: ScreenTokenSummary[]) {
  let tokens = initial;
  const api = {
    listScreenTokens: vi.fn(async () => tokens),
    createScreenToken: vi.fn(async () => {
      tokens = [aToken({ key: MADE.key, lastSeenAt: null }), ...tokens];
      return MADE;
    }),
    revokeScreenToken: vi.fn(async (_: string, key: string) => {
      tokens = tokens.filter((token) => token.key !== key);
    }),
  };
  renderWithApi(
    <ScreenLink shortCode="abc123" />,
    api as unknown as ManagerApi,
  );
  return api;
}

async function openList() {
  await userEvent.click(await screen.findByText(/Screen links in use \(\d+\)/));
  return screen.getByRole('list', { name: 'Screen links in use' });
}

describe(ScreenLink.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the links in use with their maker and when each was last seen', async () => {
    renderLink([
      aToken(),
      aToken({ key: 'k-2', createdBy: 'lee@example.test', lastSeenAt: null }),
    ]);
    const [dana, lee] = within(await openList()).getAllByRole('listitem');
    expect(dana.textContent).toContain('Made by dana@example.test');
    expect(dana.textContent).toContain('last seen');
    expect(lee.textContent).toContain('never opened');
    within(lee).getByRole('button', {
      name: /^Revoke the screen link made by lee@example\.test/,
    });
  });

  it('marks the link it just made in the list, without ever showing a token there', async () => {
    const api = renderLink([aToken()]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Scrutineer screen link' }),
    );
    const opened = await screen.findByRole('link', {
      name: 'Open the scrutineer screen',
    });
    expect(opened.getAttribute('href')).toBe(
      `/screen/abc123?token=${encodeURIComponent(MADE.token)}`,
    );
    expect(api.createScreenToken).toHaveBeenCalledWith('abc123');
    const list = await openList();
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(within(list).getAllByRole('listitem')[0].textContent).toContain(
      'the link above',
    );
    expect(list.textContent).not.toContain(MADE.token);
  });

  it('revokes a link once confirmed, and takes back its own link when that is the one', async () => {
    const api = renderLink([aToken()]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Scrutineer screen link' }),
    );
    await screen.findByRole('link', { name: 'Open the scrutineer screen' });
    const list = await openList();
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(2),
    );
    const [mine, dana] = within(list).getAllByRole('listitem');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await userEvent.click(
      within(dana).getByRole('button', { name: /^Revoke/ }),
    );
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(api.revokeScreenToken).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    await userEvent.click(
      within(mine).getByRole('button', { name: /^Revoke/ }),
    );
    expect(api.revokeScreenToken).toHaveBeenCalledWith('abc123', MADE.key);
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(within(list).getByRole('listitem').textContent).toContain(
      'dana@example.test',
    );
    // the page's own link is gone with its token: a new one can be made
    screen.getByRole('button', { name: 'Scrutineer screen link' });
    expect(
      screen.queryByRole('link', { name: 'Open the scrutineer screen' }),
    ).toBeNull();
  });
});
