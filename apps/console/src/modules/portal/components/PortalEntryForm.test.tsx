import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import type { PortalSession } from '../hooks/usePortalSession';
import { PortalEntryForm } from './PortalEntryForm';

function renderForm() {
  const register = { mutate: vi.fn(), isPending: false, error: null };
  render(
    <PortalEntryForm
      register={register as unknown as PortalSession['register']}
    />,
  );
  return register;
}

describe(PortalEntryForm.name, () => {
  it.each([
    [
      'en',
      'Control number',
      'Your name',
      'Your e-mail',
      'Join the meeting',
      'Your e-mail: invalid address',
    ],
    [
      'fr',
      'Numéro de contrôle',
      'Votre nom',
      'Votre courriel',
      'Rejoindre l’assemblée',
      'Votre courriel : adresse invalide',
    ],
  ])(
    'says in %s which field is wrong, on it, before it sends',
    async (lng, control, name, email, join, problem) => {
      await act(() => i18n.changeLanguage(lng));
      const user = userEvent.setup();
      const register = renderForm();
      await user.type(screen.getByLabelText(control), '1234');
      await user.type(screen.getByLabelText(name), 'Ana');
      await user.type(screen.getByLabelText(email), 'ana@example');
      await user.click(screen.getByRole('button', { name: join }));

      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(problem);
      const wrong = screen.getByLabelText(email);
      expect(document.activeElement).toBe(wrong);
      expect(wrong.getAttribute('aria-invalid')).toBe('true');
      expect(wrong.getAttribute('aria-describedby')).toBe(alert.id);
      expect(register.mutate).not.toHaveBeenCalled();
    },
  );

  it('sends the registration with the e-mail trimmed', async () => {
    const user = userEvent.setup();
    const register = renderForm();
    await user.type(screen.getByLabelText('Control number'), '1234');
    await user.type(screen.getByLabelText('Your name'), 'Ana');
    await user.type(screen.getByLabelText('Your e-mail'), ' ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Join the meeting' }));

    await vi.waitFor(() =>
      expect(register.mutate).toHaveBeenCalledWith({
        controlNumber: '1234',
        name: 'Ana',
        email: 'ana@example.com',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
