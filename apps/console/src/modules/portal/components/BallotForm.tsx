import type { BallotBody } from '@livevote/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarksInput } from '../../ballots/components/MarksInput';
import {
  bodyOf,
  hasMarks,
  type MarkableMatter,
  type MarksDraft,
} from '../../ballots/utils/marks';
import { ballotSchema } from '../../floor/utils/ballot-schema';
import { Alert } from '../../ui/components/Alert';
import { useContractForm } from '../../ui/hooks/useContractForm';

export interface BallotFormProps {
  question: string;
  /** For screen readers only (when the question repeats the heading above). */
  questionHidden?: boolean;
  matter: MarkableMatter;
  initial?: MarksDraft;
  submitLabel?: string;
  /** The body to send (`choices`, `allocations` or `ranking`) and the marks it came from. */
  onSubmit: (body: BallotBody, marks: MarksDraft) => void;
}

/**
 * A ballot in its matter's voting method (choices, a ranking or an allocation), checked by
 * the gateway's own rule (libs/rules `ballotMarks`) before it is sent.
 */
export function BallotForm({
  question,
  questionHidden = false,
  matter,
  initial,
  submitLabel,
  onSubmit,
}: BallotFormProps) {
  const { t } = useTranslation();
  const method = matter.votingMethod;
  // the gateway's rule for a ballot that fits its matter (libs/rules)
  const schema = useMemo(() => ballotSchema(matter, t), [matter, t]);
  const { form, id, summary, summaryId } = useContractForm({
    schema,
    defaultValues: {
      choices: initial?.choices ?? [],
      votes: initial?.votes ?? [],
    },
    labels: { choices: question },
  });
  const marks: MarksDraft = {
    choices: form.watch('choices'),
    votes: form.watch('votes') ?? [],
  };

  const submit = form.handleSubmit(({ choices, votes }) =>
    onSubmit(bodyOf(method, { choices, votes }), { choices, votes }),
  );

  return (
    <form
      className="ballot"
      data-method={method}
      onSubmit={(event) => void submit(event)}
    >
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <fieldset
        aria-describedby={[`${id}-hint`, summary && summaryId]
          .filter(Boolean)
          .join(' ')}
        aria-invalid={summary ? true : undefined}
      >
        <legend className={questionHidden ? 'sr-only' : undefined}>
          {question}
        </legend>
        <MarksInput
          id={id}
          matter={matter}
          value={marks}
          onChange={(next) => {
            form.setValue('choices', next.choices);
            form.setValue('votes', next.votes);
          }}
        />
      </fieldset>
      <button
        type="submit"
        className="primary wide big"
        disabled={!hasMarks(marks)}
      >
        {submitLabel ?? t('portal.ballot.review')}
      </button>
    </form>
  );
}
