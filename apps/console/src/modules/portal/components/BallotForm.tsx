import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { choicesFit } from '@livevote/rules';
import { toggleChoice } from '../../floor/utils/choices';

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
  const id = useId();
  const limit = Math.max(1, Math.min(choices, options.length));
  const single = limit === 1;
  const [chosen, setChosen] = useState<string[]>(() =>
    initial.filter((option) => options.includes(option)).slice(0, limit),
  );
  const full = chosen.length >= limit;

  // the floor clerk's keyboard form chooses by the same rule (one replaces, more toggle up to the limit)
  function toggle(index: number) {
    setChosen((current) => toggleChoice(current, options, index, limit));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // the gateway's rule for a ballot that fits its matter (libs/rules)
    if (choicesFit({ options, choices }, chosen)) onSubmit(chosen);
  }

  return (
    <form className="ballot" onSubmit={handleSubmit}>
      <fieldset aria-describedby={`${id}-hint`}>
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
