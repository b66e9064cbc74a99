import type { MatterTallyEvent, MatterTallyRow } from '@livevote/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TallyView } from './TallyView';

function row(
  vote: string,
  overrides: Partial<MatterTallyRow> = {},
): MatterTallyRow {
  return {
    vote,
    numProxyVotes: 0,
    numLiveVotes: 0,
    numOtherVotes: 0,
    numProxyShares: 0,
    numLiveShares: 0,
    numOtherShares: 0,
    ...overrides,
  };
}

function aTally(overrides: Partial<MatterTallyEvent> = {}): MatterTallyEvent {
  return {
    shortCode: 'abc123',
    matterKey: 'matter-1',
    rows: [
      row('For', {
        numLiveVotes: 2,
        numLiveShares: 2,
        numProxyVotes: 1,
        numProxyShares: 3.5,
      }),
      row('Against', { numLiveVotes: 1, numLiveShares: 0.5 }),
      row('Abstain'),
    ],
    rowsWithheld: false,
    votesCast: 4,
    sharesCast: 6,
    eligibleMembers: 10,
    forecast: null,
    seq: 7,
    ...overrides,
  };
}

function optionRow(option: string): HTMLElement {
  const rows = within(
    screen.getByRole('region', { name: 'Tally' }),
  ).getAllByRole('listitem');
  const found = rows.find((item) => item.dataset.option === option);
  if (!found) throw new Error(`no row for ${option}`);
  return found;
}

describe(TallyView.name, () => {
  it('shows votes and shares per option over every method, with their share of the total', () => {
    render(
      <TallyView options={['For', 'Against', 'Abstain']} tally={aTally()} />,
    );

    expect(optionRow('For').textContent).toContain(
      '3 votes (75%) · 5.5 shares (91.7%)',
    );
    expect(optionRow('Against').textContent).toContain(
      '1 vote (25%) · 0.5 shares (8.3%)',
    );
    expect(optionRow('Abstain').textContent).toContain(
      '0 votes (0%) · 0 shares (0%)',
    );
  });

  it('says how many of the eligible members have voted', () => {
    render(<TallyView options={['For']} tally={aTally()} />);

    expect(screen.getByText(/votes cast/).textContent).toBe(
      '4 votes cast of 10 eligible · 6 shares cast',
    );
  });

  it('draws each bar as the option’s share of the ballots', () => {
    render(
      <TallyView options={['For', 'Against', 'Abstain']} tally={aTally()} />,
    );

    const width = (option: string, bar: string) =>
      (optionRow(option).querySelector(bar) as HTMLElement).style.width;
    expect(width('For', '.bar-votes')).toBe('75%');
    expect(width('For', '.bar-shares')).toBe('91.7%');
    expect(width('Against', '.bar-votes')).toBe('25%');
    expect(width('Abstain', '.bar-votes')).toBe('0%');
  });

  it('says which bar is votes and which is shares', () => {
    render(
      <TallyView options={['For', 'Against', 'Abstain']} tally={aTally()} />,
    );

    const region = screen.getByRole('region', { name: 'Tally' });
    expect(
      within(region).getByText('Thick bar: votes (one a unit)'),
    ).toBeTruthy();
    expect(within(region).getByText('Thin bar: shares')).toBeTruthy();
  });

  it('shows turnout and says when results appear while a secret ballot withholds its rows', () => {
    render(
      <TallyView
        options={['For', 'Against', 'Abstain']}
        tally={aTally({ rows: [], rowsWithheld: true })}
        secretBallot
      />,
    );

    const region = screen.getByRole('region', { name: 'Tally' });
    expect(within(region).getByText(/votes cast/).textContent).toBe(
      '4 votes cast of 10 eligible · 6 shares cast',
    );
    expect(
      within(region).getByText('Results appear when voting closes.'),
    ).toBeTruthy();
    expect(within(region).queryAllByRole('listitem')).toEqual([]);
  });

  it('says when results appear for a secret ballot before its first tally arrives', () => {
    render(<TallyView options={['Yes', 'No']} secretBallot />);

    expect(screen.getByText('Results appear when voting closes.')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('shows the rows of a secret ballot once its closing tally carries them', () => {
    render(
      <TallyView
        options={['For', 'Against', 'Abstain']}
        tally={aTally()}
        secretBallot
      />,
    );

    expect(optionRow('For').dataset.votes).toBe('3');
    expect(screen.queryByText('Results appear when voting closes.')).toBeNull();
  });

  it('lists every option at zero before the first tally arrives', () => {
    render(<TallyView options={['Yes', 'No']} />);

    expect(optionRow('Yes').dataset.votes).toBe('0');
    expect(optionRow('No').dataset.votes).toBe('0');
    expect(screen.getByText(/votes cast/).textContent).toBe('0 votes cast');
  });

  it('says how many votes of an option came by proxy', () => {
    render(
      <TallyView options={['For', 'Against', 'Abstain']} tally={aTally()} />,
    );

    expect(optionRow('For').textContent).toContain('1 by proxy');
    expect(optionRow('For').dataset.proxyVotes).toBe('1');
    expect(optionRow('Against').textContent).not.toContain('by proxy');
  });
});
