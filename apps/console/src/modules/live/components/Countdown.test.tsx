import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown';

const CLIENT_NOW = Date.parse('2026-11-21T18:00:00.000Z');

function timer(): HTMLElement {
  return screen.getByRole('timer');
}

describe(Countdown.name, () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: CLIENT_NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from the server clock, not from this browser’s', () => {
    // this browser is 10 s behind the server; voting ends 90 s from the server's now
    const offsetMs = 10_000;
    const endsAt = new Date(CLIENT_NOW + offsetMs + 90_000).toISOString();

    render(<Countdown endsAt={endsAt} offsetMs={offsetMs} />);

    expect(timer().textContent).toBe('1:30');
    expect(timer().getAttribute('aria-label')).toBe(
      'Time left: 1 minute 30 seconds',
    );
  });

  it('shows the same second as a screen whose clock is right', () => {
    const serverNow = CLIENT_NOW;
    const endsAt = new Date(serverNow + 45_400).toISOString();

    // a screen whose clock is right
    const right = render(<Countdown endsAt={endsAt} offsetMs={0} />);
    const shownRight = timer().textContent;
    right.unmount();

    // at the same instant, a phone whose clock is 10 s behind, told so by the server
    vi.setSystemTime(serverNow - 10_000);
    render(<Countdown endsAt={endsAt} offsetMs={10_000} />);

    expect(shownRight).toBe('0:46');
    expect(timer().textContent).toBe(shownRight);
  });

  it('turns when a whole second is left on the server and stops at zero', () => {
    // the server is 300 ms ahead; 2.4 s are left: 0:03 until 2 s are left, 400 ms from now
    const offsetMs = 300;
    const endsAt = new Date(CLIENT_NOW + offsetMs + 2_400).toISOString();
    render(<Countdown endsAt={endsAt} offsetMs={offsetMs} />);
    expect(timer().textContent).toBe('0:03');

    act(() => vi.advanceTimersByTime(390));
    expect(timer().textContent).toBe('0:03');
    act(() => vi.advanceTimersByTime(20));
    expect(timer().textContent).toBe('0:02');
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer().textContent).toBe('0:01');

    act(() => vi.advanceTimersByTime(5_000));
    expect(timer().textContent).toBe('0:00');
    expect(timer().dataset.seconds).toBe('0');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves when the deadline is extended', () => {
    const start = new Date(CLIENT_NOW + 60_000).toISOString();
    const { rerender } = render(<Countdown endsAt={start} offsetMs={0} />);
    expect(timer().textContent).toBe('1:00');

    const extended = new Date(CLIENT_NOW + 60_000 + 300_000).toISOString();
    rerender(<Countdown endsAt={extended} offsetMs={0} />);
    expect(timer().textContent).toBe('6:00');
  });
});
