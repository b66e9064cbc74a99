import type { AuditEntryView } from '@livevote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { i18n } from '../../../i18n/i18n';
import { MeetingZone } from '../../../i18n/meeting-zone';
import { renderWithApi } from '../../../test/render';
import { AuditLogPage } from './AuditLogPage';

const ENTRIES: AuditEntryView[] = [
  {
    id: '1',
    at: '2026-12-01T23:00:00.000Z',
    kind: 'matter.start',
    actor: { type: 'user', id: 'u1', email: 'chair@example.test' },
    clientIp: '203.0.113.7',
    subject: { label: 'Approve the budget' },
    changes: {},
    chain: null,
  },
  {
    id: '2',
    at: '2026-12-01T23:05:00.000Z',
    kind: 'matter.stop',
    actor: { type: 'system', id: null, email: null },
    clientIp: null,
    subject: { key: 'm1' },
    changes: { reason: 'deadline' },
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

describe(AuditLogPage.name, () => {
  it('speaks French, reads the time filter on the meeting’s clock', async () => {
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
    ).toEqual(['Quand', 'Quoi', 'Qui', 'Provenance', 'Objet', 'Modifications']);
    const [, newest, oldest] = within(table).getAllByRole('row');
    expect(newest.textContent).toContain('1 déc. 2026, 18 h 05 HNE');
    expect(newest.textContent).toContain('la passerelle');
    expect(oldest.textContent).toContain('chair@example.test');

    await user.selectOptions(
      screen.getByLabelText('Type'),
      'Vote : ouverture, clôture, prolongation, réouverture, modifications',
    );
    await user.type(
      screen.getByLabelText('Du (America/Toronto)'),
      '2026-12-01T18:00',
    );
    await waitFor(() =>
      expect(auditLog).toHaveBeenLastCalledWith('abc123', {
        kind: 'matter',
        from: '2026-12-01T23:00:00.000Z',
        to: undefined,
        limit: 500,
      }),
    );
    screen.getByRole('button', { name: 'Exporter en CSV' });
  });
});
