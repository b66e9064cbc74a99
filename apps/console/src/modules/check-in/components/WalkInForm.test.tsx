import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WalkInForm } from './WalkInForm';

describe(WalkInForm.name, () => {
  it('says which field is wrong before it sends, then sends trimmed and empties', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => true);
    render(<WalkInForm onSubmit={onSubmit} busy={false} />);
    await user.type(screen.getByLabelText('Control number'), ' 104 ');
    await user.type(screen.getByLabelText('Name'), 'Wanda');
    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'wanda@example');
    await user.click(
      screen.getByRole('button', { name: 'Register and check in' }),
    );

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('E-mail: invalid address');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email, '.org');
    await user.click(
      screen.getByRole('button', { name: 'Register and check in' }),
    );
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        controlNumber: '104',
        name: 'Wanda',
        email: 'wanda@example.org',
      }),
    );
    await vi.waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
