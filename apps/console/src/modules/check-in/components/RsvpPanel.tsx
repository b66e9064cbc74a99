import { useZonedTime } from '../../../i18n/use-language';
import type { RsvpAnswer } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { useRsvp, useSetRsvp } from '../hooks/usePortalAttendance';
import { RSVP_TEXT } from '../utils/rsvp-text';

const CHOICES: { answer: RsvpAnswer; label: string }[] = [
  { answer: 'in_person', label: 'checkIn.rsvp.inPerson' },
  { answer: 'online', label: 'checkIn.rsvp.online' },
  { answer: 'no', label: 'checkIn.rsvp.no' },
];

/** "Will you attend?": asked until the meeting starts, the answer shown and changeable. */
export function RsvpPanel({ target }: { target: VoterTarget }) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const rsvp = useRsvp(target);
  const setRsvp = useSetRsvp(target);
  const data = rsvp.data;
  if (!data || (!data.open && !data.attending)) return null;
  const chosen = setRsvp.isPending ? setRsvp.variables : data.attending;

  return (
    <section aria-labelledby="rsvp" className="portal-section">
      <h2 id="rsvp">{t('checkIn.rsvp.title')}</h2>
      <ErrorMessage error={setRsvp.error} />
      {data.open ? (
        <>
          <div className="button-row" role="radiogroup" aria-labelledby="rsvp">
            {CHOICES.map(({ answer, label }) => (
              <button
                key={answer}
                type="button"
                role="radio"
                aria-checked={chosen === answer}
                className={chosen === answer ? 'primary' : 'secondary'}
                disabled={setRsvp.isPending}
                onClick={() => setRsvp.mutate(answer)}
              >
                {t(label)}
              </button>
            ))}
          </div>
          <p className="hint" role="status">
            {data.attending
              ? t('checkIn.rsvp.answered', {
                  answer: t(RSVP_TEXT[data.attending]),
                  until: at(data.closesAt),
                })
              : t('checkIn.rsvp.pleaseAnswer', { until: at(data.closesAt) })}
          </p>
        </>
      ) : (
        data.attending && (
          <p className="hint">
            {t('checkIn.rsvp.said', { answer: t(RSVP_TEXT[data.attending]) })}
          </p>
        )
      )}
    </section>
  );
}
