import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLiveMatter, aResult } from '../../../test/live-factories';
import { ResultPanel } from './ResultPanel';

describe(ResultPanel.name, () => {
  it('says a live open ballot is already carried, with the rule it must meet', () => {
    render(
      <ResultPanel
        matter={aLiveMatter({
          liveStatus: 'live',
          secretBallot: false,
          forecast: 'carried',
          threshold: { numerator: 2, denominator: 3, strict: false },
        })}
        audience="staff"
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Already carried It passes whatever the members yet to vote do.',
    );
    expect(
      screen.getByText(
        'To pass: at least two-thirds of the votes cast, by shares.',
      ),
    ).toBeDefined();
  });

  it('gives a live secret ballot no forecast', () => {
    render(
      <ResultPanel
        matter={aLiveMatter({ liveStatus: 'live', secretBallot: true })}
        audience="staff"
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(
      screen.getByText('Secret ballot: no forecast until voting closes.'),
    ).toBeDefined();
  });

  it('states the verdict and, to staff, that it awaits a scrutineer', () => {
    render(
      <ResultPanel
        matter={aLiveMatter({ liveStatus: 'closed', result: aResult() })}
        audience="staff"
      />,
    );
    const region = screen.getByRole('region', { name: 'Result' });
    expect(region.dataset.verdict).toBe('carried');
    expect(region.textContent).toContain(
      'Carried by 80% of the votes cast by units, 79.1% by shares; the threshold was at least two-thirds of the votes cast, by shares.',
    );
    expect(region.textContent).toContain('Awaiting a scrutineer’s sign-off');
  });

  it('tells a voter the result is pending until it is published', () => {
    render(
      <ResultPanel
        matter={aLiveMatter({ liveStatus: 'closed', result: null })}
        audience="voter"
      />,
    );
    expect(screen.getByText('Result pending')).toBeDefined();
  });

  it('shows a voter the published result without its sign-off line', () => {
    render(
      <ResultPanel
        matter={aLiveMatter({
          liveStatus: 'closed',
          result: aResult({
            publishedAt: '2026-11-21T18:25:00.000Z',
            signedOffBy: 'sam@scrutineers.test',
            signedOffAt: '2026-11-21T18:25:00.000Z',
          }),
        })}
        audience="voter"
      />,
    );
    const region = screen.getByRole('region', { name: 'Result' });
    expect(region.textContent).toContain('Carried');
    expect(region.textContent).not.toContain('sam@scrutineers.test');
    expect(screen.getByRole('row', { name: 'For 8 17' })).toBeDefined();
  });
});
