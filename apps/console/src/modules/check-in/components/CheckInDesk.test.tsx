import type {
  CheckInList,
  CheckInResult,
  DeskVoter,
} from '@livevote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http-client';
import type { LiveChannel } from '../../../api/live/live-channel';
import { LiveChannelContext } from '../../../api/live/live-context';
import { initialLiveState, type LiveState } from '../../../api/live/live-state';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { CheckInDesk } from './CheckInDesk';

function aDeskVoter(overrides: Partial<DeskVoter> = {}): DeskVoter {
  return {
    voterKey: 'v1',
    name: 'Ana Silva',
    email: 'ana@example.org',
    memberKey: 'm1',
    unit: '101',
    shares: 1,
    rsvp: 'in_person',
    checkedInAt: '2026-11-21T17:55:00.000Z',
    language: 'en',
    ...overrides,
  };
}

/** A live channel whose state the test pushes, as the gateway's events would. */
function aChannel() {
  let state: LiveState = { ...initialLiveState, status: 'online' };
  const listeners = new Set<() => void>();
  const channel = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as LiveChannel;
  const push = (next: Partial<LiveState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  return { channel, push };
}

function renderDesk(list: CheckInList[], checkIn: ManagerApi['checkIn']) {
  const lists = [...list];
  const api = {
    listCheckIns: vi.fn(async () => lists.shift() ?? list[list.length - 1]),
    checkIn: vi.fn(checkIn),
    checkOut: vi.fn(),
    listMembers: vi.fn(async () => ({ members: [], total: 0 })),
  };
  const live = aChannel();
  renderWithProviders(
    <SessionContext.Provider
      value={{
        api: api as unknown as ManagerApi,
        signIn: vi.fn(),
        signOut: vi.fn(),
      }}
    >
      <LiveChannelContext.Provider value={live.channel}>
        <CheckInDesk shortCode="agm26" />
      </LiveChannelContext.Provider>
    </SessionContext.Provider>,
  );
  return { api, push: live.push };
}

const EMPTY: CheckInList = { counts: { voters: 0, units: 0 }, checkedIn: [] };
const ONE: CheckInList = {
  counts: { voters: 1, units: 1 },
  checkedIn: [aDeskVoter()],
};

describe(CheckInDesk.name, () => {
  it('checks a voter in by the typed code and says who it was', async () => {
    const user = userEvent.setup();
    const result: CheckInResult = {
      voter: aDeskVoter(),
      counts: { voters: 1, units: 1 },
      alreadyCheckedIn: false,
      proxiesRevoked: 1,
    };
    const { api } = renderDesk([EMPTY, ONE], async () => result);

    const box = screen.getByLabelText('Check-in code');
    await user.type(box, '3f9a-0c7d-51be-2284');
    await user.click(screen.getByRole('button', { name: 'Check in' }));

    expect(api.checkIn).toHaveBeenCalledWith('agm26', {
      code: '3f9a-0c7d-51be-2284',
    });
    expect(
      await screen.findByText(
        'Checked in: Ana Silva, unit 101. Their proxy is revoked: they vote themselves.',
      ),
    ).toBeDefined();
    expect((box as HTMLInputElement).value).toBe('');
    const inRoom = screen.getByRole('region', { name: 'In the room' });
    await waitFor(() =>
      expect(inRoom.textContent).toContain('1 voter checked in'),
    );
    expect(
      screen.getByRole('list', { name: 'Checked in' }).textContent,
    ).toContain('Unit 101: Ana Silva');
  });

  it('says plainly when the code is not one of the meeting’s, and keeps it to correct', async () => {
    const user = userEvent.setup();
    const message =
      'This is not a check-in code of this meeting. Check the code, or find the voter by unit or name.';
    renderDesk([EMPTY], async () => {
      throw new ApiError(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'check_in_code_invalid',
        detail: message,
      });
    });

    await user.type(screen.getByLabelText('Check-in code'), 'HELLO');
    await user.click(screen.getByRole('button', { name: 'Check in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(
      (screen.getByLabelText('Check-in code') as HTMLInputElement).value,
    ).toBe('HELLO');
  });

  it('shows who is in again when another desk checks someone in', async () => {
    const { api, push } = renderDesk([EMPTY, ONE], vi.fn());
    const inRoom = screen.getByRole('region', { name: 'In the room' });
    await waitFor(() => expect(inRoom.textContent).toContain('0 voters'));

    act(() =>
      push({
        lastCheckIn: {
          shortCode: 'agm26',
          voter: aDeskVoter(),
          checkedIn: true,
          counts: { voters: 1, units: 1 },
        },
      }),
    );

    await waitFor(() =>
      expect(inRoom.textContent).toContain('1 voter checked in'),
    );
    expect(api.listCheckIns).toHaveBeenCalledTimes(2);
  });

  it('registers a walk-in by control number', async () => {
    const user = userEvent.setup();
    const { api } = renderDesk([EMPTY], async () => ({
      voter: aDeskVoter({ name: 'Wanda Walkin', unit: '104' }),
      counts: { voters: 1, units: 1 },
      alreadyCheckedIn: false,
      proxiesRevoked: 0,
    }));
    const form = screen.getByRole('form', { name: 'Walk-in' });
    await user.type(screen.getByLabelText('Control number'), ' 4471-0032 ');
    await user.type(screen.getByLabelText('Name'), 'Wanda Walkin');
    await user.type(screen.getByLabelText('E-mail'), 'wanda@example.org');
    await user.click(
      screen.getByRole('button', { name: 'Register and check in' }),
    );

    expect(api.checkIn).toHaveBeenCalledWith('agm26', {
      controlNumber: '4471-0032',
      name: 'Wanda Walkin',
      email: 'wanda@example.org',
    });
    expect(
      await screen.findByText('Checked in: Wanda Walkin, unit 104.'),
    ).toBeDefined();
    expect(form).toBeDefined();
  });
});
