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
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
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

function draftOfMeeting(meeting: Meeting): Draft {
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

const MeetingChange = draftOf(PatchMeetingRequest, (draft: Draft) => ({
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
}));

/**
 * Meeting details, edited from what was loaded first. Dates are shown and read on the
 * meeting's clock, whatever the browser's zone (docs/i18n.md).
 */
export function MeetingDetailsForm({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const patch = usePatchMeeting(meeting.shortCode);
  // the labels of the dates name the zone the zone field holds now
  const zoneText = (draft: Draft) => {
    const zone = knownZone(draft.meetingTimezone);
    const at = fromZonedInput(draft.meetingDate, zone) ?? meeting.meetingDate;
    return `${zone}, ${zoneAbbreviation(at, zone, lng)}`;
  };
  const labelsOf = (draft: Draft) => ({
    name: t('meetings.details.name'),
    description: t('meetings.details.description'),
    location: t('meetings.details.location'),
    meetingDate: t('meetings.details.date', { zone: zoneText(draft) }),
    expiryDate: t('meetings.details.expiry', { zone: zoneText(draft) }),
    duration: t('meetings.details.duration'),
    quorumMinimum: t('meetings.details.quorum'),
    meetingTimezone: t('meetings.details.timeZone'),
    language: t('meetings.details.language'),
  });
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: MeetingChange,
    defaultValues: draftOfMeeting(meeting),
    labels: labelsOf,
  });
  const labels = labelsOf(form.watch());

  const submit = form.handleSubmit((change) => patch.mutate(change));

  return (
    <form className="panel" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>{t('meetings.details.title')}</h3>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('meetings.details.saved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('name')}>{labels.name}</label>
          <input required maxLength={200} {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('location')}>{labels.location}</label>
          <input maxLength={500} {...field('location')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('meetingDate')}>{labels.meetingDate}</label>
          <input type="datetime-local" required {...field('meetingDate')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('expiryDate')}>{labels.expiryDate}</label>
          <input type="datetime-local" {...field('expiryDate')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('duration')}>{labels.duration}</label>
          <input
            type="number"
            min={1}
            max={10080}
            required
            {...field('duration')}
          />
        </div>
        <div className="field">
          <label htmlFor={idOf('quorumMinimum')}>{labels.quorumMinimum}</label>
          <input type="number" min={0} step="any" {...field('quorumMinimum')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('meetingTimezone')}>
            {labels.meetingTimezone}
          </label>
          <input {...field('meetingTimezone', { describedBy: `${id}-tz` })} />
          <p className="hint" id={`${id}-tz`}>
            {t('meetings.details.timeZoneHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={idOf('language')}>{labels.language}</label>
          <select {...field('language', { describedBy: `${id}-lng` })}>
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
        <label htmlFor={idOf('description')}>{labels.description}</label>
        <textarea rows={3} maxLength={10000} {...field('description')} />
      </div>
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('meetings.details.save')}
      </button>
    </form>
  );
}
