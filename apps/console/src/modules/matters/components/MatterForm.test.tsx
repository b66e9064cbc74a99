import { CreateMatterRequest } from '@livevote/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  EMPTY_MATTER,
  matterFields,
  type MatterDraft,
} from '../utils/matter-draft';
import { MatterForm } from './MatterForm';

function renderForm(initial: MatterDraft = EMPTY_MATTER) {
  const onSubmit = vi.fn<(draft: MatterDraft) => string | undefined>();
  render(
    <MatterForm
      title="New matter"
      initial={initial}
      submitLabel="Add matter"
      pending={false}
      error={null}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe(MatterForm.name, () => {
  it('makes a new matter a secret ballot unless the box is cleared', async () => {
    const onSubmit = renderForm();
    const secret = screen.getByRole('checkbox', { name: 'Secret ballot' });
    expect((secret as HTMLInputElement).checked).toBe(true);

    await userEvent.type(screen.getByLabelText('Name'), 'Elect the board');
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [sent] = onSubmit.mock.calls.at(-1)!;
    expect(CreateMatterRequest.parse(matterFields(sent)).secretBallot).toBe(
      true,
    );

    await userEvent.click(secret);
    await userEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const [open] = onSubmit.mock.calls.at(-1)!;
    expect(matterFields(open).secretBallot).toBe(false);
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
});
