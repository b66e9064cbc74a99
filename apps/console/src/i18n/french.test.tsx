import type { OwnBallot } from '@livevote/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MatterQueue } from '../modules/live/components/MatterQueue';
import { VoteAnnouncer } from '../modules/live/components/VoteAnnouncer';
import { BallotForm } from '../modules/portal/components/BallotForm';
import { BallotReceipt } from '../modules/portal/components/BallotReceipt';
import { ResultPanel } from '../modules/results/components/ResultPanel';
import { aLiveMatter, aResult } from '../test/live-factories';
import { i18n } from './i18n';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MeetingZone } from './meeting-zone';

describe('French', () => {
  it('switches the console when a person picks it, and keeps the choice', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitcher />
        <BallotForm
          question="Élire deux administrateurs"
          matter={{
            options: ['Grace', 'Hugo', 'Irene'],
            choices: 2,
            votingMethod: 'plurality',
          }}
          onSubmit={vi.fn()}
        />
      </>,
    );
    expect(screen.getByText('Choose up to 2 options.')).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(screen.getByText('Choisissez jusqu’à 2 options.')).toBeDefined();
    expect(
      screen.getByRole('button', { name: 'Vérifier mon vote' }),
    ).toBeDefined();
    expect(window.localStorage.getItem('livevote.language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('gives a voter the receipt and the verdict in French, times in the meeting’s zone', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const ballot: OwnBallot = {
      ballotId: 'r-1234567890',
      matterKey: 'm1',
      choices: ['Pour'],
      method: 'live',
      castAt: '2026-12-01T23:00:00.000Z',
      receipt: 'ABCD1234EFGH5678',
    };
    render(
      <MeetingZone timeZone="America/Toronto">
        <BallotReceipt ballot={ballot} />
        <ResultPanel
          matter={aLiveMatter({
            liveStatus: 'closed',
            result: aResult({ publishedAt: '2026-12-01T23:05:00.000Z' }),
          })}
          audience="voter"
        />
      </MeetingZone>,
    );
    const receipt = screen.getByRole('status');
    expect(receipt.textContent).toContain('Votre vote est enregistré');
    expect(receipt.textContent).toContain('1 déc. 2026, 18 h 00 HNE');
    const result = screen.getByRole('region', { name: 'Résultat' });
    expect(result.textContent).toContain('Adoptée');
    expect(result.textContent).toContain(
      'Adoptée par 80 % des voix exprimées en unités, 79,1 % en quotes-parts ; le seuil était au moins les deux tiers des voix exprimées, en quotes-parts.',
    );
  });

  it('tells the chair’s control room the matters and the votes in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const pending = aLiveMatter({ name: 'Budget 2027' });
    const { rerender } = render(
      <>
        <MatterQueue matters={[]} offsetMs={0} onSelect={vi.fn()} />
        <VoteAnnouncer matters={[pending]} offsetMs={0} />
      </>,
    );
    expect(
      screen.getByText(
        'Cette assemblée n’a encore aucun point. Ajoutez-les sous Points à l’ordre du jour.',
      ),
    ).toBeDefined();
    rerender(
      <>
        <MatterQueue matters={[pending]} offsetMs={0} onSelect={vi.fn()} />
        <VoteAnnouncer
          matters={[{ ...pending, liveStatus: 'live' }]}
          offsetMs={0}
        />
      </>,
    );
    expect(
      screen.getByRole('list', { name: 'Points à l’ordre du jour' }),
    ).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(
      'Le vote est ouvert sur Budget 2027.',
    );
  });
});
