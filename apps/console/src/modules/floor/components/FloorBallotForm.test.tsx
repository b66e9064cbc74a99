import type { FloorBallotResponse, Member } from '@livevote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { aLiveMatter } from '../../../test/live-factories';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { FloorBallotForm } from './FloorBallotForm';

const MEMBER = { key: 'member-101', unit: '101' } as Member;

function renderForm(
  props: {
    doubleEntry?: boolean;
    choices?: number;
    options?: string[];
    votingMethod?: 'plurality' | 'cumulative' | 'ranked';
  } = {},
  answer: Partial<FloorBallotResponse> = {},
) {
  const api = {
    listMembers: vi.fn(
      async (_shortCode: string, params: { filters?: string }) => ({
        members: params.filters === 'unit:101' ? [MEMBER] : [],
        total: params.filters === 'unit:101' ? 1 : 0,
      }),
    ),
    recordFloorBallot: vi.fn(async (): Promise<FloorBallotResponse> => ({
      status: 'counted',
      matterKey: 'm1',
      memberKey: MEMBER.key,
      unit: '101',
      ballotId: 'b1',
      castAt: '2026-11-21T18:00:00.000Z',
      receipt: 'ABCD1234EFGH5678',
      pending: null,
      ...answer,
    })),
  };
  renderWithProviders(
    <SessionContext.Provider
      value={{
        api: api as unknown as ManagerApi,
        signIn: vi.fn(),
        signOut: vi.fn(),
      }}
    >
      <FloorBallotForm
        shortCode="abc123"
        matter={aLiveMatter({
          liveStatus: 'live',
          options: props.options ?? ['For', 'Against', 'Abstain'],
          choices: props.choices ?? 1,
          votingMethod: props.votingMethod ?? 'plurality',
        })}
        doubleEntry={props.doubleEntry ?? false}
      />
    </SessionContext.Provider>,
  );
  return api;
}

describe(FloorBallotForm.name, () => {
  it('records a sheet from the keyboard alone and puts the cursor back in the unit box', async () => {
    const user = userEvent.setup();
    const api = renderForm();
    const unit = screen.getByLabelText('Unit');
    expect(document.activeElement).toBe(unit);

    await user.keyboard('101{Enter}');
    const choices = await screen.findByRole('group', {
      name: 'Choices for unit 101',
    });
    await waitFor(() => expect(document.activeElement).toBe(choices));
    await user.keyboard('2{Enter}');

    await waitFor(() =>
      expect(api.recordFloorBallot).toHaveBeenCalledWith('abc123', 'm1', {
        memberKey: 'member-101',
        choices: ['Against'],
        entry: 1,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      'Unit 101: Against, counted.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Unit'));
    expect((screen.getByLabelText('Unit') as HTMLInputElement).value).toBe('');
  });

  it('takes up to the matter’s number of choices, and says when a unit does not exist', async () => {
    const user = userEvent.setup();
    const api = renderForm({ choices: 2, options: ['Ana', 'Ben', 'Cleo'] });
    await user.keyboard('999{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No unit 999 in this meeting.',
    );
    await user.clear(screen.getByLabelText('Unit'));
    await user.type(screen.getByLabelText('Unit'), '101{Enter}');
    const choices = await screen.findByRole('group', {
      name: 'Choices for unit 101',
    });
    await waitFor(() => expect(document.activeElement).toBe(choices));
    await user.keyboard('312{Enter}');
    await waitFor(() => expect(api.recordFloorBallot).toHaveBeenCalled());
    // 3 then 1 are two choices; 2 is one too many and is ignored
    expect(api.recordFloorBallot.mock.calls[0]).toEqual([
      'abc123',
      'm1',
      { memberKey: 'member-101', choices: ['Ana', 'Cleo'], entry: 1 },
    ]);
  });

  it('waits for a choice on Enter as the save button does, and starts each unit empty', async () => {
    const user = userEvent.setup();
    const api = renderForm({ choices: 2 });
    await user.keyboard('101{Enter}');
    const choices = await screen.findByRole('group', {
      name: 'Choices for unit 101',
    });
    await waitFor(() => expect(document.activeElement).toBe(choices));
    const save = screen.getByRole('button', { name: 'Save (Enter)' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(api.recordFloorBallot).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(choices.getAttribute('aria-invalid')).toBeNull();

    await user.keyboard('1{Escape}');
    await user.keyboard('101{Enter}');
    await screen.findByRole('group', { name: 'Choices for unit 101' });
    expect(
      screen
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
  });

  it('sends the entry chosen in double-entry mode and says when the sheet waits', async () => {
    const user = userEvent.setup();
    const api = renderForm(
      { doubleEntry: true },
      { status: 'pending', ballotId: null, castAt: null, receipt: null },
    );
    await user.click(screen.getByLabelText('Entry 2'));
    await user.click(screen.getByLabelText('Unit'));
    await user.keyboard('101{Enter}');
    const choices = await screen.findByRole('group', {
      name: 'Choices for unit 101',
    });
    await waitFor(() => expect(document.activeElement).toBe(choices));
    await user.keyboard('1{Enter}');
    await waitFor(() =>
      expect(api.recordFloorBallot).toHaveBeenCalledWith('abc123', 'm1', {
        memberKey: 'member-101',
        choices: ['For'],
        entry: 2,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      'held until the other entry',
    );
  });

  it.each([
    [
      'en',
      'The server could not be reached. Check your connection and try again.',
      'Unit 101: The server could not be reached. Check your connection and try again.',
    ],
    [
      'fr',
      'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
      'Unité 101 : Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    ],
  ])(
    'says in %s when the gateway cannot be reached',
    async (lng, lookUp, save) => {
      await act(() => i18n.changeLanguage(lng));
      const user = userEvent.setup();
      const api = renderForm();
      const unit = screen.getByRole('textbox');
      api.listMembers.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await user.keyboard('101{Enter}');
      expect((await screen.findByRole('alert')).textContent).toBe(lookUp);

      api.recordFloorBallot.mockRejectedValueOnce(
        new TypeError('Failed to fetch'),
      );
      await user.clear(unit);
      await user.type(unit, '101{Enter}');
      const choices = await screen.findByRole('group');
      await waitFor(() => expect(document.activeElement).toBe(choices));
      await user.keyboard('1{Enter}');
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(save),
      );
    },
  );

  it('ranks a ranked sheet by digits in order, and adds votes on a cumulative one', async () => {
    const user = userEvent.setup();
    const api = renderForm({
      options: ['Grace Lee', 'Hugo Rossi', 'Irene Walsh'],
      votingMethod: 'ranked',
    });
    await user.keyboard('101{Enter}');
    const group = await screen.findByRole('group', {
      name: 'Choices for unit 101',
    });
    await waitFor(() => expect(document.activeElement).toBe(group));
    await user.keyboard('3');
    await user.keyboard('1');
    expect(
      screen.getByRole('button', { name: 'Irene Walsh, ranked 1' }),
    ).toBeDefined();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.recordFloorBallot).toHaveBeenCalledWith('abc123', 'm1', {
        memberKey: 'member-101',
        ranking: ['Irene Walsh', 'Grace Lee'],
        entry: 1,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      '1. Irene Walsh, 2. Grace Lee',
    );
  });

  it('adds a vote per digit on a cumulative sheet, never beyond the votes held', async () => {
    const user = userEvent.setup();
    const api = renderForm({
      options: ['Grace Lee', 'Hugo Rossi', 'Irene Walsh'],
      choices: 2,
      votingMethod: 'cumulative',
    });
    await user.keyboard('101{Enter}');
    const group = await screen.findByRole('group', {
      name: 'Choices for unit 101',
    });
    await waitFor(() => expect(document.activeElement).toBe(group));
    await user.keyboard('222');
    expect(
      screen.getByText('0 of 2 votes left', { exact: true }),
    ).toBeDefined();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.recordFloorBallot).toHaveBeenCalledWith('abc123', 'm1', {
        memberKey: 'member-101',
        allocations: [{ option: 'Hugo Rossi', votes: 2 }],
        entry: 1,
      }),
    );
  });
});
