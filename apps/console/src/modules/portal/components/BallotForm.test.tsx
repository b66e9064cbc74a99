import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BallotForm } from './BallotForm';

const CANDIDATES = ['Grace Lee', 'Hugo Rossi', 'Irene Walsh', 'Jamal Carter'];

function box(name: string): HTMLInputElement {
  return screen.getByRole('checkbox', { name }) as HTMLInputElement;
}

describe(BallotForm.name, () => {
  it('lets a voter choose up to the limit and no more', async () => {
    const user = userEvent.setup();
    render(
      <BallotForm
        question="Elect two directors"
        matter={{ options: CANDIDATES, choices: 2, votingMethod: 'plurality' }}
        onSubmit={vi.fn()}
      />,
    );

    await user.click(box('Hugo Rossi'));
    await user.click(box('Grace Lee'));

    expect(box('Irene Walsh').disabled).toBe(true);
    expect(box('Jamal Carter').disabled).toBe(true);
    expect(screen.getByText(/2 of 2 chosen/)).toBeDefined();
    await user.click(box('Irene Walsh'));
    expect(box('Irene Walsh').checked).toBe(false);
  });

  it('frees the other options when a choice is taken back', async () => {
    const user = userEvent.setup();
    render(
      <BallotForm
        question="Q"
        matter={{ options: CANDIDATES, choices: 2, votingMethod: 'plurality' }}
        onSubmit={vi.fn()}
      />,
    );

    await user.click(box('Grace Lee'));
    await user.click(box('Hugo Rossi'));
    await user.click(box('Grace Lee'));

    expect(box('Irene Walsh').disabled).toBe(false);
    expect(screen.getByText(/1 of 2 chosen/)).toBeDefined();
  });

  it('submits the choices in the order of the options', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm
        question="Q"
        matter={{ options: CANDIDATES, choices: 2, votingMethod: 'plurality' }}
        onSubmit={onSubmit}
      />,
    );

    await user.click(box('Jamal Carter'));
    await user.click(box('Grace Lee'));
    await user.click(screen.getByRole('button', { name: 'Review my vote' }));

    expect(onSubmit).toHaveBeenCalledWith(
      { choices: ['Grace Lee', 'Jamal Carter'] },
      expect.anything(),
    );
  });

  it('offers radio buttons for a single choice and needs one before submitting', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm
        question="Approve?"
        matter={{
          options: ['For', 'Against'],
          choices: 1,
          votingMethod: 'plurality',
        }}
        onSubmit={onSubmit}
      />,
    );
    const submit = screen.getByRole('button', {
      name: 'Review my vote',
    }) as HTMLButtonElement;

    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'For' }));
    await user.click(screen.getByRole('radio', { name: 'Against' }));
    await user.click(submit);

    expect(onSubmit).toHaveBeenCalledWith(
      { choices: ['Against'] },
      expect.anything(),
    );
  });

  it('can be used with the keyboard alone', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm
        question="Q"
        matter={{ options: CANDIDATES, choices: 2, votingMethod: 'plurality' }}
        onSubmit={onSubmit}
      />,
    );

    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('{Enter}');

    expect(onSubmit).toHaveBeenCalledWith(
      { choices: ['Grace Lee', 'Hugo Rossi'] },
      expect.anything(),
    );
  });

  it('starts from the voter’s earlier ballot when changing a vote', () => {
    render(
      <BallotForm
        question="Q"
        matter={{ options: CANDIDATES, choices: 2, votingMethod: 'plurality' }}
        initial={{ choices: ['Irene Walsh', 'Jamal Carter'], votes: [] }}
        onSubmit={vi.fn()}
      />,
    );

    expect(box('Irene Walsh').checked).toBe(true);
    expect(box('Jamal Carter').checked).toBe(true);
    expect(box('Grace Lee').checked).toBe(false);
    expect(box('Grace Lee').disabled).toBe(true);
  });

  it('shows each option in the voter’s language and sends the canonical option', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <BallotForm
        question="Approuver le budget ?"
        matter={{
          options: ['For', 'Against'],
          optionLabels: ['Pour', 'Contre'],
          choices: 1,
          votingMethod: 'plurality',
        }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.queryByRole('radio', { name: 'For' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Contre' }));
    await user.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalled();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ choices: ['Against'] });
  });
});
