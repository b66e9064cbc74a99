import type { HolderMatter } from '@livevote/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HolderMatters } from './HolderMatters';

function aMatter(overrides: Partial<HolderMatter> = {}): HolderMatter {
  return {
    matterKey: 'm1',
    name: 'Approve the budget',
    header: '',
    options: ['For', 'Against'],
    optionLabels: ['For', 'Against'],
    choices: 1,
    votingMethod: 'plurality',
    candidates: [],
    order: 1,
    liveStatus: 'pending',
    liveEndsAt: null,
    allowProxyVote: true,
    directed: { count: 2, shares: 3 },
    discretionary: { count: 3, shares: 4.5 },
    cast: [],
    ...overrides,
  };
}

function card(matter: HolderMatter): HTMLElement {
  render(<HolderMatters matters={[matter]} error={null} onCast={vi.fn()} />);
  return screen.getByRole('article', { name: matter.name });
}

describe(HolderMatters.name, () => {
  it('says before voting opens that directed proxies will be counted then', () => {
    const text = card(aMatter()).textContent ?? '';

    expect(text).toContain(
      '2 directed proxies (counted as the members directed when voting opens) · 3 proxies at your discretion',
    );
  });

  it('on an open matter says what is at the holder’s discretion once, and no more “when voting opens”', () => {
    const text = card(aMatter({ liveStatus: 'live' })).textContent ?? '';

    expect(text).toContain(
      '2 directed proxies (counted as the members directed)',
    );
    expect(text).not.toContain('when voting opens');
    expect(text.match(/at your discretion/g)).toHaveLength(1);
  });

  it('does not count directed proxies the holder has none of', () => {
    const article = card(
      aMatter({ liveStatus: 'closed', directed: { count: 0, shares: 0 } }),
    );

    expect(article.textContent).not.toContain('directed');
    expect(
      within(article).getByText('3 proxies at your discretion'),
    ).toBeTruthy();
  });

  it('counts down an open matter on the server’s clock', () => {
    const endsAt = new Date(Date.now() + 95_000).toISOString();
    render(
      <HolderMatters
        matters={[aMatter({ liveStatus: 'live', liveEndsAt: endsAt })]}
        error={null}
        onCast={vi.fn()}
        // the server is 30 s ahead of this browser: 65 s are left
        offsetMs={30_000}
      />,
    );
    const timer = screen.getByRole('timer');
    const seconds = Number(timer.getAttribute('data-seconds'));
    expect(seconds).toBeGreaterThanOrEqual(63);
    expect(seconds).toBeLessThanOrEqual(65);
  });

  it('shows no countdown while a matter is not open', () => {
    card(aMatter({ liveStatus: 'pending', liveEndsAt: null }));
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
