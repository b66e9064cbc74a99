import type { Meeting, OwnBallot } from '@livevote/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../api/manager-api';
import { SessionContext } from '../modules/auth/hooks/session-context';
import { MeetingDetailsForm } from '../modules/meetings/components/MeetingDetailsForm';
import { BallotReceipt } from '../modules/portal/components/BallotReceipt';
import { ResultPanel } from '../modules/results/components/ResultPanel';
import { aLiveMatter, aResult } from '../test/live-factories';
import { renderWithProviders } from '../test/render';
import { MeetingZone } from './meeting-zone';

/** 6:00 PM in Toronto (EST), 11:00 PM UTC, 8:00 AM the next day in Tokyo. */
const SIX_PM_EST = '2026-12-01T23:00:00.000Z';

const aMeeting = (overrides: Partial<Meeting> = {}): Meeting => ({
  key: 'k1',
  accountKey: 'a1',
  shortCode: 'abc123',
  name: 'Harbourview AGM',
  description: '',
  type: 'agm',
  corporation: { legalName: '', legalNameShort: '' },
  quorumMinimum: 0,
  meetingDate: SIX_PM_EST,
  expiryDate: '2026-12-01T17:00:00.000Z',
  location: '',
  addresses: [],
  contact: { email: '', name: '', preferredName: '' },
  meetingTimezone: 'America/Toronto',
  language: 'en',
  languages: ['en'],
  translations: {},
  duration: 60,
  options: {
    signature: '',
    notificationFrequency: '',
    meetingSubtype: '',
    virtualMeetingType: '',
  },
  portalRevocationsClosedAt: null,
  url: 'https://abc123.vote.example.test',
  nominationExpiryDate: null,
  liveVotingStatus: 'disabled',
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

// the reader is far from the meeting: nothing may show the reader's own clock
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('times in the meeting’s zone', () => {
  it('shows and reads the details form on the meeting’s clock, naming the zone', async () => {
    const user = userEvent.setup();
    const patchMeeting = vi.fn(async (_: string, body: Partial<Meeting>) =>
      aMeeting(body),
    );
    const api = { patchMeeting } as unknown as ManagerApi;
    renderWithProviders(
      <SessionContext.Provider
        value={{ api, signIn: vi.fn(), signOut: vi.fn() }}
      >
        <MeetingDetailsForm meeting={aMeeting()} />
      </SessionContext.Provider>,
    );
    const date = screen.getByLabelText(
      'Date and time (America/Toronto, EST)',
    ) as HTMLInputElement;
    expect(date.value).toBe('2026-12-01T18:00');
    expect(
      (
        screen.getByLabelText(
          'Early voting closes (America/Toronto, EST)',
        ) as HTMLInputElement
      ).value,
    ).toBe('2026-12-01T12:00');

    await user.clear(date);
    await user.type(date, '2026-12-01T19:30');
    await user.selectOptions(screen.getByLabelText('Languages'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(patchMeeting).toHaveBeenCalled());
    expect(patchMeeting.mock.calls[0][1]).toMatchObject({
      meetingDate: '2026-12-02T00:30:00.000Z',
      expiryDate: '2026-12-01T17:00:00.000Z',
      meetingTimezone: 'America/Toronto',
      language: 'fr',
      languages: ['fr'],
    });
  });

  it('reads the form in a new zone when the manager changes it', async () => {
    const user = userEvent.setup();
    const patchMeeting = vi.fn(async (_: string, body: Partial<Meeting>) =>
      aMeeting(body),
    );
    const api = { patchMeeting } as unknown as ManagerApi;
    renderWithProviders(
      <SessionContext.Provider
        value={{ api, signIn: vi.fn(), signOut: vi.fn() }}
      >
        <MeetingDetailsForm meeting={aMeeting()} />
      </SessionContext.Provider>,
    );
    const tz = screen.getByLabelText('Time zone');
    await user.clear(tz);
    await user.type(tz, 'Europe/Paris');
    screen.getByLabelText('Date and time (Europe/Paris, GMT+1)');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(patchMeeting).toHaveBeenCalled());
    // 18:00 on the Paris clock
    expect(patchMeeting.mock.calls[0][1]).toMatchObject({
      meetingDate: '2026-12-01T17:00:00.000Z',
      meetingTimezone: 'Europe/Paris',
    });
  });

  it('labels a ballot receipt with the meeting’s time, not the phone’s', () => {
    const ballot: OwnBallot = {
      ballotId: 'r-1234567890',
      matterKey: 'm1',
      choices: ['For'],
      method: 'live',
      castAt: SIX_PM_EST,
      receipt: 'ABCD1234EFGH5678',
    };
    render(
      <MeetingZone timeZone="America/Toronto">
        <BallotReceipt ballot={ballot} />
      </MeetingZone>,
    );
    const receipt = screen.getByRole('status');
    expect(receipt.textContent).toContain('Dec 1, 2026, 6:00 PM EST');
    expect(receipt.textContent).not.toContain('8:00 AM');
  });

  it('gives the sign-off time in the meeting’s zone', () => {
    render(
      <MeetingZone timeZone="America/Toronto">
        <ResultPanel
          matter={aLiveMatter({
            liveStatus: 'closed',
            result: aResult({
              signedOffBy: 'sam@scrutineers.test',
              signedOffAt: SIX_PM_EST,
              publishedAt: SIX_PM_EST,
            }),
          })}
          audience="staff"
        />
      </MeetingZone>,
    );
    expect(
      screen.getByRole('region', { name: 'Result' }).textContent,
    ).toContain('Dec 1, 2026, 6:00 PM EST');
  });
});
