import type { MeetingSettings } from '@livevote/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { MeetingSettingsForm } from './MeetingSettingsForm';

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

function renderForm() {
  const api = { patchSettings: vi.fn(async () => settings) };
  renderWithApi(
    <MeetingSettingsForm shortCode="abc123" settings={settings} />,
    api,
  );
  return api;
}

describe(MeetingSettingsForm.name, () => {
  it.each([
    ['en', /^Also send reports to/, 'Save settings', 'invalid address'],
    ['fr', /^Envoyer aussi/, 'Enregistrer les paramètres', 'adresse invalide'],
  ])(
    'names in %s the list an address is wrong in, and sends nothing',
    async (lng, managers, save, problem) => {
      await act(() => i18n.changeLanguage(lng));
      const user = userEvent.setup();
      const api = renderForm();
      const field = screen.getByLabelText(managers);
      await user.type(field, 'a@example.com, nobody');
      await user.click(screen.getByRole('button', { name: save }));

      const alert = screen.getByRole('alert');
      expect(alert.textContent).toMatch(managers);
      expect(alert.textContent?.endsWith(problem)).toBe(true);
      expect(document.activeElement).toBe(field);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(api.patchSettings).not.toHaveBeenCalled();
    },
  );

  it('sends the settings with each list split', async () => {
    const user = userEvent.setup();
    const api = renderForm();
    await user.type(
      screen.getByLabelText(/^Also send reports to/),
      'a@example.com, b@example.com',
    );
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await vi.waitFor(() =>
      expect(api.patchSettings).toHaveBeenCalledWith('abc123', {
        meetingReminderFrequency: 7,
        meetingStartingReminder: 30,
        managerSummaryReportFreqency: 'daily',
        alternateManagerEmails: ['a@example.com', 'b@example.com'],
        defaultProxyHolders: [],
        questionCategories: [],
        floorDoubleEntry: true,
        displayLanguages: 'primary',
      }),
    );
  });

  it('translates each question category beside it, and the screen’s languages, for a bilingual meeting', async () => {
    const user = userEvent.setup();
    const api = { patchSettings: vi.fn(async () => settings) };
    renderWithApi(
      <MeetingSettingsForm
        shortCode="abc123"
        settings={{
          ...settings,
          questionCategories: ['Budget', 'Roof'],
          translations: { fr: { questionCategories: ['Budget', ''] } },
        }}
        languages={['en', 'fr']}
      />,
      api,
    );
    const roof = screen.getByLabelText('French category for “Roof”');
    expect(roof.getAttribute('lang')).toBe('fr');
    await user.type(roof, 'Toiture');
    await user.selectOptions(
      screen.getByLabelText('Report and big screen show the meeting’s texts'),
      'all',
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await vi.waitFor(() => expect(api.patchSettings).toHaveBeenCalled());
    expect(api.patchSettings).toHaveBeenCalledWith(
      'abc123',
      expect.objectContaining({
        questionCategories: ['Budget', 'Roof'],
        translations: { fr: { questionCategories: ['Budget', 'Toiture'] } },
        displayLanguages: 'all',
      }),
    );
  });

  it('keeps each French category beside its English one when a line is deleted', async () => {
    const user = userEvent.setup();
    const api = { patchSettings: vi.fn(async () => settings) };
    renderWithApi(
      <MeetingSettingsForm
        shortCode="abc123"
        settings={{
          ...settings,
          questionCategories: ['Budget', 'Roof'],
          translations: { fr: { questionCategories: ['Finances', 'Toiture'] } },
        }}
        languages={['en', 'fr']}
      />,
      api,
    );
    const categories = screen.getByLabelText(
      /^Question categories.*, in English$/,
    );
    // the first line, "Budget" and its line break, selected and deleted
    await user.type(categories, '{Backspace}', {
      initialSelectionStart: 0,
      initialSelectionEnd: 7,
    });
    expect(
      (screen.getByLabelText('French category for “Roof”') as HTMLInputElement)
        .value,
    ).toBe('Toiture');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await vi.waitFor(() => expect(api.patchSettings).toHaveBeenCalled());
    expect(api.patchSettings).toHaveBeenCalledWith(
      'abc123',
      expect.objectContaining({
        questionCategories: ['Roof'],
        translations: { fr: { questionCategories: ['Toiture'] } },
      }),
    );
  });
});
