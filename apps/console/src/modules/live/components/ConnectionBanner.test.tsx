import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveChannelContext } from '../../../api/live/live-context';
import type { LiveState } from '../../../api/live/live-state';
import { aLiveChannel } from '../../../test/live-factories';
import { ConnectionBanner } from './ConnectionBanner';

function renderWith(status: LiveState['status']) {
  render(
    <LiveChannelContext.Provider value={aLiveChannel({ status })}>
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
});
