import type { AuditEntryView } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { MeetingZone } from '../../../i18n/meeting-zone';
import { renderWithApi } from '../../../test/render';
import { AuditLogPage } from './AuditLogPage';

const ANA = {
  type: 'user' as const,
  id: '0b5d7d1e-4a57-4c31-9a55-2f0e1d9a7c11',
  email: 'ana@example.test',
  name: 'Ana Chair',
};
const GATEWAY = { type: 'system' as const, id: null, email: null, name: null };
const MATTER_KEY = '5b1d1c2e-7f3a-4b8e-9c0d-1e2f3a4b5c6d';

const ENTRIES: AuditEntryView[] = [
  {
    id: '1',
    at: '2026-12-01T23:00:00.000Z',
    kind: 'matter.start',
    actor: ANA,
    clientIp: '203.0.113.7',
    subject: { type: 'matter', key: MATTER_KEY, label: 'Approve the budget' },
    changes: { liveStatus: { from: 'pending', to: 'live' }, duration: 600 },
    chain: null,
  },
  {
    id: '2',
    at: '2026-12-01T23:01:00.000Z',
    kind: 'meeting.settings',
    actor: ANA,
    clientIp: '203.0.113.7',
    subject: { type: 'meeting', key: 'abc123', label: 'AGM 2026' },
    changes: { quorumPercent: { from: 50, to: 40 } },
    chain: null,
  },
  {
    id: '3',
    at: '2026-12-01T23:02:00.000Z',
    kind: 'question.approve',
    actor: ANA,
    clientIp: '203.0.113.7',
    subject: { type: 'question', key: 'q1', label: '12', category: 'Budget' },
    changes: { status: { from: 'new', to: 'approved' } },
    chain: null,
  },
  {
    id: '4',
    at: '2026-12-01T23:05:00.000Z',
    kind: 'ballot.record',
    actor: GATEWAY,
    clientIp: null,
    subject: { type: 'member', key: 'm1', label: '4B' },
    changes: {
      matterKey: MATTER_KEY,
      matter: 'Approve the budget',
      method: 'proxy',
      receipt: '7K3MQ9XD2PAB4C5E',
    },
    chain: null,
  },
];

function renderPage() {
  const auditLog = vi.fn(async () => ENTRIES);
  const api = { auditLog } as unknown as ManagerApi;
  renderWithApi(
    <MeetingZone timeZone="America/Toronto">
      <Routes>
        <Route path="/meetings/:shortCode/audit" element={<AuditLogPage />} />
      </Routes>
    </MeetingZone>,
    api,
    { route: '/meetings/abc123/audit' },
  );
  return { auditLog };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe(AuditLogPage.name, () => {
  it('says who did what to which named thing, never kinds or keys', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'What', 'Details', 'From']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[1].textContent)).toEqual([
      'The gateway recorded a ballot of unit 4B on “Approve the budget”',
      'Ana Chair approved the question of unit 12',
      'Ana Chair changed the meeting’s quorum from 50% to 40%',
      'Ana Chair opened the vote on “Approve the budget”',
    ]);
    expect(rows[3].children[2].textContent).toContain(
      'Vote: not started → open',
    );
    expect(rows[0].children[2].textContent).toContain('How: by proxy');
    const text = table.textContent ?? '';
    for (const raw of ['matter.start', 'ballot.record', MATTER_KEY, '{', '"'])
      expect(text).not.toContain(raw);
  });

  it('speaks French, filters by kind, person and time on the gateway', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const { auditLog } = renderPage();

    screen.getByRole('heading', { name: 'Journal d’audit' });
    const table = await screen.findByRole('table', {
      name: 'Entrées du journal',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Quand', 'Quoi', 'Détails', 'Provenance']);
    const [, newest, , settings, oldest] = within(table).getAllByRole('row');
    expect(newest.textContent).toContain('1 déc. 2026, 18 h 05 HNE');
    expect(newest.textContent).toContain(
      'La passerelle a enregistré un vote de l’unité 4B sur « Approve the budget »',
    );
    expect(settings.textContent).toContain(
      'Ana Chair a changé le quorum de l’assemblée de 50 % à 40 %',
    );
    expect(oldest.textContent).toContain(
      'Ana Chair a ouvert le vote sur « Approve the budget »',
    );

    await user.selectOptions(
      screen.getByLabelText('Type'),
      'Vote : ouverture, clôture, prolongation, réouverture, modifications',
    );
    await user.selectOptions(screen.getByLabelText('Qui'), 'Ana Chair');
    await user.type(
      screen.getByLabelText('Du (America/Toronto)'),
      '2026-12-01T18:00',
    );
    await waitFor(() =>
      expect(auditLog).toHaveBeenLastCalledWith('abc123', {
        kind: 'matter',
        actor: ANA.id,
        from: '2026-12-01T23:00:00.000Z',
        to: undefined,
        limit: 500,
      }),
    );
    // the gateway, too, can be picked
    expect(
      within(screen.getByLabelText('Qui'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tout le monde', 'Ana Chair', 'La passerelle']);
    screen.getByRole('button', { name: 'Exporter en CSV' });
  });
});
