import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf, stepVotes, votesOn, votesPlaced } from '../utils/marks';
import { CandidateStatement, statementsOf } from './CandidateStatement';
import type { MarksInputProps } from './MarksInput';

/**
 * A cumulative ballot: a − / + stepper per candidate, the votes left shown and announced
 * ("1 of 3 votes left"); + does nothing once every vote is placed, − nothing at none. The
 * steppers stay focusable at their limits (aria-disabled), so the keyboard keeps its place.
 */
export function AllocationInput({
  id,
  matter,
  value,
  onChange,
}: MarksInputProps) {
  const { t } = useTranslation();
  const limit = Math.max(1, matter.choices);
  const left = limit - votesPlaced(value);
  const statements = statementsOf(matter.candidates);
  const [said, setSaid] = useState('');

  const step = (option: string, by: -1 | 1) => {
    const next = stepVotes(value, matter.options, option, by, limit);
    if (next === value) return;
    onChange(next);
    const count = votesOn(next, option);
    setSaid(
      `${t('election.ballot.votesOn', { count, option: labelOf(matter, option) })}. ${t(
        'election.ballot.votesLeft',
        { left: limit - votesPlaced(next), limit },
      )}`,
    );
  };

  return (
    <>
      <p className="hint" id={`${id}-hint`}>
        {t('election.ballot.allocateHint', { count: limit })}
      </p>
      <p className="votes-left" data-left={left}>
        {t('election.ballot.votesLeft', { left, limit })}
      </p>
      <ul className="ballot-options allocation-rows">
        {matter.options.map((option, index) => {
          const count = votesOn(value, option);
          const nameId = `${id}-name-${index}`;
          return (
            <li
              className="ballot-option allocation-row"
              key={option}
              data-votes={count}
            >
              <span className="allocation-name" id={nameId}>
                {labelOf(matter, option)}
              </span>
              <span className="stepper" role="group" aria-labelledby={nameId}>
                <button
                  type="button"
                  className="secondary"
                  aria-label={t('election.ballot.less', {
                    option: labelOf(matter, option),
                  })}
                  aria-disabled={count === 0 || undefined}
                  onClick={() => step(option, -1)}
                >
                  −
                </button>
                <output
                  className="stepper-count"
                  aria-label={t('election.ballot.votesOn', {
                    count,
                    option: labelOf(matter, option),
                  })}
                >
                  {count}
                </output>
                <button
                  type="button"
                  className="secondary"
                  aria-label={t('election.ballot.more', {
                    option: labelOf(matter, option),
                  })}
                  aria-disabled={left === 0 || undefined}
                  onClick={() => step(option, 1)}
                >
                  +
                </button>
              </span>
              <CandidateStatement
                name={labelOf(matter, option)}
                statement={statements.get(option)}
              />
            </li>
          );
        })}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {said}
      </p>
    </>
  );
}
