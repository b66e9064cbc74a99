import type { Webcast } from '@livevote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { MeetingZone } from '../../../i18n/meeting-zone';
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
      <MeetingZone timeZone="America/Toronto">
        <Routes>
          <Route
            path="/meetings/:shortCode/webcast"
            element={<WebcastPage />}
          />
        </Routes>
      </MeetingZone>
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

  it('speaks French, and takes the rehearsal on the meeting’s clock', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const putWebcast = vi.fn(async () => created);
    const launchWebcast = vi.fn(async () => ({
      startUrl: 'https://meet.example.test/livevote-abc',
      meetingCapacity: 1000,
      webinarCapacity: 5000,
      isInUse: false,
      capacityWarning: true,
    }));
    renderPage({
      getWebcast: vi.fn(async () => ({
        ...created,
        rehearsalAt: '2026-11-30T23:30:00.000Z',
        rehearsalTimezone: 'America/Toronto',
        rehearsalDuration: 30,
      })),
      putWebcast,
      launchWebcast,
    });

    const rehearsal = await screen.findByLabelText(
      'Répétition (America/Toronto, facultatif)',
    );
    expect((rehearsal as HTMLInputElement).value).toBe('2026-11-30T18:30');
    expect(
      screen.getByText(
        'Pas encore lancée. Répétition le 30 nov. 2026, 18 h 30 HNE.',
      ),
    ).toBeTruthy();
    screen.getByRole('group', { name: 'Type de webdiffusion' });
    screen.getByRole('radio', { name: 'Réunion : tout le monde peut parler' });

    await user.clear(rehearsal);
    await user.type(rehearsal, '2026-12-01T19:00');
    await user.click(
      screen.getByRole('button', { name: 'Enregistrer la webdiffusion' }),
    );
    await waitFor(() =>
      expect(putWebcast).toHaveBeenCalledWith(
        'abc123',
        expect.objectContaining({
          rehearsalAt: '2026-12-02T00:00:00.000Z',
          rehearsalTimezone: 'America/Toronto',
          rehearsalDuration: 30,
        }),
      ),
    );

    await user.click(
      screen.getByRole('button', {
        name: 'Obtenir le lien de démarrage de l’hôte',
      }),
    );
    expect(
      await screen.findByText(
        'Plus de membres pourraient se joindre que la salle n’en accueille (5 000 en webinaire, 1 000 en réunion).',
      ),
    ).toBeTruthy();
    screen.getByRole('link', {
      name: 'Ouvrir la salle de l’hôte (nouvel onglet)',
    });
  });

  it('shows a Zoom room, its status from Zoom, the plan’s capacities and a busy host', async () => {
    await act(() => i18n.changeLanguage('en'));
    const user = userEvent.setup();
    const zoomWebcast: Webcast = {
      ...created,
      castProvider: 'video',
      castId: 81000000001,
      meta: {
        colour: 'blue',
        room: { provider: 'zoom', kind: 'webinar', id: 81000000001 },
        rehearsal: { id: '81000000002', at: '2026-11-30T23:00:00.000Z' },
      },
      status: 'ended',
      recordingsAt: '2026-12-02T01:00:00.000Z',
    };
    const putWebcast = vi.fn(async () => zoomWebcast);
    renderPage({
      getWebcast: vi.fn(async () => zoomWebcast),
      putWebcast,
      launchWebcast: vi.fn(async () => ({
        startUrl: 'https://zoom.example.test/s/81000000001',
        meetingCapacity: 500,
        webinarCapacity: 1000,
        isInUse: true,
        capacityWarning: false,
      })),
    });

    expect(
      await screen.findByText(
        'Ended. Recordings ready Dec 1, 2026, 8:00 PM EST.',
      ),
    ).toBeTruthy();
    screen.getByText(
      'Room: Zoom webinar 81000000001. Panelists and registered voters each have their own link.',
    );
    screen.getByText(/Changing the kind of a Zoom webcast makes a new room/);

    await user.click(screen.getByRole('button', { name: 'Save webcast' }));
    // the gateway's own keys (room, rehearsal) are never sent back
    await waitFor(() =>
      expect(putWebcast).toHaveBeenCalledWith(
        'abc123',
        expect.objectContaining({ meta: { colour: 'blue' } }),
      ),
    );

    await user.click(
      screen.getByRole('button', { name: 'Get the host’s start link' }),
    );
    expect(
      await screen.findByText(
        'The provider’s room holds 500 in a meeting and 1,000 in a webinar.',
      ),
    ).toBeTruthy();
    screen.getByText(
      'The host is in another session at the provider right now; starting this one may end it.',
    );
  });
});
