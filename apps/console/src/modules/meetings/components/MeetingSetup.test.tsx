import type {
  Account,
  Meeting,
  MeetingSettings,
  MeetingStats,
} from '@livevote/contracts';
import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { MeetingDetailsPage } from './MeetingDetailsPage';
import { MeetingLayout } from './MeetingLayout';
import { MeetingPicker } from './MeetingPicker';

/** 6:00 PM in Toronto (EST). */
const SIX_PM_EST = '2026-12-01T23:00:00.000Z';

const account = {
  key: 'a1',
  name: 'Harbour Housing Co-op',
  nameShort: 'Harbour',
} as Account;

const meeting = {
  key: 'k1',
  accountKey: 'a1',
  shortCode: 'abc123',
  name: 'Harbourview AGM',
  description: '',
  type: 'agm',
  quorumMinimum: 0,
  meetingDate: SIX_PM_EST,
  expiryDate: null,
  location: '',
  meetingTimezone: 'America/Toronto',
  language: 'fr',
  languages: ['fr'],
  translations: {},
  duration: 60,
  liveVotingStatus: 'live',
} as unknown as Meeting;

const settings: MeetingSettings = {
  meetingReminders: 'enabled',
  meetingReminderFrequency: 7,
  meetingStartingReminder: 30,
  managerSummaryReportFreqency: 'daily',
  alternateManagerContactEmails: [],
  defaultProxyHolders: [],
  autoVerifyElectronicProxies: false,
  proxyHolderMustAttend: false,
  quorumBasis: 'units',
  quorumPercent: null,
  quorumIncludesProxies: true,
  requireQuorumToStart: false,
  requireSignOff: false,
  oneLiveMatter: true,
  questionCategories: [],
  floorDoubleEntry: false,
  translations: {},
  displayLanguages: 'primary',
};

const stats = {
  totalUnits: 1250,
  totalUnitsShares: 1250.5,
  totalVoters: 1300,
  totalProxies: 2,
  rtvPresence: { numVoters: 2, numUnits: 1 },
} as unknown as MeetingStats;

function renderAt(route: string) {
  const api = {
    getAccount: vi.fn(async () => account),
    listMeetings: vi.fn(async () => [meeting]),
    getMeeting: vi.fn(async () => meeting),
    getSettings: vi.fn(async () => settings),
    getStats: vi.fn(async () => stats),
  } as unknown as ManagerApi;
  return renderWithApi(
    <Routes>
      <Route path="/accounts/:accountKey" element={<MeetingPicker />} />
      <Route path="/meetings/:shortCode" element={<MeetingLayout />}>
        <Route index element={<MeetingDetailsPage />} />
      </Route>
    </Routes>,
    api,
    { route },
  );
}

describe('meeting set-up in French', () => {
  it('lists an account’s meetings and offers a new one', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/accounts/a1');

    expect(
      await screen.findByRole('heading', {
        name: 'Assemblées de Harbour Housing Co-op',
      }),
    ).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Assemblées' });
    expect(list.textContent).toContain('1 déc. 2026, 18 h 00 HNE');
    expect(within(list).getByText('En direct')).toBeDefined();
    expect(
      within(list).getByRole('link', {
        name: 'Salle de contrôle de Harbourview AGM',
      }),
    ).toBeDefined();
    expect(
      screen.getByRole('searchbox', { name: 'Rechercher une assemblée' }),
    ).toBeDefined();

    const create = screen.getByRole('form', { name: 'Nouvelle assemblée' });
    const type = within(create).getByLabelText('Type') as HTMLSelectElement;
    expect([...type.options].map((option) => option.text)).toEqual([
      'Assemblée générale annuelle',
      'Réunion virtuelle du conseil',
      'Assemblée publique',
      'Autre',
    ]);
    expect(
      within(create).getByRole('button', { name: 'Créer l’assemblée' }),
    ).toBeDefined();
  });

  it('names the tabs, the figures and the settings of a meeting', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/meetings/abc123');

    const tabs = screen.getByRole('navigation', {
      name: 'Préparation de l’assemblée',
    });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Détails',
      'Membres et votants',
      'Points à l’ordre du jour',
      'Candidatures',
      'Documents',
      'Procurations',
      'Journal d’audit',
      'Bulletins papier',
      'Webdiffusion',
    ]);
    expect(
      screen.getByRole('link', { name: 'Ouvrir la salle de contrôle' }),
    ).toBeDefined();
    expect(
      (await screen.findByText(/· code/)).textContent?.replace(/\s/g, ' '),
    ).toBe('1 déc. 2026, 18 h 00 HNE · code abc123');

    const figures = await screen.findByRole('region', { name: 'En bref' });
    const text = figures.textContent?.replace(/\s/g, ' ');
    expect(text).toContain('Unités1 250');
    expect(text).toContain('Quotes-parts1 250,5');
    expect(text).toContain('Connectés maintenant2 votants, 1 unité');

    const form = await screen.findByRole('form', { name: 'Paramètres' });
    const summary = within(form).getByLabelText(
      'Résumé aux gestionnaires',
    ) as HTMLSelectElement;
    expect([...summary.options].map((option) => option.text)).toEqual([
      'Quotidien',
      'Aucun',
    ]);
    expect(
      within(form).getByRole('button', { name: 'Enregistrer les paramètres' }),
    ).toBeDefined();
  });
});
