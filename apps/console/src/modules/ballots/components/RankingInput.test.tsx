import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BallotForm } from '../../portal/components/BallotForm';

const CANDIDATES = ['Grace Lee', 'Hugo Rossi', 'Irene Walsh', 'Jamal Carter'];
const matter = {
  options: CANDIDATES,
  choices: 2,
  votingMethod: 'ranked' as const,
  candidates: [
    { name: 'Hugo Rossi', statement: 'Twenty years on the finance committee.' },
  ],
};

const tap = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name}, `) });
const order = () =>
  within(screen.getByRole('list', { name: 'Your order' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-option'));
const status = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .join(' ');

describe('ranked ballot', () => {
  it('ranks by tapping in order, announces each rank and sends the ranking', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm
        question="Elect two directors"
        matter={matter}
        onSubmit={onSubmit}
      />,
    );

    expect(screen.getByText('No candidate ranked yet.')).toBeDefined();
    await user.click(tap('Irene Walsh'));
    expect(status()).toContain('Irene Walsh ranked 1');
    await user.click(tap('Hugo Rossi'));
    expect(status()).toContain('Hugo Rossi ranked 2');
    expect(tap('Hugo Rossi').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hugo Rossi, ranked 2' })).toBe(
      tap('Hugo Rossi'),
    );
    expect(tap('Grace Lee').getAttribute('aria-pressed')).toBe('false');
    expect(order()).toEqual(['Irene Walsh', 'Hugo Rossi']);

    await user.click(screen.getByRole('button', { name: 'Review my vote' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { ranking: ['Irene Walsh', 'Hugo Rossi'] },
      { choices: ['Irene Walsh', 'Hugo Rossi'], votes: [] },
    );
  });

  it('a second tap removes a candidate and the others close up', async () => {
    const user = userEvent.setup();
    render(<BallotForm question="Q" matter={matter} onSubmit={vi.fn()} />);
    await user.click(tap('Grace Lee'));
    await user.click(tap('Hugo Rossi'));
    await user.click(tap('Jamal Carter'));
    await user.click(tap('Grace Lee'));

    expect(status()).toContain('Grace Lee removed from your ranking');
    expect(order()).toEqual(['Hugo Rossi', 'Jamal Carter']);
    expect(screen.getByRole('button', { name: 'Hugo Rossi, ranked 1' })).toBe(
      tap('Hugo Rossi'),
    );
  });

  it('is marked with the keyboard alone: tap, move down, keep focus, submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BallotForm question="Q" matter={matter} onSubmit={onSubmit} />);

    await user.tab(); // Grace Lee
    await user.keyboard('{Enter}');
    await user.tab(); // Hugo Rossi
    await user.keyboard(' ');
    expect(order()).toEqual(['Grace Lee', 'Hugo Rossi']);

    const down = screen.getByRole('button', { name: 'Move Grace Lee down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Hugo Rossi', 'Grace Lee']);
    expect(status()).toContain('Grace Lee moved to rank 2');
    // at the bottom, the keyboard is left on the candidate's other move
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Grace Lee up' }),
    );
    // a move past the end does nothing
    const bottom = screen.getByRole('button', { name: 'Move Grace Lee down' });
    expect(bottom.getAttribute('aria-disabled')).toBe('true');
    await user.click(bottom);
    expect(order()).toEqual(['Hugo Rossi', 'Grace Lee']);

    await user.click(screen.getByRole('button', { name: 'Remove Hugo Rossi' }));
    expect(order()).toEqual(['Grace Lee']);
    expect(document.activeElement).toBe(tap('Hugo Rossi'));

    await user.click(screen.getByRole('button', { name: 'Review my vote' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { ranking: ['Grace Lee'] },
      expect.anything(),
    );
  });

  it('shows a candidate’s statement when opened', async () => {
    const user = userEvent.setup();
    render(<BallotForm question="Q" matter={matter} onSubmit={vi.fn()} />);
    const statement = screen.getByText(
      'Twenty years on the finance committee.',
    );
    expect(statement.closest('details')?.open).toBe(false);
    await user.click(screen.getByText('Statement'));
    expect(statement.closest('details')?.open).toBe(true);
    expect(screen.getAllByText('Statement')).toHaveLength(1);
  });

  it('cannot be sent empty', () => {
    render(<BallotForm question="Q" matter={matter} onSubmit={vi.fn()} />);
    expect(
      (
        screen.getByRole('button', {
          name: 'Review my vote',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('starts from an earlier ranking', () => {
    render(
      <BallotForm
        question="Q"
        matter={matter}
        initial={{ choices: ['Jamal Carter', 'Grace Lee'], votes: [] }}
        onSubmit={vi.fn()}
      />,
    );
    expect(order()).toEqual(['Jamal Carter', 'Grace Lee']);
  });
});
