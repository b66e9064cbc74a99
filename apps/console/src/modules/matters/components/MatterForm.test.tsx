import type { CreateMatterRequest } from '@livevote/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  EMPTY_MATTER,
  newMatter,
  type MatterDraft,
} from '../utils/matter-draft';
import { MatterForm } from './MatterForm';

function renderForm(initial: MatterDraft = EMPTY_MATTER) {
  const onSubmit = vi.fn<(body: CreateMatterRequest) => void>();
  render(
    <MatterForm
      title="New matter"
      initial={initial}
      schema={newMatter}
      submitLabel="Add matter"
      pending={false}
      error={null}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe(MatterForm.name, () => {
  it('sends “close when all have voted” when the box is ticked', async () => {
    const onSubmit = renderForm();
    const box = screen.getByRole('checkbox', {
      name: 'Close when all have voted',
    });
    expect((box as HTMLInputElement).checked).toBe(false);

    await userEvent.type(screen.getByLabelText('Name'), 'Approve the minutes');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));

    const [sent] = onSubmit.mock.calls.at(-1)!;
    expect(sent.autoCloseWhenAllVoted).toBe(true);
  });

  it('sends the mover and seconder for the minutes, and none when left blank', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Approve the minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [blank] = onSubmit.mock.calls.at(-1)!;
    expect(blank.movedBy).toBeNull();
    expect(blank.secondedBy).toBeNull();

    await userEvent.type(
      screen.getByLabelText('Moved by (optional)'),
      '  Ana Chair ',
    );
    await userEvent.type(
      screen.getByLabelText('Seconded by (optional)'),
      'Bruno Silva',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [named] = onSubmit.mock.calls.at(-1)!;
    expect(named.movedBy).toBe('Ana Chair');
    expect(named.secondedBy).toBe('Bruno Silva');
  });

  it('makes a new matter a secret ballot unless the box is cleared', async () => {
    const onSubmit = renderForm();
    const secret = screen.getByRole('checkbox', { name: 'Secret ballot' });
    expect((secret as HTMLInputElement).checked).toBe(true);

    await userEvent.type(screen.getByLabelText('Name'), 'Elect the board');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [sent] = onSubmit.mock.calls.at(-1)!;
    expect(sent.secretBallot).toBe(true);

    await userEvent.click(secret);
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [open] = onSubmit.mock.calls.at(-1)!;
    expect(open.secretBallot).toBe(false);
  });

  it('sends open verification off by default, and on when the box is ticked', async () => {
    const onSubmit = renderForm();
    const box = screen.getByRole('checkbox', {
      name: /Open verification/,
    });
    expect((box as HTMLInputElement).checked).toBe(false);

    await userEvent.type(screen.getByLabelText('Name'), 'Elect the board');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [closed] = onSubmit.mock.calls.at(-1)!;
    expect(closed.openVerification).toBe(false);

    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [open] = onSubmit.mock.calls.at(-1)!;
    expect(open.openVerification).toBe(true);
  });

  it('shows an open ballot as such when editing it', () => {
    renderForm({ ...EMPTY_MATTER, name: 'Budget', secretBallot: false });

    expect(
      (
        screen.getByRole('checkbox', {
          name: 'Secret ballot',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
  });

  it('sends a special resolution’s rule, said in words as it is chosen', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Amend the bylaws');
    await userEvent.selectOptions(
      screen.getByLabelText('Threshold'),
      'At least two-thirds (special resolution)',
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Of'),
      'Members present or represented',
    );
    expect(
      screen.getByText(
        'To pass: at least two-thirds of the members present or represented, by shares.',
      ),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [sent] = onSubmit.mock.calls.at(-1)!;
    expect(sent).toMatchObject({
      threshold: { numerator: 2, denominator: 3, strict: false },
      thresholdBasis: 'shares',
      thresholdBase: 'present',
    });
  });

  it('takes another fraction, which the contract refuses above one', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Odd rule');
    await userEvent.selectOptions(
      screen.getByLabelText('Threshold'),
      'Another fraction…',
    );
    await userEvent.clear(screen.getByLabelText('Numerator'));
    await userEvent.type(screen.getByLabelText('Numerator'), '5');
    await userEvent.clear(screen.getByLabelText('Denominator'));
    await userEvent.type(screen.getByLabelText('Denominator'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'threshold.numerator: invalid value',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sets up a ranked election: seats, no threshold to pass, and no threshold sent', async () => {
    const onSubmit = renderForm({
      ...EMPTY_MATTER,
      options: 'Hugo Rossi\nGrace Lee\nIrene Walsh',
    });
    expect(screen.getByLabelText('Threshold')).toBeDefined();
    await userEvent.type(screen.getByLabelText('Name'), 'Elect two directors');
    await userEvent.selectOptions(
      screen.getByLabelText('Voting method'),
      'ranked',
    );
    expect(screen.queryByLabelText('Threshold')).toBeNull();
    expect(screen.queryByLabelText('Of')).toBeNull();
    const seats = screen.getByLabelText('Seats');
    await userEvent.clear(seats);
    await userEvent.type(seats, '2');
    expect(document.body.textContent).toContain('Election by ranked count');
    expect(document.body.textContent).not.toContain('To pass');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));

    const [sent] = onSubmit.mock.calls.at(-1)!;
    expect(sent.votingMethod).toBe('ranked');
    expect(sent.choices).toBe(2);
    expect(sent.threshold).toBeUndefined();
    expect(sent.thresholdBase).toBeUndefined();
    expect(sent.thresholdBasis).toBe('shares');
  });

  it('keeps a plurality matter’s threshold', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Approve the minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [sent] = onSubmit.mock.calls.at(-1)!;
    expect(sent.votingMethod).toBe('plurality');
    expect(sent.threshold).toEqual({
      numerator: 1,
      denominator: 2,
      strict: true,
    });
  });
});
