import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useNotVoted } from '../hooks/useNotVoted';

const SHOWN = 60;

export interface NotVotedListProps {
  shortCode: string;
  matterKey: string;
  votesCast: number;
}

/** Names of the eligible units that have not voted yet (never how anyone voted). */
export function NotVotedList({
  shortCode,
  matterKey,
  votesCast,
}: NotVotedListProps) {
  const { t } = useTranslation();
  const { units, error } = useNotVoted(shortCode, matterKey, votesCast);
  return (
    <section className="not-voted" aria-labelledby="not-voted-title">
      <h4 id="not-voted-title">
        {units
          ? t('room.notVotedCount', { n: units.length })
          : t('room.notVoted')}
      </h4>
      <ErrorMessage error={error} />
      {!units && !error && <Loading />}
      {units && units.length === 0 && <p>{t('room.allVoted')}</p>}
      {units && units.length > 0 && (
        <ul aria-label={t('room.notVotedUnits')}>
          {units.slice(0, SHOWN).map((unit) => (
            <li key={unit.unit}>
              <strong>{unit.unit}</strong>{' '}
              {unit.names.length
                ? unit.names.join(', ')
                : t('room.noVoterOnFile')}
            </li>
          ))}
          {units.length > SHOWN && (
            <li>{t('room.andMore', { n: units.length - SHOWN })}</li>
          )}
        </ul>
      )}
    </section>
  );
}
