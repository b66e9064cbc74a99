import type { OwnBallot } from '@livevote/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
          options={['Grace', 'Hugo', 'Irene']}
          choices={2}
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
      'Adoptée par 80,0 % des voix exprimées en unités, 79,1 % en parts ; le seuil était au moins les deux tiers des voix exprimées, en parts.',
    );
  });
});
