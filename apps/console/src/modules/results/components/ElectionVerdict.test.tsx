import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { aLiveMatter, aResult } from '../../../test/live-factories';
import { renderWithApi } from '../../../test/render';
import { ResultPanel } from './ResultPanel';

const CANDIDATES = ['Hugo Rossi', 'Grace Lee', 'Irene Walsh', 'Jamal Carter'];

/** "Elect two directors": Hugo 4.5 of 7.5 shares (60%), Grace 3.5 (46.7%). */
const election = (
  method: 'plurality' | 'cumulative' | 'ranked',
  result: Parameters<typeof aResult>[0] = {},
) =>
  aLiveMatter({
    name: 'Elect two directors',
    options: CANDIDATES,
    choices: 2,
    votingMethod: method,
    liveStatus: 'closed',
    result: aResult({
      verdict: 'elected',
      votingMethod: method,
      elected: ['Hugo Rossi', 'Grace Lee'],
      forYes: { units: 3, shares: 4.5 },
      base: { units: 4, shares: 7.5 },
      threshold: { numerator: 1, denominator: 2, strict: true },
      totals: [
        { vote: 'Hugo Rossi', units: 3, shares: 4.5 },
        { vote: 'Grace Lee', units: 2, shares: 3.5 },
        { vote: 'Irene Walsh', units: 1, shares: 2 },
        { vote: 'Jamal Carter', units: 0, shares: 0 },
      ],
      ...result,
    }),
  });

const text = () => document.body.textContent ?? '';

describe('an election’s verdict', () => {
  it('says it was elected by plurality, never a majority threshold, with percentages of the base the bars show', () => {
    render(<ResultPanel matter={election('plurality')} audience="staff" />);
    const statement = text();
    expect(statement).toContain('Elected by plurality');
    expect(statement).not.toContain('To pass');
    expect(statement).not.toContain('one half');
    expect(statement).toContain('Hugo Rossi (60%');
    expect(statement).toContain('Grace Lee (46.7%');
    // the bar beside each option is the very figure the sentence gives
    const hugo = document.querySelector('tr[data-option="Hugo Rossi"]')!;
    expect(hugo.getAttribute('data-percent')).toBe('60');
    expect((hugo.querySelector('.bar-votes') as HTMLElement).style.width).toBe(
      '60%',
    );
    expect(within(hugo as HTMLElement).getByText('60%')).toBeDefined();
    const grace = document.querySelector('tr[data-option="Grace Lee"]')!;
    expect((grace.querySelector('.bar-votes') as HTMLElement).style.width).toBe(
      '46.7%',
    );
  });

  it('says it was elected by cumulative votes', () => {
    render(<ResultPanel matter={election('cumulative')} audience="voter" />);
    expect(text()).toContain('Elected by cumulative votes');
    expect(text()).not.toContain('To pass');
  });

  it('says a ranked count’s rounds, and shows them in a table', () => {
    const round = (
      counts: Record<string, number>,
      elected: string[],
      excluded: string[],
    ) => ({
      counts: Object.fromEntries(
        Object.entries(counts).map(([o, s]) => [o, { units: s, shares: s }]),
      ),
      elected,
      excluded,
      exhausted: { units: 0, shares: 0 },
    });
    render(
      <ResultPanel
        matter={election('ranked', {
          rounds: [
            round(
              {
                'Hugo Rossi': 4,
                'Grace Lee': 2,
                'Irene Walsh': 1.5,
                'Jamal Carter': 0,
              },
              ['Hugo Rossi'],
              ['Jamal Carter'],
            ),
            round(
              { 'Grace Lee': 2.5, 'Irene Walsh': 1.5 },
              [],
              ['Irene Walsh'],
            ),
            round({ 'Grace Lee': 3.5 }, ['Grace Lee'], []),
          ],
        })}
        audience="staff"
      />,
    );
    expect(text()).toContain('Elected by ranked count (3 rounds)');
    const table = screen.getByRole('table', { name: 'Rounds of the count' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const irene = within(table).getByRole('row', { name: /Irene Walsh/ });
    expect(irene.textContent).toContain('1.5 (excluded)');
    expect(within(table).getByRole('row', { name: /Exhausted/ })).toBeDefined();
  });

  it('gives an open election its method, not a threshold to pass', async () => {
    render(
      <ResultPanel
        matter={aLiveMatter({
          options: CANDIDATES,
          choices: 2,
          votingMethod: 'ranked',
          liveStatus: 'live',
        })}
        audience="staff"
      />,
    );
    expect(text()).toContain('Election by ranked count');
    expect(text()).not.toContain('To pass');
    await act(() => i18n.changeLanguage('fr'));
    expect(text()).toContain('Mode d’élection');
  });

  it('keeps a motion’s threshold', () => {
    render(
      <ResultPanel
        matter={aLiveMatter({ liveStatus: 'closed', result: aResult() })}
        audience="staff"
      />,
    );
    expect(text()).toContain('at least two-thirds');
  });

  it('names the options tied for the last seat, and the chair records a tie break', async () => {
    const user = userEvent.setup();
    const tieBreak = vi.fn().mockResolvedValue(null);
    const matter = election('plurality', {
      verdict: 'tied',
      elected: ['Hugo Rossi'],
      tied: ['Grace Lee', 'Irene Walsh'],
      tiedForLastSeat: ['Grace Lee', 'Irene Walsh'],
    });
    renderWithApi(
      <ResultPanel matter={matter} audience="staff" chairOf="abc123" />,
      { tieBreak },
    );
    expect(text()).toMatch(/Tied for the last seat: Grace Lee, Irene Walsh/);

    const form = screen.getByRole('form', { name: 'Record the tie break' });
    await user.click(
      within(form).getByRole('button', { name: 'Record the decision' }),
    );
    expect(within(form).getByRole('alert').textContent).toContain(
      'Choose 1 candidate.',
    );
    expect(tieBreak).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('radio', { name: 'Irene Walsh' }));
    await user.selectOptions(
      within(form).getByLabelText('Decided'),
      'casting_vote',
    );
    await user.type(
      within(form).getByLabelText('Note for the minutes (optional)'),
      'The chair votes for Irene Walsh.',
    );
    await user.click(
      within(form).getByRole('button', { name: 'Record the decision' }),
    );
    expect(tieBreak).toHaveBeenCalledWith('abc123', 'm1', {
      elected: ['Irene Walsh'],
      method: 'casting_vote',
      note: 'The chair votes for Irene Walsh.',
    });
  });

  it('shows a recorded tie break, and no form, nor a form on the big screen', () => {
    const matter = election('plurality', {
      verdict: 'tied',
      elected: ['Hugo Rossi', 'Irene Walsh'],
      tied: ['Grace Lee', 'Irene Walsh'],
      tiedForLastSeat: ['Grace Lee', 'Irene Walsh'],
      tieBreak: {
        elected: ['Irene Walsh'],
        method: 'lot',
        note: '',
        decidedBy: 'chair@example.org',
        decidedAt: '2026-11-21T18:30:00.000Z',
      },
    });
    renderWithApi(
      <ResultPanel matter={matter} audience="staff" chairOf="abc123" />,
      {},
    );
    expect(text()).toMatch(/Irene Walsh elected by lot/);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('speaks French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(<ResultPanel matter={election('cumulative')} audience="voter" />);
    expect(text()).toContain('Élus par vote cumulatif');
  });
});
