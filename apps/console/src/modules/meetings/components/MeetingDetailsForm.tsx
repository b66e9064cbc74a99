import { PatchMeetingRequest, type Meeting } from '@livevote/contracts';
import {
  fromZonedInput,
  knownZone,
  toZonedInput,
  zoneAbbreviation,
} from '@livevote/i18n';
import { useTranslation } from 'react-i18next';
import { contentLanguages } from '../../../i18n/content-language';
import { Alert } from '../../ui/components/Alert';
import { BilingualField } from '../../ui/components/BilingualField';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { useLanguage } from '../../../i18n/use-language';
import { usePatchMeeting } from '../hooks/useMeetings';
import {
  LanguagesSelect,
  languagesOfChoice,
  choiceOfLanguages,
  type LanguagesChoice,
} from './LanguagesSelect';

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
  /** The content languages, the primary first (docs/i18n.md). */
  languages: LanguagesChoice;
  /** The texts in the second language, when there is one; blank falls back to the canonical. */
  translation: { name: string; description: string; location: string };
}

function draftOfMeeting(meeting: Meeting): Draft {
  const languages = contentLanguages(meeting);
  const translated = (languages[1] && meeting.translations[languages[1]]) || {};
  return {
    name: meeting.name,
    description: meeting.description,
    location: meeting.location,
    meetingDate: toZonedInput(meeting.meetingDate, meeting.meetingTimezone),
    expiryDate: toZonedInput(meeting.expiryDate, meeting.meetingTimezone),
    duration: String(meeting.duration),
    quorumMinimum: String(meeting.quorumMinimum),
    meetingTimezone: meeting.meetingTimezone,
    languages: choiceOfLanguages(languages),
    translation: {
      name: translated.name ?? '',
      description: translated.description ?? '',
      location: translated.location ?? '',
    },
  };
}

/** The second language's texts given (blank ones left out: they fall back to the canonical). */
function translationsOf(draft: Draft) {
  const [, other] = languagesOfChoice(draft.languages);
  if (!other) return undefined;
  const given = Object.fromEntries(
    Object.entries(draft.translation).filter(([, text]) => text.trim()),
  );
  return { [other]: given };
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
  language: languagesOfChoice(draft.languages)[0],
  languages: languagesOfChoice(draft.languages),
  translations: translationsOf(draft),
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
    const abbreviation = zoneAbbreviation(at, zone, lng);
    // "UTC, UTC" says the zone twice: once is enough
    return abbreviation === zone ? zone : `${zone}, ${abbreviation}`;
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
    languages: t('bilingual.languages'),
    translations: t('bilingual.languages'),
  });
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: MeetingChange,
    defaultValues: draftOfMeeting(meeting),
    labels: labelsOf,
  });
  const labels = labelsOf(form.watch());
  const languages = languagesOfChoice(form.watch('languages'));
  const [primary, other] = languages;

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
        <LanguagesSelect
          hintId={`${id}-lng`}
          {...field('languages', { describedBy: `${id}-lng` })}
        />
        <BilingualField
          label={labels.name}
          languages={languages}
          ids={[idOf('name'), idOf('translation.name')]}
          canonical={
            <input required maxLength={200} lang={primary} {...field('name')} />
          }
          translation={
            <input
              maxLength={200}
              lang={other}
              {...field('translation.name')}
            />
          }
        />
        <BilingualField
          label={labels.location}
          languages={languages}
          ids={[idOf('location'), idOf('translation.location')]}
          canonical={
            <input maxLength={500} lang={primary} {...field('location')} />
          }
          translation={
            <input
              maxLength={500}
              lang={other}
              {...field('translation.location')}
            />
          }
        />
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
      </div>
      <BilingualField
        label={labels.description}
        languages={languages}
        ids={[idOf('description'), idOf('translation.description')]}
        canonical={
          <textarea
            rows={3}
            maxLength={10000}
            lang={primary}
            {...field('description')}
          />
        }
        translation={
          <textarea
            rows={3}
            maxLength={10000}
            lang={other}
            {...field('translation.description')}
          />
        }
      />
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('meetings.details.save')}
      </button>
    </form>
  );
}
