import {
  PatchMeetingSettingsRequest,
  SUMMARY_REPORT_FREQUENCIES,
  type MeetingSettings,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { describeIssues } from '../../ui/utils/validation';
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
    if (!parsed.success) return setInvalid(describeIssues(parsed.error));
    setInvalid(undefined);
    patch.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>Settings</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && <Alert tone="success">Settings saved.</Alert>}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-reminders`}>
            Reminder e-mails every (days, 0 = off)
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
            “Meeting is starting” reminder (minutes before, 0 = off)
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
          <label htmlFor={`${id}-summary`}>Manager summary report</label>
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
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-managers`}>
            Also send reports to (e-mails, comma-separated)
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
          Default proxy holders (one a line)
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
          Question categories (one a line; none: voters ask no questions)
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
        Double entry of floor ballots: a sheet counts once two managers typed it
        alike
      </label>
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
