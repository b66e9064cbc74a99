import {
  MEETING_TYPES,
  TimeZone,
  type CreateMeetingRequest,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { fromZonedInput, knownZone } from '@livevote/i18n';
import { useTranslation } from 'react-i18next';
import { useCreateMeeting } from '../hooks/useMeetings';

/** A new meeting starts in the manager's own zone; the details form changes it. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TimeZone.safeParse(zone).success ? zone : 'UTC';
}

export function CreateMeetingForm({ accountKey }: { accountKey: string }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateMeeting(accountKey);
  const [name, setName] = useState('');
  const [type, setType] = useState<CreateMeetingRequest['type']>('agm');
  const [date, setDate] = useState('');
  const { t } = useTranslation();
  const zone = knownZone(browserTimeZone());

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const meetingDate = fromZonedInput(date, zone);
    if (!meetingDate) return;
    create.mutate(
      {
        name: name.trim(),
        type,
        meetingDate,
        meetingTimezone: zone,
      },
      {
        onSuccess: (meeting) => void navigate(`/meetings/${meeting.shortCode}`),
      },
    );
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h2 id={`${id}-title`}>{t('meetingSetup.create.title')}</h2>
      <ErrorMessage error={create.error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('meetings.details.name')}</label>
          <input
            id={`${id}-name`}
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('meetingSetup.create.type')}</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(event) =>
              setType(event.target.value as CreateMeetingRequest['type'])
            }
          >
            {MEETING_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`meetingSetup.create.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>
            {t('meetings.create.date', { zone })}
          </label>
          <input
            id={`${id}-date`}
            type="datetime-local"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
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
