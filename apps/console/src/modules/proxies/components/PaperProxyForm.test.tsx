import type { Matter, Member } from '@livevote/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '../../../test/render';
import { PaperProxyForm } from './PaperProxyForm';

const MEMBERS = [
  { key: 'member-101', unit: '101' },
  { key: 'member-102', unit: '102' },
] as Member[];

const MATTERS = [
  {
    key: 'budget',
    name: 'Approve the budget',
    header: '',
    options: ['For', 'Against'],
    choices: 1,
    allowProxyVote: true,
  },
  {
    key: 'board',
    name: 'Elect two directors',
    header: '',
    options: ['Ana', 'Ben', 'Cleo'],
    choices: 2,
    allowProxyVote: true,
  },
  {
    key: 'chair',
    name: 'Thank the chair',
    header: '',
    options: ['Yes'],
    choices: 1,
    allowProxyVote: false,
  },
] as Matter[];

function renderForm() {
  const user = userEvent.setup();
  const api = {
    enterPaperProxy: vi.fn(async () => ({ unit: '101' })),
    uploadDocument: vi.fn(),
    registerDocument: vi.fn(),
  };
  renderWithApi(
    <PaperProxyForm
      shortCode="abc123"
      members={MEMBERS}
      matters={MATTERS}
      defaultHolders={['Board Secretary']}
    />,
    api,
  );
  const enter = () =>
    user.click(screen.getByRole('button', { name: 'Enter the proxy' }));
  return { user, api, enter };
}

describe(PaperProxyForm.name, () => {
  it('enters a sheet for someone named, then clears it for the next unit of that holder', async () => {
    const { user, api, enter } = renderForm();
    const unit = screen.getByLabelText('Unit') as HTMLSelectElement;
    await user.selectOptions(unit, '101');
    await user.selectOptions(
      screen.getByLabelText('Proxy holder'),
      'Someone named on the form',
    );
    await user.type(screen.getByLabelText('Holder’s name'), ' Nadia ');
    await user.type(
      screen.getByLabelText('Holder’s e-mail'),
      'nadia@example.test',
    );
    const budget = screen.getByRole('group', { name: 'Approve the budget' });
    await user.click(within(budget).getByRole('radio', { name: 'Against' }));
    await user.type(screen.getByLabelText('Signed by'), 'Ana Silva ');
    await enter();

    await vi.waitFor(() =>
      expect(api.enterPaperProxy).toHaveBeenCalledWith('abc123', {
        memberKey: 'member-101',
        holder: {
          isDefault: false,
          name: 'Nadia',
          email: 'nadia@example.test',
        },
        directions: [
          { matterKey: 'budget', choices: ['Against'] },
          { matterKey: 'board', choices: null },
        ],
        signedName: 'Ana Silva',
        scanKey: undefined,
      }),
    );
    expect(api.uploadDocument).not.toHaveBeenCalled();
    await screen.findByText(
      'Proxy of unit 101 entered; verify it in the list.',
    );
    expect(unit.value).toBe('');
    expect((screen.getByLabelText('Signed by') as HTMLInputElement).value).toBe(
      '',
    );
    expect(
      (screen.getByLabelText('Holder’s name') as HTMLInputElement).value,
    ).toBe(' Nadia ');
    expect(
      within(budget).getByRole('radio', {
        name: 'Let my proxy holder decide',
      }),
    ).toHaveProperty('checked', true);
  });

  it('says what is wrong before it sends: a directed election without a choice, then a holder’s address', async () => {
    const { user, api, enter } = renderForm();
    await user.selectOptions(screen.getByLabelText('Unit'), '102');
    await user.selectOptions(
      screen.getByLabelText('Proxy holder'),
      'Someone named on the form',
    );
    await user.type(screen.getByLabelText('Holder’s name'), 'Nadia');
    const email = screen.getByLabelText('Holder’s e-mail');
    await user.type(email, 'nadia@example');
    const board = screen.getByRole('group', { name: 'Elect two directors' });
    await user.click(
      within(board).getByRole('radio', { name: 'I direct the vote' }),
    );
    await user.type(screen.getByLabelText('Signed by'), 'Ana Silva');
    await enter();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose at least one option where the vote is directed.',
    );

    await user.click(within(board).getByRole('checkbox', { name: 'Ben' }));
    await enter();
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Holder’s e-mail: invalid address',
      ),
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
    expect(document.activeElement).toBe(email);
    expect(api.enterPaperProxy).not.toHaveBeenCalled();
  });
});
