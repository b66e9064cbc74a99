import type { ProxyForm } from '@livevote/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ProxyFormView } from './ProxyFormView';

const FORM: ProxyForm = {
  defaultProxyHolders: ['Board Secretary', 'Chair of the meeting'],
  closesAt: '2026-12-01T00:00:00.000Z',
  open: true,
  language: 'en',
  matters: [
    {
      matterKey: 'budget',
      name: 'Approve the budget',
      header: '',
      options: ['For', 'Against'],
      optionLabels: ['For', 'Against'],
      choices: 1,
      votingMethod: 'plurality',
      candidates: [],
    },
    {
      matterKey: 'board',
      name: 'Elect two directors',
      header: '',
      options: ['Ana', 'Ben', 'Cleo'],
      optionLabels: ['Ana', 'Ben', 'Cleo'],
      choices: 2,
      votingMethod: 'plurality',
      candidates: [],
    },
  ],
};

async function sign(user: ReturnType<typeof userEvent.setup>) {
  await user.type(
    screen.getByLabelText('Your full name (your signature)'),
    'Ana Silva',
  );
  await user.click(screen.getByRole('checkbox', { name: /I appoint/ }));
}

/** The form on the page, with a user and the submit spy. */
function renderForm() {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  render(
    <ProxyFormView
      form={FORM}
      pending={false}
      error={null}
      onSubmit={onSubmit}
    />,
  );
  return { user, onSubmit };
}

describe(ProxyFormView.name, () => {
  it('appoints a default holder with a direction on one matter and discretion on the other', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(
      screen.getByRole('radio', { name: 'Chair of the meeting' }),
    );
    const budget = screen.getByRole('group', { name: 'Approve the budget' });
    await user.click(within(budget).getByRole('radio', { name: 'Against' }));
    await sign(user);
    await user.click(
      screen.getByRole('button', { name: 'Sign and send my proxy' }),
    );

    expect(onSubmit).toHaveBeenCalledWith({
      holder: { isDefault: true, name: 'Chair of the meeting' },
      directions: [
        { matterKey: 'budget', choices: ['Against'] },
        { matterKey: 'board', choices: null },
      ],
      signedName: 'Ana Silva',
      agree: true,
    });
  });

  it('names someone else by name and e-mail, and directs an election up to its limit', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(
      screen.getByLabelText('Their full name'),
      'Nadia Neighbour',
    );
    await user.type(
      screen.getByLabelText('Their e-mail'),
      'nadia@example.test',
    );
    await user.click(screen.getByRole('radio', { name: 'I direct the vote' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cleo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ana' }));
    expect(
      (screen.getByRole('checkbox', { name: 'Ben' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    await sign(user);
    await user.click(
      screen.getByRole('button', { name: 'Sign and send my proxy' }),
    );

    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        holder: {
          isDefault: false,
          name: 'Nadia Neighbour',
          email: 'nadia@example.test',
        },
        directions: [
          { matterKey: 'budget', choices: null },
          { matterKey: 'board', choices: ['Ana', 'Cleo'] },
        ],
      }),
    );
  });

  it('does not send a directed election without a choice, nor an unsigned proxy', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(screen.getByRole('radio', { name: 'I direct the vote' }));
    await sign(user);
    await user.click(
      screen.getByRole('button', { name: 'Sign and send my proxy' }),
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /at least one option/,
    );

    await user.click(
      screen.getByRole('radio', {
        name: 'Let my proxy holder decide',
        checked: false,
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /I appoint/ }));
    await user.click(
      screen.getByRole('button', { name: 'Sign and send my proxy' }),
    );
    expect(screen.getByRole('alert').textContent).toMatch(/sign the proxy/);
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it('names the box the contract refuses, and sends once it is right', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByLabelText('Their full name'), 'Nadia');
    const email = screen.getByLabelText('Their e-mail');
    await user.type(email, 'nadia@example');
    await sign(user);
    await user.click(
      screen.getByRole('button', { name: 'Sign and send my proxy' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Their e-mail: invalid address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(email);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email, '.test');
    await user.click(
      screen.getByRole('button', { name: 'Sign and send my proxy' }),
    );
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].holder).toEqual({
      isDefault: false,
      name: 'Nadia',
      email: 'nadia@example.test',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in French that the proxy is not signed', async () => {
    await act(() => i18n.changeLanguage('fr'));
    try {
      const { user, onSubmit } = renderForm();
      await user.type(
        screen.getByLabelText('Votre nom complet (votre signature)'),
        'Ana Silva',
      );
      await user.click(
        screen.getByRole('button', {
          name: 'Signer et envoyer ma procuration',
        }),
      );
      expect((await screen.findByRole('alert')).textContent).toBe(
        i18n.t('proxyForm.problemSign'),
      );
      expect(screen.getByRole('alert').textContent).not.toBe(
        i18n.getFixedT('en')('proxyForm.problemSign'),
      );
      expect(onSubmit).not.toHaveBeenCalled();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
