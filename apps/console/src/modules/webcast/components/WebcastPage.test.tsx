import type { Webcast } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { WebcastPage } from './WebcastPage';

const created: Webcast = {
  key: 'w1',
  castProvider: 'video-meeting',
  castId: 1,
  meta: { room: 'livevote-abc', colour: 'blue' },
  rehearsalAt: null,
  rehearsalTimezone: null,
  rehearsalDuration: null,
  recordingsAt: null,
  reportsAt: null,
  status: 'not-started',
  createdAt: '2026-11-21T18:00:00.000Z',
  updatedAt: '2026-11-21T18:00:00.000Z',
};

function renderPage(api: Partial<ManagerApi>) {
  renderWithProviders(
    <SessionContext.Provider
      value={{ api: api as ManagerApi, signIn: vi.fn(), signOut: vi.fn() }}
    >
      <Routes>
        <Route path="/meetings/:shortCode/webcast" element={<WebcastPage />} />
      </Routes>
    </SessionContext.Provider>,
    { route: '/meetings/abc123/webcast' },
  );
}

describe(WebcastPage.name, () => {
  it('sets up a webcast of the chosen kind', async () => {
    const user = userEvent.setup();
    const putWebcast = vi.fn(async () => created);
    renderPage({ getWebcast: vi.fn(async () => null), putWebcast });

    await user.click(
      await screen.findByRole('radio', {
        name: 'Meeting: everyone may speak',
      }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Set up the webcast' }),
    );

    await waitFor(() =>
      expect(putWebcast).toHaveBeenCalledWith('abc123', {
        castProvider: 'video-meeting',
        rehearsalAt: null,
        rehearsalTimezone: null,
        rehearsalDuration: null,
        recordingsAt: null,
        reportsAt: null,
        meta: {},
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Get the host’s start link' }),
    ).toBeTruthy();
  });

  it('keeps the client’s own meta, without the provider’s room, and gives the start link', async () => {
    const user = userEvent.setup();
    const putWebcast = vi.fn(async () => created);
    const launchWebcast = vi.fn(async () => ({
      startUrl: 'https://meet.example.test/livevote-abc',
      meetingCapacity: 100,
      webinarCapacity: 500,
      isInUse: false,
      capacityWarning: false,
    }));
    renderPage({
      getWebcast: vi.fn(async () => created),
      putWebcast,
      launchWebcast,
    });

    await user.click(
      await screen.findByRole('button', { name: 'Save webcast' }),
    );
    await waitFor(() =>
      expect(putWebcast).toHaveBeenCalledWith(
        'abc123',
        expect.objectContaining({ meta: { colour: 'blue' } }),
      ),
    );
    await user.click(
      screen.getByRole('button', { name: 'Get the host’s start link' }),
    );

    const link = await screen.findByRole('link', {
      name: 'Open the host’s room (new tab)',
    });
    expect(link.getAttribute('href')).toBe(
      'https://meet.example.test/livevote-abc',
    );
  });
});
