import type { Candidate } from '@livevote/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The statements of an election's candidates, each folded under the candidate's name: a
 * disclosure a keyboard opens with Enter or Space and a screen reader announces as such.
 */
export function CandidateStatements({
  candidates,
}: {
  candidates: readonly Candidate[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const withStatement = candidates.filter((c) => c.statement.trim());
  if (!withStatement.length) return null;
  return (
    <section className="candidate-statements" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('nominations.candidates.title')}</h4>
      {withStatement.map((candidate) => (
        <details key={candidate.name} className="candidate-statement">
          <summary
            aria-label={t('nominations.candidates.statementOf', {
              name: candidate.name,
            })}
          >
            {candidate.name}
          </summary>
          <p className="statement">{candidate.statement}</p>
        </details>
      ))}
    </section>
  );
}
