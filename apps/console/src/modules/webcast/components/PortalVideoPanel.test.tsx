import type { PortalWebcast } from '@livevote/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalApi } from '../../../api/portal-api';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { PortalVideoPanel } from './PortalVideoPanel';

const TARGET = { shortCode: 'agm26', voterKey: 'v1', voterToken: 'tok' };

function aWebcast(overrides: Partial<PortalWebcast> = {}): PortalWebcast {
  return {
    castProvider: 'video',
    status: 'not-started',
    role: 'attendee',
    joinUrl: 'https://zoom.example.test/w/81000000001?tk=registrant-1',
    personal: true,
    rehearsal: null,
    ...overrides,
  };
}

describe(PortalVideoPanel.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the voter their own link, with the voter's token", async () => {
    const requests = stubFetch(() => json(200, aWebcast()));
    renderWithProviders(<PortalVideoPanel target={TARGET} />);
    const link = await screen.findByRole('link', {
      name: 'Join the video room (new tab)',
    });
    expect(link.getAttribute('href')).toBe(
      'https://zoom.example.test/w/81000000001?tk=registrant-1',
    );
    screen.getByText('The video session has not started yet.');
    screen.getByText('This link is yours alone: please do not forward it.');
    expect(requests[0]).toMatchObject({
      path: '/portal/v1/Meetings/agm26/webcast',
    });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('tells a panelist of the stage and the rehearsal', async () => {
    stubFetch(() =>
      json(
        200,
        aWebcast({
          role: 'panelist',
          status: 'started',
          rehearsal: {
            at: '2026-11-30T23:00:00.000Z',
            duration: 30,
            timezone: 'America/Toronto',
            joinUrl: 'https://zoom.example.test/j/81000000002',
          },
        }),
      ),
    );
    renderWithProviders(<PortalVideoPanel target={TARGET} />);
    expect(
      await screen.findByText(
        'The video session is on now. You are a panelist: you will be on stage.',
      ),
    ).toBeTruthy();
    screen.getByText(/^Rehearsal Nov 30, 2026, 6:00 PM EST \(30 minutes\)\./);
    expect(
      screen
        .getByRole('link', { name: 'Join the rehearsal (new tab)' })
        .getAttribute('href'),
    ).toBe('https://zoom.example.test/j/81000000002');
  });

  it('says the link is on its way before the provider registered the voter', async () => {
    stubFetch(() => json(200, aWebcast({ joinUrl: null })));
    renderWithProviders(<PortalVideoPanel target={TARGET} />);
    expect(await screen.findByText(/Your own link is on its way/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('reads a meeting without a webcast as none, and shows a failure', async () => {
    // no video room: 204, nothing (docs/decisions.md)
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(portalApi.webcast('agm26', 'tok')).resolves.toBeNull();

    stubFetch(() =>
      json(503, {
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        code: 'webcast_provider_unavailable',
        detail: 'The video provider (zoom) is unavailable; try again shortly.',
      }),
    );
    renderWithProviders(<PortalVideoPanel target={TARGET} />);
    expect(
      await screen.findByText(/The video provider \(zoom\) is unavailable/),
    ).toBeTruthy();
    screen.getByRole('heading', { name: 'Video room' });
  });
});
