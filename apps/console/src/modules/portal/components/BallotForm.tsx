import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ballotSchema } from '../../floor/utils/ballot-schema';
import { toggleChoice } from '../../floor/utils/choices';
import { Alert } from '../../ui/components/Alert';
import { useContractForm } from '../../ui/hooks/useContractForm';

export interface BallotFormProps {
  question: string;
  /** For screen readers only (when the question repeats the heading above). */
  questionHidden?: boolean;
  options: readonly string[];
  /** How many options a voter may choose (at most). */
  choices: number;
  initial?: readonly string[];
  submitLabel?: string;
  onSubmit: (chosen: string[]) => void;
}

/**
 * Choose up to `choices` options: radio buttons for one, check boxes for more, the others
 * disabled once the limit is reached. Chosen options keep the matter's order.
 */
export function BallotForm({
  question,
  questionHidden = false,
  options,
  choices,
  initial = [],
  submitLabel,
  onSubmit,
}: BallotFormProps) {
  const { t } = useTranslation();
  const limit = Math.max(1, Math.min(choices, options.length));
  const single = limit === 1;
  // the gateway's rule for a ballot that fits its matter (libs/rules)
  const schema = useMemo(
    () => ballotSchema({ options, choices }, t),
    [options, choices, t],
  );
  const { form, id, summary, summaryId } = useContractForm({
    schema,
    defaultValues: {
      choices: initial
        .filter((option) => options.includes(option))
        .slice(0, limit),
    },
    labels: { choices: question },
  });
  const chosen = form.watch('choices');
  const full = chosen.length >= limit;

  // the floor clerk's keyboard form chooses by the same rule (one replaces, more toggle up to the limit)
  function toggle(index: number) {
    form.setValue(
      'choices',
      toggleChoice(form.getValues('choices'), options, index, limit),
    );
  }

  const submit = form.handleSubmit(({ choices: chosen }) => onSubmit(chosen));

  return (
    <form className="ballot" onSubmit={(event) => void submit(event)}>
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
        <p className="hint" id={`${id}-hint`}>
          {single
            ? t('portal.ballot.chooseOne')
            : t('portal.ballot.chooseUpTo', { count: limit })}
        </p>
        <div className="ballot-options">
          {options.map((option, index) => {
            const checked = chosen.includes(option);
            return (
              <div className="ballot-option" key={option}>
                <input
                  id={`${id}-${index}`}
                  type={single ? 'radio' : 'checkbox'}
                  name={`${id}-choice`}
                  value={option}
                  checked={checked}
                  disabled={!single && !checked && full}
                  onChange={() => toggle(index)}
                />
                <label htmlFor={`${id}-${index}`}>{option}</label>
              </div>
            );
          })}
        </div>
        {!single && (
          <p className="hint" aria-live="polite">
            {t(full ? 'portal.ballot.chosenFull' : 'portal.ballot.chosen', {
              chosen: chosen.length,
              limit,
            })}
          </p>
        )}
      </fieldset>
      <button
        type="submit"
        className="primary wide big"
        disabled={chosen.length === 0}
      >
        {submitLabel ?? t('portal.ballot.review')}
      </button>
    </form>
  );
}
