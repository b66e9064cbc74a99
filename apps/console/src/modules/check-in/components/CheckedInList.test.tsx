import type { DeskVoter } from '@livevote/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { MeetingZone } from '../../../i18n/meeting-zone';
import { CheckedInList } from './CheckedInList';

const voter = (over: Partial<DeskVoter>): DeskVoter => ({
  voterKey: 'v-1',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  memberKey: 'm-1',
  unit: '101',
  shares: 1,
  rsvp: null,
  checkedInAt: '2026-11-21T23:55:00.000Z',
  language: 'en',
  ...over,
});

describe(CheckedInList.name, () => {
  beforeEach(() => {
    // 7:30 PM in Toronto on Nov 21; already Nov 22 in UTC
    vi.useFakeTimers({ now: Date.parse('2026-11-22T00:30:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const show = (voters: DeskVoter[]) =>
    render(
      <MeetingZone timeZone="America/Toronto">
        <CheckedInList voters={voters} busy={false} onCheckOut={() => {}} />
      </MeetingZone>,
    );

  it('gives today’s check-ins the time alone, in the meeting’s zone, labelled', () => {
    show([
      voter({}),
      voter({
        voterKey: 'v-2',
        unit: '102',
        name: 'Grace Hopper',
        checkedInAt: '2026-11-20T23:00:00.000Z',
      }),
    ]);
    expect(screen.getByText('since 6:55 PM EST')).toBeDefined();
    // an older one keeps its date
    expect(screen.getByText('since Nov 20, 2026, 6:00 PM EST')).toBeDefined();
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    show([voter({})]);
    expect(screen.getByText(/18 h 55 HNE$/).textContent).not.toMatch(/2026/);
  });
});
