import {
  PatchMeetingSettingsRequest,
  SUMMARY_REPORT_FREQUENCIES,
  type MeetingSettings,
} from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
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
  floorDoubleEntry: boolean;
}

function draftOfSettings(settings: MeetingSettings): Draft {
  return {
    meetingReminderFrequency: String(settings.meetingReminderFrequency),
    meetingStartingReminder: String(settings.meetingStartingReminder),
    managerSummaryReportFreqency: settings.managerSummaryReportFreqency,
    alternateManagerEmails: settings.alternateManagerContactEmails.join(', '),
    defaultProxyHolders: settings.defaultProxyHolders.join('\n'),
    questionCategories: settings.questionCategories.join('\n'),
    floorDoubleEntry: settings.floorDoubleEntry,
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
}));

export function MeetingSettingsForm({
  shortCode,
  settings,
}: {
  shortCode: string;
  settings: MeetingSettings;
}) {
  const { t } = useTranslation();
  const patch = usePatchMeetingSettings(shortCode);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: SettingsChange,
    defaultValues: draftOfSettings(settings),
    labels: {
      meetingReminderFrequency: t('meetingSetup.settings.reminders'),
      meetingStartingReminder: t('meetingSetup.settings.starting'),
      managerSummaryReportFreqency: t('meetingSetup.settings.summary'),
      alternateManagerEmails: t('meetingSetup.settings.managers'),
      defaultProxyHolders: t('meetingSetup.settings.proxyHolders'),
      questionCategories: t('meetingSetup.settings.categories'),
    },
  });

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
          {t('meetingSetup.settings.categories')}
        </label>
        <textarea rows={3} {...field('questionCategories')} />
      </div>
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
