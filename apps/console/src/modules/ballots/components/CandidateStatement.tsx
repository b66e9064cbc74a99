import { useTranslation } from 'react-i18next';

/** A candidate's statement (from its nomination), folded until the voter opens it. */
export function CandidateStatement({
  name,
  statement,
}: {
  name: string;
  statement: string | undefined;
}) {
  const { t } = useTranslation();
  if (!statement) return null;
  return (
    <details className="candidate-statement">
      <summary aria-label={t('election.ballot.readStatement', { name })}>
        {t('election.ballot.statement')}
      </summary>
      <p>{statement}</p>
    </details>
  );
}

/** The statement of each option, by name, from a matter's `candidates`. */
export function statementsOf(
  candidates: readonly { name: string; statement: string }[] | undefined,
): Map<string, string> {
  return new Map((candidates ?? []).map((c) => [c.name, c.statement]));
}
