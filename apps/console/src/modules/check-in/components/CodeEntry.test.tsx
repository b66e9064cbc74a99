import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeEntry } from './CodeEntry';

function renderEntry(taken: boolean) {
  const user = userEvent.setup();
  const onCode = vi.fn(async () => taken);
  render(<CodeEntry onCode={onCode} busy={false} />);
  const box = screen.getByLabelText('Check-in code') as HTMLInputElement;
  const send = () =>
    user.click(screen.getByRole('button', { name: 'Check in' }));
  return { user, onCode, box, send };
}

describe(CodeEntry.name, () => {
  it('says nothing of an empty box, names a code longer than any, and sends one trimmed', async () => {
    const { user, onCode, box, send } = renderEntry(true);
    await user.type(box, '   ');
    await send();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onCode).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, 'x'.repeat(201));
    await send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Check-in code: at most 200 characters');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    expect(onCode).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, ' 3f9a-0c7d ');
    await send();
    await vi.waitFor(() => expect(onCode).toHaveBeenCalledWith('3f9a-0c7d'));
    await vi.waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a code the desk did not take, to correct it', async () => {
    const { user, onCode, box, send } = renderEntry(false);
    await user.type(box, 'HELLO');
    await send();
    await vi.waitFor(() => expect(onCode).toHaveBeenCalledWith('HELLO'));
    expect(box.value).toBe('HELLO');
  });
});
