import {
  CreateMeetingRequest,
  MEETING_TYPES,
  TimeZone,
} from '@livevote/contracts';
import { fromZonedInput, knownZone, zoneAbbreviation } from '@livevote/i18n';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { useCreateMeeting } from '../hooks/useMeetings';

/** A new meeting starts in the manager's own zone; the details form changes it. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TimeZone.safeParse(zone).success ? zone : 'UTC';
}

interface Draft {
  name: string;
  type: CreateMeetingRequest['type'];
  /** Wall-clock time in `meetingTimezone`. */
  meetingDate: string;
  meetingTimezone: string;
}

const NewMeeting = draftOf(CreateMeetingRequest, (draft: Draft) => ({
  name: draft.name.trim(),
  type: draft.type,
  // not a time on that clock: the contract says so, in the console's words
  meetingDate: fromZonedInput(draft.meetingDate, draft.meetingTimezone) ?? '',
  meetingTimezone: draft.meetingTimezone,
}));

export function CreateMeetingForm({ accountKey }: { accountKey: string }) {
  const navigate = useNavigate();
  const create = useCreateMeeting(accountKey);
  const { t } = useTranslation();
  const lng = useLanguage();
  // the date's label names the zone the zone field holds, with its name on that date
  // ("America/Toronto, EST"), as the details form does (docs/i18n.md)
  const zoneText = (draft: Draft) => {
    const zone = knownZone(draft.meetingTimezone);
    const at =
      fromZonedInput(draft.meetingDate, zone) ?? new Date().toISOString();
    return `${zone}, ${zoneAbbreviation(at, zone, lng)}`;
  };
  const labelsOf = (draft: Draft) => ({
    name: t('meetings.details.name'),
    type: t('meetingSetup.create.type'),
    meetingDate: t('meetings.create.date', { zone: zoneText(draft) }),
    meetingTimezone: t('meetings.details.timeZone'),
  });
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: NewMeeting,
    defaultValues: {
      name: '',
      type: 'agm',
      meetingDate: '',
      meetingTimezone: knownZone(browserTimeZone()),
    },
    labels: labelsOf,
  });
  const labels = labelsOf(form.watch());

  const submit = form.handleSubmit((meeting) =>
    create.mutate(meeting, {
      onSuccess: (created) => void navigate(`/meetings/${created.shortCode}`),
    }),
  );

  return (
    <form className="panel" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>{t('meetingSetup.create.title')}</h2>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={create.error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('name')}>{t('meetings.details.name')}</label>
          <input required maxLength={200} {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('type')}>{t('meetingSetup.create.type')}</label>
          <select {...field('type')}>
            {MEETING_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`meetingSetup.create.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={idOf('meetingDate')}>{labels.meetingDate}</label>
          <input type="datetime-local" required {...field('meetingDate')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('meetingTimezone')}>
            {labels.meetingTimezone}
          </label>
          <input
            required
            {...field('meetingTimezone', { describedBy: `${id}-tz` })}
          />
          <p className="hint" id={`${id}-tz`}>
            {t('meetings.details.timeZoneHint')}
          </p>
        </div>
      </div>
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending
          ? t('meetingSetup.create.creating')
          : t('meetingSetup.create.submit')}
      </button>
    </form>
  );
}
