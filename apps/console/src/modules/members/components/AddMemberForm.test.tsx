import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { AddMemberForm } from './AddMemberForm';

function renderForm() {
  const api = { createMember: vi.fn(), createVoter: vi.fn() };
  renderWithApi(
    <AddMemberForm shortCode="abc123" />,
    api as unknown as ManagerApi,
  );
  return api;
}

describe(AddMemberForm.name, () => {
  it.each([
    {
      lng: 'en',
      unit: 'Unit',
      shares: 'Shares',
      voterName: 'Voter name',
      voterEmail: 'Voter e-mail',
      add: 'Add member',
      decimals: 'Shares: at most 6 decimals',
      email: 'Voter e-mail: invalid address',
    },
    {
      lng: 'fr',
      unit: 'Unité',
      shares: 'Quotes-parts',
      voterName: 'Nom du votant',
      voterEmail: 'Courriel du votant',
      add: 'Ajouter le membre',
      decimals: 'Quotes-parts : au plus 6 décimales',
      email: 'Courriel du votant : adresse invalide',
    },
  ])(
    'says in $lng which field is wrong before it sends',
    async ({ lng, ...words }) => {
      await act(() => i18n.changeLanguage(lng));
      const user = userEvent.setup();
      const api = renderForm();
      await user.type(screen.getByLabelText(words.unit), '101');
      const shares = screen.getByLabelText(words.shares);
      await user.clear(shares);
      await user.paste('1.1234567'); // the cursor is in it

      await user.click(screen.getByRole('button', { name: words.add }));
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(words.decimals);
      // the wrong field has the focus, says it is wrong, and is described by the problem
      expect(document.activeElement).toBe(shares);
      expect(shares.getAttribute('aria-invalid')).toBe('true');
      expect(shares.getAttribute('aria-describedby')).toBe(alert.id);
      expect(
        screen.getByLabelText(words.unit).getAttribute('aria-invalid'),
      ).toBeNull();

      await user.clear(shares);
      await user.type(shares, '1');
      await user.type(screen.getByLabelText(words.voterName), 'Ana');
      // a browser takes it; the gateway wants a domain with a dot
      await user.click(screen.getByLabelText(words.voterEmail));
      await user.paste('ana@example');
      await user.click(screen.getByRole('button', { name: words.add }));
      expect(screen.getByRole('alert').textContent).toBe(words.email);
      expect(document.activeElement).toBe(
        screen.getByLabelText(words.voterEmail),
      );
      expect(shares.getAttribute('aria-invalid')).toBeNull();
      expect(api.createMember).not.toHaveBeenCalled();
    },
    15_000, // the first render of a file is slow on a busy machine
  );

  it('sends the member, then its voter when one is named, and empties the form', async () => {
    const user = userEvent.setup();
    const api = renderForm();
    api.createMember.mockResolvedValue({ key: 'm-1' });
    api.createVoter.mockResolvedValue({});
    await user.type(screen.getByLabelText('Unit'), '101');
    await user.type(screen.getByLabelText('Voter name'), 'Ana');
    await user.type(screen.getByLabelText('Voter e-mail'), ' ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Add member' }));

    await vi.waitFor(() =>
      expect(api.createVoter).toHaveBeenCalledWith('abc123', 'm-1', {
        name: 'Ana',
        email: 'ana@example.com',
        isTestVoter: false,
      }),
    );
    expect(api.createMember).toHaveBeenCalledWith('abc123', {
      unit: '101',
      shares: 1,
    });
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Unit') as HTMLInputElement).value).toBe(
        '',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds the voter as a test voter when the box is ticked', async () => {
    const user = userEvent.setup();
    const api = renderForm();
    api.createMember.mockResolvedValue({ key: 'm-2' });
    api.createVoter.mockResolvedValue({});
    await user.type(screen.getByLabelText('Unit'), '999');
    await user.type(screen.getByLabelText('Voter name'), 'Rehearsal');
    await user.type(screen.getByLabelText('Voter e-mail'), 'chair@example.com');
    await user.click(screen.getByRole('checkbox', { name: /test voter/i }));
    await user.click(screen.getByRole('button', { name: 'Add member' }));

    await vi.waitFor(() =>
      expect(api.createVoter).toHaveBeenCalledWith('abc123', 'm-2', {
        name: 'Rehearsal',
        email: 'chair@example.com',
        isTestVoter: true,
      }),
    );
  });
});
