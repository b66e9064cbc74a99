import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CandidateStatements } from './CandidateStatements';

describe(CandidateStatements.name, () => {
  it('folds each statement under its candidate, in a disclosure', async () => {
    const user = userEvent.setup();
    render(
      <CandidateStatements
        candidates={[
          {
            name: 'Grace Lee',
            statement: 'Twelve years.\nReserve fund.',
            translations: {},
          },
          { name: 'Hugo Rossi', statement: '', translations: {} },
        ]}
      />,
    );
    expect(
      screen.getByRole('region', { name: 'The candidates’ statements' }),
    ).toBeTruthy();
    // a candidate without a statement has nothing to unfold
    expect(screen.queryByText('Hugo Rossi')).toBeNull();
    const summary = screen.getByText('Grace Lee');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    // a native disclosure: browsers open it with Enter or Space (e2e/nominations.spec.ts)
    await user.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getByText(/Reserve fund/).textContent).toBe(
      'Twelve years.\nReserve fund.',
    );
  });

  it('renders nothing for a matter without candidates', () => {
    const { container } = render(<CandidateStatements candidates={[]} />);
    expect(container.textContent).toBe('');
  });
});
