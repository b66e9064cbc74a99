import { PatchMeetingRequest, type Meeting } from '@livevote/contracts';
import {
  fromZonedInput,
  knownZone,
  LANGUAGES,
  LANGUAGE_NAMES,
  toZonedInput,
  zoneAbbreviation,
  type Language,
} from '@livevote/i18n';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import { useLanguage } from '../../../i18n/use-language';
import { usePatchMeeting } from '../hooks/useMeetings';

interface Draft {
  name: string;
  description: string;
  location: string;
  /** Wall-clock times in the meeting's zone (the zone field), never the browser's. */
  meetingDate: string;
  expiryDate: string;
  duration: string;
  quorumMinimum: string;
  meetingTimezone: string;
  language: Language;
}

function draftOf(meeting: Meeting): Draft {
  return {
    name: meeting.name,
    description: meeting.description,
    location: meeting.location,
    meetingDate: toZonedInput(meeting.meetingDate, meeting.meetingTimezone),
    expiryDate: toZonedInput(meeting.expiryDate, meeting.meetingTimezone),
    duration: String(meeting.duration),
    quorumMinimum: String(meeting.quorumMinimum),
    meetingTimezone: meeting.meetingTimezone,
    language: meeting.language,
  };
}

/**
 * Meeting details, edited from what was loaded first. Dates are shown and read on the
 * meeting's clock, whatever the browser's zone (docs/i18n.md).
 */
export function MeetingDetailsForm({ meeting }: { meeting: Meeting }) {
  const id = useId();
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const lng = useLanguage();
  const patch = usePatchMeeting(meeting.shortCode);
  const [draft, setDraft] = useState(() => draftOf(meeting));
  const [invalid, setInvalid] = useState<string>();

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });
  const zone = knownZone(draft.meetingTimezone);
  const at = fromZonedInput(draft.meetingDate, zone) ?? meeting.meetingDate;
  const zoneText = `${zone}, ${zoneAbbreviation(at, zone, lng)}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PatchMeetingRequest.safeParse({
      name: draft.name,
      description: draft.description,
      location: draft.location,
      meetingDate:
        fromZonedInput(draft.meetingDate, draft.meetingTimezone) ?? undefined,
      expiryDate: fromZonedInput(draft.expiryDate, draft.meetingTimezone),
      duration: Number(draft.duration),
      quorumMinimum: Number(draft.quorumMinimum),
      meetingTimezone: draft.meetingTimezone,
      language: draft.language,
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          name: t('meetings.details.name'),
          description: t('meetings.details.description'),
          location: t('meetings.details.location'),
          meetingDate: t('meetings.details.date', { zone: zoneText }),
          expiryDate: t('meetings.details.expiry', { zone: zoneText }),
          duration: t('meetings.details.duration'),
          quorumMinimum: t('meetings.details.quorum'),
          meetingTimezone: t('meetings.details.timeZone'),
          language: t('meetings.details.language'),
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
      <h3 id={`${id}-title`}>{t('meetings.details.title')}</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('meetings.details.saved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('meetings.details.name')}</label>
          <input required maxLength={200} {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-location`}>
            {t('meetings.details.location')}
          </label>
          <input maxLength={500} {...field('location')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-meetingDate`}>
            {t('meetings.details.date', { zone: zoneText })}
          </label>
          <input type="datetime-local" required {...field('meetingDate')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiryDate`}>
            {t('meetings.details.expiry', { zone: zoneText })}
          </label>
          <input type="datetime-local" {...field('expiryDate')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-duration`}>
            {t('meetings.details.duration')}
          </label>
          <input
            type="number"
            min={1}
            max={10080}
            required
            {...field('duration')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-quorumMinimum`}>
            {t('meetings.details.quorum')}
          </label>
          <input type="number" min={0} step="any" {...field('quorumMinimum')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-meetingTimezone`}>
            {t('meetings.details.timeZone')}
          </label>
          <input {...field('meetingTimezone')} aria-describedby={`${id}-tz`} />
          <p className="hint" id={`${id}-tz`}>
            {t('meetings.details.timeZoneHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>
            {t('meetings.details.language')}
          </label>
          <select {...field('language')} aria-describedby={`${id}-lng`}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
          <p className="hint" id={`${id}-lng`}>
            {t('meetings.details.languageHint')}
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          {t('meetings.details.description')}
        </label>
        <textarea rows={3} maxLength={10000} {...field('description')} />
      </div>
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('meetings.details.save')}
      </button>
    </form>
  );
}
