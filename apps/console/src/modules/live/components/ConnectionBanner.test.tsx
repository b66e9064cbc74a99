import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { LiveChannelContext } from '../../../api/live/live-context';
import type { LiveState } from '../../../api/live/live-state';
import { aLiveChannel } from '../../../test/live-factories';
import { ConnectionBanner } from './ConnectionBanner';

function renderWith(
  status: LiveState['status'],
  more: Partial<LiveState> = {},
) {
  render(
    <LiveChannelContext.Provider value={aLiveChannel({ status, ...more })}>
      <ConnectionBanner />
    </LiveChannelContext.Provider>,
  );
}

describe(ConnectionBanner.name, () => {
  it('says the page is connected, not that something is live', () => {
    renderWith('online');

    expect(screen.getByRole('status').textContent?.trim()).toBe('Connected');
    expect(screen.queryByText(/\bLive\b/)).toBeNull();
  });

  it('is loud when the connection is lost', () => {
    renderWith('offline');

    expect(screen.getByRole('alert').textContent).toMatch(/Offline/);
  });

  it('says in French that a link or sign-in is no longer valid', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderWith('refused', { problemCode: 'unauthorized' });

    expect(screen.getByRole('alert').textContent).toBe(
      'Ce lien ou cette connexion n’est plus valide.',
    );
  });
});
