import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aLiveMatter, aResult } from '../../../test/live-factories';
import { VoteAnnouncer } from './VoteAnnouncer';

const NOW = Date.parse('2026-11-21T18:00:00.000Z');

function region(): HTMLElement {
  return screen.getByRole('status');
}

describe(VoteAnnouncer.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('is a polite live region that stays quiet about the state it first sees', () => {
    render(
      <VoteAnnouncer
        matters={[aLiveMatter({ liveStatus: 'live' })]}
        offsetMs={0}
      />,
    );

    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');
  });

  it('announces a vote opening, its last minute once, its close and its result', () => {
    const pending = aLiveMatter();
    const { rerender } = render(
      <VoteAnnouncer matters={[pending]} offsetMs={0} />,
    );
    const endsAt = new Date(NOW + 3 * 60_000).toISOString();

    rerender(
      <VoteAnnouncer
        matters={[{ ...pending, liveStatus: 'live', liveEndsAt: endsAt }]}
        offsetMs={0}
      />,
    );
    expect(region().textContent).toBe('Voting is open on Approve the budget.');

    act(() => vi.advanceTimersByTime(2 * 60_000 - 1));
    expect(region().textContent).toBe('Voting is open on Approve the budget.');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe(
      'One minute left to vote on Approve the budget.',
    );

    rerender(
      <VoteAnnouncer
        matters={[{ ...pending, liveStatus: 'closed', result: aResult() }]}
        offsetMs={0}
      />,
    );
    expect(region().textContent).toBe(
      'Voting has closed on Approve the budget. Approve the budget: Carried.',
    );
  });

  it('does not count down every second', () => {
    const endsAt = new Date(NOW + 30_000).toISOString();
    const live = aLiveMatter({ liveStatus: 'live', liveEndsAt: endsAt });
    render(<VoteAnnouncer matters={[live]} offsetMs={0} />);

    act(() => vi.advanceTimersByTime(30_000));

    expect(region().textContent).toBe('');
  });
});
