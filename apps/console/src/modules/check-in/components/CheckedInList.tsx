import { useZonedTime } from '../../../i18n/use-language';
import type { DeskVoter } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';

export interface CheckedInListProps {
  voters: DeskVoter[];
  busy: boolean;
  onCheckOut: (voterKey: string) => void;
}

/** Who is in the room now, by unit; updated live from every desk. */
export function CheckedInList({
  voters,
  busy,
  onCheckOut,
}: CheckedInListProps) {
  const { t } = useTranslation();
  const at = useZonedTime();
  // the desk works on the meeting's day: its time alone, the date only for an older check-in
  const today = at(Date.now(), 'date');
  const when = (instant: string) =>
    at(instant, at(instant, 'date') === today ? 'time' : 'dateTime');
  return (
    <section aria-labelledby="checked-in" className="panel">
      <h3 id="checked-in">{t('checkIn.list.title')}</h3>
      {voters.length === 0 ? (
        <p className="hint">{t('checkIn.list.nobody')}</p>
      ) : (
        <ul className="pick-list" aria-label={t('checkIn.list.label')}>
          {voters.map((voter) => (
            <li key={voter.voterKey} className="pick-row">
              <span>
                <span className="pick-title">
                  {t('checkIn.unitName', {
                    unit: voter.unit,
                    name: voter.name,
                  })}
                </span>
                {voter.checkedInAt && (
                  <span className="pick-meta">
                    {t('checkIn.list.since', { at: when(voter.checkedInAt) })}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                aria-label={t('checkIn.checkOutLabel', {
                  name: voter.name,
                  unit: voter.unit,
                })}
                onClick={() => onCheckOut(voter.voterKey)}
              >
                {t('checkIn.checkOut')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
