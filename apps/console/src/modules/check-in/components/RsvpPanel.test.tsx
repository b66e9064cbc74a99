import type { PortalRsvp } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { RsvpPanel } from './RsvpPanel';

const TARGET = { shortCode: 'agm26', voterKey: 'v1', voterToken: 'tok' };

function anRsvp(overrides: Partial<PortalRsvp> = {}): PortalRsvp {
  return {
    attending: null,
    answeredAt: null,
    closesAt: '2026-11-21T18:00:00.000Z',
    open: true,
    ...overrides,
  };
}

describe(RsvpPanel.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before the meeting and records the answer', async () => {
    const user = userEvent.setup();
    const requests = stubFetch((request) =>
      request.method === 'PUT'
        ? json(200, anRsvp({ attending: 'in_person', answeredAt: 'x' }))
        : json(200, anRsvp()),
    );
    renderWithProviders(<RsvpPanel target={TARGET} />);

    const inPerson = await screen.findByRole('radio', { name: 'In person' });
    expect(inPerson.getAttribute('aria-checked')).toBe('false');
    await user.click(inPerson);

    const put = requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({
      path: '/portal/v1/Meetings/agm26/rsvp',
      body: { attending: 'in_person' },
    });
    expect(put?.headers.get('authorization')).toBe('Bearer tok');
    await waitFor(() =>
      expect(
        screen
          .getByRole('radio', { name: 'In person' })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect(screen.getByRole('status').textContent).toContain(
      'Your answer: in person.',
    );
  });

  it('shows the answer without the question once the meeting has started', async () => {
    stubFetch(() => json(200, anRsvp({ attending: 'online', open: false })));
    renderWithProviders(<RsvpPanel target={TARGET} />);

    expect(await screen.findByText('You said: online.')).toBeDefined();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
