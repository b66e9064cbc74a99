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
  const { units, error } = useNotVoted(shortCode, matterKey, votesCast);
  return (
    <section className="not-voted" aria-labelledby="not-voted-title">
      <h4 id="not-voted-title">
        Not voted yet{units ? ` (${units.length})` : ''}
      </h4>
      <ErrorMessage error={error} />
      {!units && !error && <Loading />}
      {units && units.length === 0 && <p>Every eligible unit has voted.</p>}
      {units && units.length > 0 && (
        <ul aria-label="Units that have not voted">
          {units.slice(0, SHOWN).map((unit) => (
            <li key={unit.unit}>
              <strong>{unit.unit}</strong>{' '}
              {unit.names.length ? unit.names.join(', ') : 'no voter on file'}
            </li>
          ))}
          {units.length > SHOWN && <li>and {units.length - SHOWN} more</li>}
        </ul>
      )}
    </section>
  );
}
