import {
  CreateMatterRequest,
  VOTING_METHODS,
  type VotingMethod,
} from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { useCreateElection } from '../hooks/useNominations';

interface Draft {
  name: string;
  choices: string;
  votingMethod: VotingMethod;
}

const schema = draftOf(CreateMatterRequest, (draft: Draft) => ({
  name: draft.name,
  choices: Number(draft.choices),
  votingMethod: draft.votingMethod,
  fromNominations: true,
}));

/**
 * Once nominations close, the accepted candidates become an election: its name, the seats to
 * fill and the voting method; the options and statements come from the nominations.
 */
export function ElectionFromNominations({
  shortCode,
  closed,
  accepted,
}: {
  shortCode: string;
  closed: boolean;
  /** The accepted nominations: the candidates. */
  accepted: number;
}) {
  const { t } = useTranslation();
  const create = useCreateElection(shortCode);
  const [created, setCreated] = useState<{ name: string; count: number }>();
  const labels = {
    name: t('nominations.election.name'),
    choices: t('nominations.election.seats'),
    votingMethod: t('nominations.election.method'),
  };
  const { form, field, summary, summaryId } = useContractForm({
    schema,
    defaultValues: {
      name: t('nominations.election.defaultName'),
      choices: '1',
      votingMethod: 'plurality',
    },
    labels,
  });
  const submit = form.handleSubmit((body) => {
    setCreated(undefined);
    create.mutate(body, {
      onSuccess: (matter) =>
        setCreated({ name: matter.name, count: matter.options.length }),
    });
  });

  return (
    <section className="panel" aria-labelledby={`${shortCode}-election`}>
      <h3 id={`${shortCode}-election`}>{t('nominations.election.title')}</h3>
      {!closed ? (
        <p className="hint">{t('nominations.election.waiting')}</p>
      ) : accepted === 0 ? (
        <p className="hint">{t('nominations.election.noneAccepted')}</p>
      ) : (
        <form className="stack-small" onSubmit={(event) => void submit(event)}>
          <p className="hint">
            {t('nominations.election.hint', { count: accepted })}
          </p>
          {summary && <Alert id={summaryId}>{summary}</Alert>}
          <label className="field stacked">
            <span>{labels.name}</span>
            <input type="text" maxLength={500} {...field('name')} />
          </label>
          <label className="field stacked">
            <span>{labels.choices}</span>
            <input
              type="number"
              min={1}
              max={accepted}
              inputMode="numeric"
              {...field('choices')}
            />
          </label>
          <label className="field stacked">
            <span>{labels.votingMethod}</span>
            <select {...field('votingMethod')}>
              {VOTING_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`nominations.election.methods.${method}`)}
                </option>
              ))}
            </select>
          </label>
          <ErrorMessage error={create.error} />
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('nominations.election.create')}
          </button>
        </form>
      )}
      {created && (
        <p role="status" className="alert alert-success">
          {t('nominations.election.created', created)}
        </p>
      )}
    </section>
  );
}
