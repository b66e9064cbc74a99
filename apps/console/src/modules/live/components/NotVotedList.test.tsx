import type { LiveMatter, NotVotedUnit } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi, NotVotedPage } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { NotVotedList } from './NotVotedList';

const unit = (n: number, names: string[] = [`Owner ${n}`]): NotVotedUnit => ({
  memberKey: `member-${n}`,
  unit: String(n),
  shares: 1,
  names,
});

/** A gateway of `total` units that have not voted, paged and searched by unit as it would be. */
function fakeApi(total: number) {
  const all = Array.from({ length: total }, (_, i) => unit(i + 1));
  const notVoted = vi.fn(
    async (
      _shortCode: string,
      _matterKey: string,
      params: { searchText?: string; page?: number; size?: number } = {},
    ): Promise<NotVotedPage> => {
      const size = params.size ?? 25;
      const page = params.page ?? 1;
      const matching = params.searchText
        ? all.filter((u) => u.unit.includes(params.searchText!))
        : all;
      return {
        units: matching.slice((page - 1) * size, page * size),
        total: matching.length,
      };
    },
  );
  return { api: { notVoted } as unknown as ManagerApi, notVoted };
}

function renderList(
  api: ManagerApi,
  votesCast = 0,
  liveStatus: LiveMatter['liveStatus'] = 'live',
) {
  return renderWithProviders(
    <SessionContext.Provider value={{ api, signIn: vi.fn(), signOut: vi.fn() }}>
      <NotVotedList
        shortCode="abc123"
        matterKey="m1"
        votesCast={votesCast}
        liveStatus={liveStatus}
      />
    </SessionContext.Provider>,
  );
}

describe(NotVotedList.name, () => {
  it('shows the total and one page of units with their voters, asking the gateway for a page', async () => {
    const { api, notVoted } = fakeApi(120);
    renderList(api);
    expect(
      await screen.findByRole('heading', { name: 'Not voted yet (120)' }),
    ).toBeTruthy();
    const list = screen.getByRole('list', {
      name: 'Units that have not voted',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(list.textContent).toContain('Owner 1');
    expect(notVoted).toHaveBeenCalledWith('abc123', 'm1', {
      searchText: '',
      page: 1,
      size: 50,
    });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('pages forward and back', async () => {
    const user = userEvent.setup();
    const { api, notVoted } = fakeApi(120);
    renderList(api);
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    const list = screen.getByRole('list', {
      name: 'Units that have not voted',
    });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(20),
    );
    expect(
      (screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(notVoted).toHaveBeenLastCalledWith('abc123', 'm1', {
      searchText: '',
      page: 3,
      size: 50,
    });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 2 of 3');
  });

  it('searches on the gateway and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { api, notVoted } = fakeApi(120);
    renderList(api);
    await screen.findByText('Page 1 of 3');
    await user.type(
      screen.getByRole('searchbox', {
        name: 'Search units that have not voted',
      }),
      '11',
    );
    await screen.findByRole('heading', { name: 'Not voted yet (11)' });
    expect(notVoted).toHaveBeenLastCalledWith('abc123', 'm1', {
      searchText: '11',
      page: 1,
      size: 50,
    });
    // the typing is settled first: no request for the half-typed '1'
    expect(notVoted).not.toHaveBeenCalledWith(
      'abc123',
      'm1',
      expect.objectContaining({ searchText: '1' }),
    );
    expect(screen.queryByText(/Page \d/)).toBeNull();
    await user.type(screen.getByRole('searchbox'), 'x');
    expect(
      await screen.findByText('No unit that has not voted matches.'),
    ).toBeTruthy();
  });

  it('says so when every eligible unit has voted', async () => {
    const { api } = fakeApi(0);
    renderList(api, 7);
    expect(
      await screen.findByText('Every eligible unit has voted.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('no longer says "not voted yet" once the vote has closed', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi(120);
    renderList(api, 3, 'closed');

    expect(
      await screen.findByRole('heading', { name: 'Did not vote (120)' }),
    ).toBeTruthy();
    expect(screen.queryByText(/not voted yet/i)).toBeNull();
    expect(
      screen.getByRole('list', { name: 'Units that did not vote' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('navigation', {
        name: 'Pages of units that did not vote',
      }),
    ).toBeTruthy();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search units that did not vote' }),
      'none',
    );
    expect(
      await screen.findByText('No unit that did not vote matches.'),
    ).toBeTruthy();
  });

  it('says every unit voted, in the past, when a closed vote left nobody out', async () => {
    const { api } = fakeApi(0);
    renderList(api, 7, 'closed');
    expect(await screen.findByText('Every eligible unit voted.')).toBeTruthy();
    expect(screen.queryByText(/yet/)).toBeNull();
  });

  it('speaks French in a French control room: search, pages and no match', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { api } = fakeApi(120);
    renderList(api);
    await screen.findByText('Page 1 sur 3');
    expect(screen.getByRole('button', { name: 'Suivante' })).toBeTruthy();
    expect(
      screen.getByRole('navigation', {
        name: 'Pages des unités qui n’ont pas voté',
      }),
    ).toBeTruthy();
    await user.type(
      screen.getByRole('searchbox', {
        name: 'Rechercher parmi les unités qui n’ont pas voté',
      }),
      'none',
    );
    expect(
      await screen.findByText('Aucune unité qui n’a pas voté ne correspond.'),
    ).toBeTruthy();
  });
});
