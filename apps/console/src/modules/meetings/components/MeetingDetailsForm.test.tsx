import type { Meeting } from '@livevote/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithApi } from '../../../test/render';
import { MeetingDetailsForm } from './MeetingDetailsForm';

const meeting = {
  key: 'k1',
  accountKey: 'a1',
  shortCode: 'abc123',
  name: 'Harbourview AGM',
  description: '',
  type: 'agm',
  quorumMinimum: 0,
  meetingDate: '2026-12-01T23:00:00.000Z',
  expiryDate: null,
  location: '',
  meetingTimezone: 'America/Toronto',
  language: 'en',
  duration: 60,
} as unknown as Meeting;

function renderForm(shown: Meeting = meeting) {
  const api = { patchMeeting: vi.fn(async () => shown) };
  renderWithApi(<MeetingDetailsForm meeting={shown} />, api);
  return api;
}

const bilingual = {
  ...meeting,
  languages: ['en', 'fr'],
  translations: { fr: { name: 'AGA de Harbourview' } },
} as unknown as Meeting;

describe(MeetingDetailsForm.name, () => {
  it('names the zone and its abbreviation beside the date, each once', () => {
    renderForm();
    expect(
      screen.getByLabelText('Date and time (America/Toronto, EST)'),
    ).toBeTruthy();
  });

  it('says a zone whose abbreviation is its name only once ("UTC", never "UTC, UTC")', () => {
    renderForm({ ...meeting, meetingTimezone: 'UTC' } as Meeting);
    expect(screen.getByLabelText('Date and time (UTC)')).toBeTruthy();
    expect(screen.getByLabelText('Early voting closes (UTC)')).toBeTruthy();
  });

  it.each([
    ['en', 'Name', 'Save details', 'Name: required'],
    ['fr', 'Nom', 'Enregistrer les détails', 'Nom : obligatoire'],
  ])(
    'says in %s which field is wrong, and sends nothing',
    async (lng, name, save, problem) => {
      await act(() => i18n.changeLanguage(lng));
      const user = userEvent.setup();
      const api = renderForm();
      const field = screen.getByLabelText(name);
      await user.clear(field);
      await user.type(field, ' ');
      await user.click(screen.getByRole('button', { name: save }));

      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(problem);
      expect(document.activeElement).toBe(field);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
      expect(api.patchMeeting).not.toHaveBeenCalled();
    },
  );

  it('sends the details, the date read on the meeting’s clock', async () => {
    const user = userEvent.setup();
    const api = renderForm();
    const duration = screen.getByLabelText('Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '90');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await vi.waitFor(() => expect(api.patchMeeting).toHaveBeenCalledTimes(1));
    expect(api.patchMeeting).toHaveBeenCalledWith('abc123', {
      name: 'Harbourview AGM',
      description: '',
      location: '',
      meetingDate: '2026-12-01T23:00:00.000Z',
      expiryDate: null,
      duration: 90,
      quorumMinimum: 0,
      meetingTimezone: 'America/Toronto',
      language: 'en',
      languages: ['en'],
    });
  });

  it('edits each text beside its translation when the meeting has two languages', async () => {
    const user = userEvent.setup();
    const api = renderForm(bilingual);
    const english = screen.getByLabelText('Name, in English');
    const french = screen.getByLabelText('Name, in French');
    expect((english as HTMLInputElement).value).toBe('Harbourview AGM');
    expect((french as HTMLInputElement).value).toBe('AGA de Harbourview');
    expect(english.getAttribute('lang')).toBe('en');
    expect(french.getAttribute('lang')).toBe('fr');
    expect(screen.getByRole('group', { name: 'Location' })).toBeTruthy();
    await user.type(screen.getByLabelText('Location, in French'), 'Salle B');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await vi.waitFor(() => expect(api.patchMeeting).toHaveBeenCalledTimes(1));
    // the blank French description is left out: its readers see the English one
    expect(api.patchMeeting).toHaveBeenCalledWith(
      'abc123',
      expect.objectContaining({
        language: 'en',
        languages: ['en', 'fr'],
        translations: {
          fr: { name: 'AGA de Harbourview', location: 'Salle B' },
        },
      }),
    );
  });

  it('adds a second language, the primary first, and names the fields in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const user = userEvent.setup();
    const api = renderForm();
    expect(screen.queryByLabelText('Nom, en anglais')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Langues'), 'fr,en');
    expect(
      screen.getByRole('option', { name: 'Français d’abord, puis anglais' }),
    ).toBeTruthy();
    await user.type(
      screen.getByLabelText('Nom, en anglais'),
      'Harbourview AGM',
    );
    await user.click(
      screen.getByRole('button', { name: 'Enregistrer les détails' }),
    );

    await vi.waitFor(() => expect(api.patchMeeting).toHaveBeenCalledTimes(1));
    expect(api.patchMeeting).toHaveBeenCalledWith(
      'abc123',
      expect.objectContaining({
        language: 'fr',
        languages: ['fr', 'en'],
        translations: { en: { name: 'Harbourview AGM' } },
      }),
    );
    await act(() => i18n.changeLanguage('en'));
  });
});
