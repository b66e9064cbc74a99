import type { HolderMatter } from '@livevote/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { HolderSplitForm } from './HolderSplitForm';

function aMatter(overrides: Partial<HolderMatter> = {}): HolderMatter {
  return {
    matterKey: 'm1',
    name: 'Approve the budget',
    header: '',
    options: ['For', 'Against', 'Abstain'],
    choices: 1,
    votingMethod: 'plurality',
    candidates: [],
    order: 1,
    liveStatus: 'live',
    liveEndsAt: null,
    allowProxyVote: true,
    directed: { count: 12, shares: 15 },
    discretionary: { count: 25, shares: 37.5 },
    cast: [],
    ...overrides,
    // the view's labels go with its options: the canonical ones unless a test translates them
    optionLabels: overrides.optionLabels ??
      overrides.options ?? ['For', 'Against', 'Abstain'],
  };
}

describe(HolderSplitForm.name, () => {
  it('casts all discretionary proxies for one option in one action', async () => {
    const user = userEvent.setup();
    const onCast = vi.fn();
    render(
      <HolderSplitForm
        matter={aMatter()}
        pending={false}
        error={null}
        onCast={onCast}
      />,
    );

    // nothing given yet: no "Cast 0 votes" to press
    expect(
      screen.getByRole('button', { name: 'Give your 25 votes above' }),
    ).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'All 25: Against' }));
    await user.click(screen.getByRole('button', { name: 'Cast 25 votes' }));

    expect(onCast).toHaveBeenCalledWith([{ choices: ['Against'], count: 25 }]);
  });

  it('splits by count and refuses more than the holder holds', async () => {
    const user = userEvent.setup();
    const onCast = vi.fn();
    render(
      <HolderSplitForm
        matter={aMatter()}
        pending={false}
        error={null}
        onCast={onCast}
      />,
    );
    const forVotes = screen.getByLabelText('Votes: For');
    const against = screen.getByLabelText('Votes: Against');

    await user.clear(forVotes);
    await user.type(forVotes, '20');
    await user.clear(against);
    await user.type(against, '6');
    expect(screen.getByRole('alert').textContent).toBe(
      'You hold 25 at your discretion; this casts 26.',
    );
    expect(
      (
        screen.getByRole('button', {
          name: 'Cast 26 votes',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);

    await user.clear(against);
    await user.type(against, '5');
    await user.click(screen.getByRole('button', { name: 'Cast 25 votes' }));
    expect(onCast).toHaveBeenCalledWith([
      { choices: ['For'], count: 20 },
      { choices: ['Against'], count: 5 },
    ]);
  });

  it('starts from what the holder cast before, so a change is an edit', () => {
    render(
      <HolderSplitForm
        matter={aMatter({ cast: [{ choices: ['Abstain'], count: 7 }] })}
        pending={false}
        error={null}
        onCast={vi.fn()}
      />,
    );
    expect(
      (screen.getByLabelText('Votes: Abstain') as HTMLInputElement).value,
    ).toBe('7');
  });

  it('groups choices for an election, up to the limit', async () => {
    const user = userEvent.setup();
    const onCast = vi.fn();
    render(
      <HolderSplitForm
        matter={aMatter({
          options: ['Ana', 'Ben', 'Cleo'],
          choices: 2,
          votingMethod: 'plurality',
          candidates: [],
          discretionary: { count: 3, shares: 3 },
        })}
        pending={false}
        error={null}
        onCast={onCast}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Cleo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ana' }));
    expect(
      (screen.getByRole('checkbox', { name: 'Ben' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    await user.type(screen.getByLabelText('Votes for group 1'), '3');
    await user.click(screen.getByRole('button', { name: 'Cast 3 votes' }));
    expect(onCast).toHaveBeenCalledWith([
      { choices: ['Ana', 'Cleo'], count: 3 },
    ]);
  });

  it('marks the box that is not a whole count, and counts an emptied box as none', async () => {
    const user = userEvent.setup();
    const onCast = vi.fn();
    render(
      <HolderSplitForm
        matter={aMatter({
          options: ['Ana', 'Ben', 'Cleo'],
          choices: 2,
          votingMethod: 'plurality',
          candidates: [],
          discretionary: { count: 3, shares: 3 },
        })}
        pending={false}
        error={null}
        onCast={onCast}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Ana' }));
    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    const first = screen.getByLabelText('Votes for group 1');
    const second = screen.getByLabelText('Votes for group 2');
    await user.clear(first);
    await user.type(first, '2');
    await user.type(second, '.5');

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Counts are whole numbers.');
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(second.getAttribute('aria-describedby')).toBe(alert.id);

    await user.clear(second);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cast 2 votes' }));
    expect(onCast).toHaveBeenCalledWith([{ choices: ['Ana'], count: 2 }]);
  });

  it('says in French why a split cannot be cast', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    render(
      <HolderSplitForm
        matter={aMatter({ discretionary: { count: 1200, shares: 1500 } })}
        pending={false}
        error={null}
        onCast={vi.fn()}
      />,
    );
    const forVotes = screen.getByLabelText('Votes : For');
    await user.type(forVotes, '1201');
    expect(screen.getByRole('alert').textContent).toBe(
      'Vous détenez 1 200 voix à votre discrétion ; ce vote en attribue 1 201.',
    );
    await user.clear(forVotes);
    await user.type(forVotes, '0');
    expect(screen.getByRole('alert').textContent).toBe(
      'Attribuez au moins une voix.',
    );
    await user.clear(forVotes);
    await user.type(forVotes, '1.5');
    expect(screen.getByRole('alert').textContent).toBe(
      'Les nombres de voix doivent être entiers.',
    );
  });

  it('casts ranked groups of a ranked election, each ranked by tapping', async () => {
    const user = userEvent.setup();
    const onCast = vi.fn();
    render(
      <HolderSplitForm
        matter={aMatter({
          name: 'Elect the chair',
          options: ['Grace Lee', 'Hugo Rossi'],
          votingMethod: 'ranked',
        })}
        pending={false}
        error={null}
        onCast={onCast}
      />,
    );
    await user.click(
      screen.getByRole('button', { name: 'Hugo Rossi, not ranked' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Grace Lee, not ranked' }),
    );
    const count = screen.getByRole('spinbutton');
    await user.clear(count);
    await user.type(count, '25');
    await user.click(screen.getByRole('button', { name: 'Cast 25 votes' }));
    expect(onCast).toHaveBeenCalledWith([
      { ranking: ['Hugo Rossi', 'Grace Lee'], count: 25 },
    ]);
  });

  it('shows the options in the view’s language and casts the canonical ones', async () => {
    const user = userEvent.setup();
    const onCast = vi.fn();
    render(
      <HolderSplitForm
        matter={aMatter({ optionLabels: ['Pour', 'Contre', 'Abstention'] })}
        pending={false}
        error={null}
        onCast={onCast}
      />,
    );
    expect(
      screen.queryByRole('button', { name: 'All 25: Against' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All 25: Contre' }));
    await user.click(screen.getByRole('button', { name: 'Cast 25 votes' }));
    expect(onCast).toHaveBeenCalledWith([{ choices: ['Against'], count: 25 }]);
  });
});
