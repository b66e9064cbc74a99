import {
  PatchMeetingSettingsRequest,
  SUMMARY_REPORT_FREQUENCIES,
  type MeetingSettings,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import { usePatchMeetingSettings } from '../hooks/useMeetings';

function list(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

export function MeetingSettingsForm({
  shortCode,
  settings,
}: {
  shortCode: string;
  settings: MeetingSettings;
}) {
  const id = useId();
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const patch = usePatchMeetingSettings(shortCode);
  const [reminderDays, setReminderDays] = useState(
    String(settings.meetingReminderFrequency),
  );
  const [startingMinutes, setStartingMinutes] = useState(
    String(settings.meetingStartingReminder),
  );
  const [summary, setSummary] = useState(settings.managerSummaryReportFreqency);
  const [managers, setManagers] = useState(
    settings.alternateManagerContactEmails.join(', '),
  );
  const [proxyHolders, setProxyHolders] = useState(
    settings.defaultProxyHolders.join('\n'),
  );
  const [categories, setCategories] = useState(
    settings.questionCategories.join('\n'),
  );
  const [doubleEntry, setDoubleEntry] = useState(settings.floorDoubleEntry);
  const [invalid, setInvalid] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PatchMeetingSettingsRequest.safeParse({
      meetingReminderFrequency: Number(reminderDays),
      meetingStartingReminder: Number(startingMinutes),
      managerSummaryReportFreqency: summary,
      alternateManagerEmails: list(managers),
      defaultProxyHolders: list(proxyHolders),
      // docs/hybrid-meetings.md
      questionCategories: categories
        .split('\n')
        .map((item) => item.trim())
        .filter(Boolean),
      floorDoubleEntry: doubleEntry,
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          meetingReminderFrequency: t('meetingSetup.settings.reminders'),
          meetingStartingReminder: t('meetingSetup.settings.starting'),
          managerSummaryReportFreqency: t('meetingSetup.settings.summary'),
          alternateManagerEmails: t('meetingSetup.settings.managers'),
          defaultProxyHolders: t('meetingSetup.settings.proxyHolders'),
          questionCategories: t('meetingSetup.settings.categories'),
        }),
      );
    setInvalid(undefined);
    patch.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>{t('meetingSetup.settings.title')}</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('meetingSetup.settings.saved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-reminders`}>
            {t('meetingSetup.settings.reminders')}
          </label>
          <input
            id={`${id}-reminders`}
            type="number"
            min={0}
            max={365}
            value={reminderDays}
            onChange={(event) => setReminderDays(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-starting`}>
            {t('meetingSetup.settings.starting')}
          </label>
          <input
            id={`${id}-starting`}
            type="number"
            min={0}
            max={10080}
            value={startingMinutes}
            onChange={(event) => setStartingMinutes(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-summary`}>
            {t('meetingSetup.settings.summary')}
          </label>
          <select
            id={`${id}-summary`}
            value={summary}
            onChange={(event) =>
              setSummary(
                event.target
                  .value as MeetingSettings['managerSummaryReportFreqency'],
              )
            }
          >
            {SUMMARY_REPORT_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`meetingSetup.settings.frequency.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-managers`}>
            {t('meetingSetup.settings.managers')}
          </label>
          <input
            id={`${id}-managers`}
            value={managers}
            onChange={(event) => setManagers(event.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-proxies`}>
          {t('meetingSetup.settings.proxyHolders')}
        </label>
        <textarea
          id={`${id}-proxies`}
          rows={3}
          value={proxyHolders}
          onChange={(event) => setProxyHolders(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-categories`}>
          {t('meetingSetup.settings.categories')}
        </label>
        <textarea
          id={`${id}-categories`}
          rows={3}
          value={categories}
          onChange={(event) => setCategories(event.target.value)}
        />
      </div>
      <label className="ballot-option">
        <input
          type="checkbox"
          checked={doubleEntry}
          onChange={(event) => setDoubleEntry(event.target.checked)}
        />
        {t('meetingSetup.settings.doubleEntry')}
      </label>
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('meetingSetup.settings.save')}
      </button>
    </form>
  );
}
