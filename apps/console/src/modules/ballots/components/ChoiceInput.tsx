import { useTranslation } from 'react-i18next';
import { toggleChoice } from '../../floor/utils/choices';
import { labelOf, type MarksDraft } from '../utils/marks';
import { CandidateStatement, statementsOf } from './CandidateStatement';
import type { MarksInputProps } from './MarksInput';

/**
 * A plurality ballot: radio buttons for one choice, check boxes for more, the others disabled
 * once the limit is reached. Chosen options keep the matter's order.
 */
export function ChoiceInput({ id, matter, value, onChange }: MarksInputProps) {
  const { t } = useTranslation();
  const { options } = matter;
  const limit = Math.max(1, Math.min(matter.choices, options.length));
  const single = limit === 1;
  const chosen = value.choices;
  const full = chosen.length >= limit;
  const statements = statementsOf(matter.candidates);
  // the floor clerk's keyboard form chooses by the same rule (one replaces, more toggle up to the limit)
  const toggle = (index: number) =>
    onChange({
      choices: toggleChoice(chosen, options, index, limit),
      votes: [],
    } satisfies MarksDraft);

  return (
    <>
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
              <label htmlFor={`${id}-${index}`}>
                {labelOf(matter, option)}
              </label>
              <CandidateStatement
                name={labelOf(matter, option)}
                statement={statements.get(option)}
              />
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
    </>
  );
}
