import {
  DISPLAY_LANGUAGES,
  PatchMeetingSettingsRequest,
  SUMMARY_REPORT_FREQUENCIES,
  type MeetingSettings,
} from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../../../i18n/content-language';
import { Alert } from '../../ui/components/Alert';
import { TranslatedList } from '../../ui/components/TranslatedList';
import { useLabelsFollowItems } from '../../ui/utils/realign-labels';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { usePatchMeetingSettings } from '../hooks/useMeetings';

function list(text: string, separator = /[\n,]/): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

interface Draft {
  meetingReminderFrequency: string;
  meetingStartingReminder: string;
  managerSummaryReportFreqency: MeetingSettings['managerSummaryReportFreqency'];
  /** Comma- or line-separated, as the three lists below. */
  alternateManagerEmails: string;
  defaultProxyHolders: string;
  /** One a line (docs/hybrid-meetings.md). */
  questionCategories: string;
  /** The meeting's second language, whose categories `translatedCategories` holds; '' for none. */
  translationLanguage: Language | '';
  /** One a canonical category, by position; blank falls back to the canonical one. */
  translatedCategories: string[];
  /** The report's and the big screen's languages (docs/i18n.md). */
  displayLanguages: MeetingSettings['displayLanguages'];
  floorDoubleEntry: boolean;
}

function draftOfSettings(
  settings: MeetingSettings,
  languages: readonly Language[],
): Draft {
  const other = languages[1];
  const translated =
    (other && settings.translations[other]?.questionCategories) || [];
  return {
    meetingReminderFrequency: String(settings.meetingReminderFrequency),
    meetingStartingReminder: String(settings.meetingStartingReminder),
    managerSummaryReportFreqency: settings.managerSummaryReportFreqency,
    alternateManagerEmails: settings.alternateManagerContactEmails.join(', '),
    defaultProxyHolders: settings.defaultProxyHolders.join('\n'),
    questionCategories: settings.questionCategories.join('\n'),
    translationLanguage: other ?? '',
    displayLanguages: settings.displayLanguages,
    translatedCategories: settings.questionCategories.map(
      (_, index) => translated[index] ?? '',
    ),
    floorDoubleEntry: settings.floorDoubleEntry,
  };
}

/**
 * The categories in the second language, one per canonical category (a blank one takes the
 * canonical text, as the contract wants the same number), only when one is given.
 */
function translationsOf(draft: Draft) {
  const language = draft.translationLanguage;
  if (!language) return undefined;
  const categories = list(draft.questionCategories, /\n/);
  const given = categories.map(
    (_, index) => draft.translatedCategories[index]?.trim() ?? '',
  );
  if (!given.some(Boolean)) return undefined;
  return {
    [language]: {
      questionCategories: categories.map(
        (category, index) => given[index] || category,
      ),
    },
  };
}

const SettingsChange = draftOf(PatchMeetingSettingsRequest, (draft: Draft) => ({
  meetingReminderFrequency: Number(draft.meetingReminderFrequency),
  meetingStartingReminder: Number(draft.meetingStartingReminder),
  managerSummaryReportFreqency: draft.managerSummaryReportFreqency,
  alternateManagerEmails: list(draft.alternateManagerEmails),
  defaultProxyHolders: list(draft.defaultProxyHolders),
  questionCategories: list(draft.questionCategories, /\n/),
  floorDoubleEntry: draft.floorDoubleEntry,
  translations: translationsOf(draft),
  displayLanguages: draft.displayLanguages,
}));

export function MeetingSettingsForm({
  shortCode,
  settings,
  languages = [],
}: {
  shortCode: string;
  settings: MeetingSettings;
  /** The meeting's languages, the primary first (docs/i18n.md). */
  languages?: readonly Language[];
}) {
  const { t } = useTranslation();
  const nameOf = useLanguageName();
  const [primary, other] = languages;
  const patch = usePatchMeetingSettings(shortCode);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: SettingsChange,
    defaultValues: draftOfSettings(settings, languages),
    labels: {
      meetingReminderFrequency: t('meetingSetup.settings.reminders'),
      meetingStartingReminder: t('meetingSetup.settings.starting'),
      managerSummaryReportFreqency: t('meetingSetup.settings.summary'),
      alternateManagerEmails: t('meetingSetup.settings.managers'),
      defaultProxyHolders: t('meetingSetup.settings.proxyHolders'),
      questionCategories: t('meetingSetup.settings.categories'),
      translations: t('meetingSetup.settings.categories'),
      displayLanguages: t('bilingual.display.label'),
    },
  });
  const categories = list(form.watch('questionCategories'), /\n/);
  // the translated categories stay beside theirs when a line is deleted, inserted or moved
  useLabelsFollowItems(
    categories,
    () => form.getValues('translatedCategories'),
    (labels) => form.setValue('translatedCategories', labels),
    Boolean(primary && other),
  );

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit((change) => patch.mutate(change))}
    >
      <h3 id={`${id}-title`}>{t('meetingSetup.settings.title')}</h3>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('meetingSetup.settings.saved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('meetingReminderFrequency')}>
            {t('meetingSetup.settings.reminders')}
          </label>
          <input
            type="number"
            min={0}
            max={365}
            {...field('meetingReminderFrequency')}
          />
        </div>
        <div className="field">
          <label htmlFor={idOf('meetingStartingReminder')}>
            {t('meetingSetup.settings.starting')}
          </label>
          <input
            type="number"
            min={0}
            max={10080}
            {...field('meetingStartingReminder')}
          />
        </div>
        <div className="field">
          <label htmlFor={idOf('managerSummaryReportFreqency')}>
            {t('meetingSetup.settings.summary')}
          </label>
          <select {...field('managerSummaryReportFreqency')}>
            {SUMMARY_REPORT_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`meetingSetup.settings.frequency.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={idOf('alternateManagerEmails')}>
            {t('meetingSetup.settings.managers')}
          </label>
          <input {...field('alternateManagerEmails')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={idOf('defaultProxyHolders')}>
          {t('meetingSetup.settings.proxyHolders')}
        </label>
        <textarea rows={3} {...field('defaultProxyHolders')} />
      </div>
      <div className="field">
        <label htmlFor={idOf('questionCategories')}>
          {primary && other
            ? t('bilingual.fieldIn', {
                field: t('meetingSetup.settings.categories'),
                language: nameOf(primary),
              })
            : t('meetingSetup.settings.categories')}
        </label>
        <textarea rows={3} lang={primary} {...field('questionCategories')} />
        {primary && other && categories.length > 0 && (
          <TranslatedList
            legend={t('bilingual.categoriesIn', { language: nameOf(other) })}
            hint={t('bilingual.categoriesHint', { primary: nameOf(primary) })}
            hintId={`${id}-categories-hint`}
            items={categories}
            labelOf={(category) =>
              t('bilingual.categoryLabel', {
                language: nameOf(other),
                category,
              })
            }
            idOf={(index) => idOf(`translatedCategories.${index}`)}
            control={(index) => (
              <input
                maxLength={100}
                lang={other}
                {...field(`translatedCategories.${index}`, {
                  describedBy: `${id}-categories-hint`,
                })}
              />
            )}
          />
        )}
      </div>
      {other && (
        <div className="field">
          <label htmlFor={idOf('displayLanguages')}>
            {t('bilingual.display.label')}
          </label>
          <select {...field('displayLanguages')}>
            {DISPLAY_LANGUAGES.map((value) => (
              <option key={value} value={value}>
                {t(`bilingual.display.${value}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="ballot-option">
        <input type="checkbox" {...field('floorDoubleEntry')} />
        {t('meetingSetup.settings.doubleEntry')}
      </label>
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('meetingSetup.settings.save')}
      </button>
    </form>
  );
}
