import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BallotForm } from '../../portal/components/BallotForm';

const matter = {
  options: ['Grace Lee', 'Hugo Rossi', 'Irene Walsh'],
  choices: 3,
  votingMethod: 'cumulative' as const,
};
const more = (name: string) =>
  screen.getByRole('button', { name: `One vote more for ${name}` });
const less = (name: string) =>
  screen.getByRole('button', { name: `One vote less for ${name}` });
const status = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .join(' ');

describe('cumulative ballot', () => {
  it('places votes with steppers, shows and announces the votes left, sends allocations', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm question="Elect three" matter={matter} onSubmit={onSubmit} />,
    );

    expect(screen.getByText('3 of 3 votes left')).toBeDefined();
    await user.click(more('Hugo Rossi'));
    await user.click(more('Hugo Rossi'));
    expect(screen.getByText('1 of 3 votes left')).toBeDefined();
    expect(status()).toContain('2 votes for Hugo Rossi. 1 of 3 votes left');
    await user.click(more('Grace Lee'));
    expect(status()).toContain('1 vote for Grace Lee. 0 of 3 votes left');

    await user.click(screen.getByRole('button', { name: 'Review my vote' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        allocations: [
          { option: 'Grace Lee', votes: 1 },
          { option: 'Hugo Rossi', votes: 2 },
        ],
      },
      expect.anything(),
    );
  });

  it('never goes beyond the votes held, nor below none', async () => {
    const user = userEvent.setup();
    render(<BallotForm question="Q" matter={matter} onSubmit={vi.fn()} />);

    expect(less('Irene Walsh').getAttribute('aria-disabled')).toBe('true');
    await user.click(less('Irene Walsh'));
    expect(screen.getByText('3 of 3 votes left')).toBeDefined();

    for (let i = 0; i < 5; i++) await user.click(more('Irene Walsh'));
    expect(screen.getByText('0 of 3 votes left')).toBeDefined();
    expect(screen.getByLabelText('3 votes for Irene Walsh')).toBeDefined();
    expect(more('Grace Lee').getAttribute('aria-disabled')).toBe('true');
    await user.click(more('Grace Lee'));
    expect(screen.getByLabelText('0 votes for Grace Lee')).toBeDefined();
  });

  it('is used with the keyboard alone, focus staying on a stepper at its limit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm
        question="Q"
        matter={{ ...matter, choices: 1 }}
        onSubmit={onSubmit}
      />,
    );
    await user.tab(); // − Grace Lee
    await user.tab(); // + Grace Lee
    expect(document.activeElement).toBe(more('Grace Lee'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(more('Grace Lee'));
    expect(more('Grace Lee').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('0 of 1 votes left')).toBeDefined();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('1 vote for Grace Lee')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Review my vote' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { allocations: [{ option: 'Grace Lee', votes: 1 }] },
      expect.anything(),
    );
  });

  it('words the steppers in French', async () => {
    const { i18n } = await import('../../../i18n/i18n');
    await i18n.changeLanguage('fr');
    render(<BallotForm question="Q" matter={matter} onSubmit={vi.fn()} />);
    expect(screen.getByText('3 voix restantes sur 3')).toBeDefined();
    expect(
      screen.getByRole('button', { name: 'Une voix de plus pour Hugo Rossi' }),
    ).toBeDefined();
  });
});
