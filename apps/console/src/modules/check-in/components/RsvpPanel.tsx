import { useZonedTime } from '../../../i18n/use-language';
import type { RsvpAnswer } from '@livevote/contracts';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import type { VoterTarget } from '../../proxies/hooks/useMemberProxy';
import { useRsvp, useSetRsvp } from '../hooks/usePortalAttendance';
import { RSVP_TEXT } from '../utils/rsvp-text';

const CHOICES: { answer: RsvpAnswer; label: string }[] = [
  { answer: 'in_person', label: 'In person' },
  { answer: 'online', label: 'Online' },
  { answer: 'no', label: 'I will not attend' },
];

/** "Will you attend?": asked until the meeting starts, the answer shown and changeable. */
export function RsvpPanel({ target }: { target: VoterTarget }) {
  const at = useZonedTime();
  const rsvp = useRsvp(target);
  const setRsvp = useSetRsvp(target);
  const data = rsvp.data;
  if (!data || (!data.open && !data.attending)) return null;
  const chosen = setRsvp.isPending ? setRsvp.variables : data.attending;

  return (
    <section aria-labelledby="rsvp" className="portal-section">
      <h2 id="rsvp">Will you attend?</h2>
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
                {label}
              </button>
            ))}
          </div>
          <p className="hint" role="status">
            {data.attending
              ? `Your answer: ${RSVP_TEXT[data.attending]}. You can change it until ${at(data.closesAt)}.`
              : `Please answer before ${at(data.closesAt)}.`}
          </p>
        </>
      ) : (
        data.attending && (
          <p className="hint">You said: {RSVP_TEXT[data.attending]}.</p>
        )
      )}
    </section>
  );
}
