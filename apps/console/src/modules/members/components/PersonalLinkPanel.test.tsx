import type { Member } from '@livevote/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { PersonalLinkPanel } from './PersonalLinkPanel';

const voter = {
  voterKey: 'v-1',
  name: 'Ann Owner',
  email: 'ann@example.test',
} as Member['voters'][number];
const member = { key: 'mem-1', unit: '101', voters: [voter] } as Member;
const LINK = 'http://localhost:3000/vote/abc123?invite=token-1';

describe(PersonalLinkPanel.name, () => {
  it('shows the voter’s personal link as a QR code and copies it', async () => {
    const user = userEvent.setup();
    const personalLink = vi.fn(async () => ({ portalUrl: LINK }));
    renderWithProviders(
      <SessionContext.Provider
        value={{
          api: { personalLink } as unknown as ManagerApi,
          signIn: vi.fn(),
          signOut: vi.fn(),
        }}
      >
        <PersonalLinkPanel
          shortCode="abc123"
          member={member}
          voter={voter}
          onClose={vi.fn()}
        />
      </SessionContext.Provider>,
    );

    const qr = await screen.findByRole('img', {
      name: 'QR code of the personal link of Ann Owner',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(
      (screen.getByLabelText('Personal link') as HTMLInputElement).value,
    ).toBe(LINK);
    expect(personalLink).toHaveBeenCalledWith(
      'abc123',
      'mem-1',
      'ann@example.test',
    );

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getByText('Link copied.')).toBeTruthy();
  });
});
