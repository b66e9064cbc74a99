import type { HolderMatter, HolderSplit } from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';
import {
  initialRows,
  splitProblem,
  splitProblemText,
  splitTotal,
  toSplit,
  type SplitRow,
} from '../utils/split';

export interface HolderSplitFormProps {
  matter: HolderMatter;
  pending: boolean;
  error: unknown;
  onCast: (split: HolderSplit[]) => void;
}

/**
 * A holder's discretionary votes on a live matter, in one action: all for one option, or
 * split by count. One-choice matters take a count per option; elections take groups of
 * choices with a count each.
 */
export function HolderSplitForm({
  matter,
  pending,
  error,
  onCast,
}: HolderSplitFormProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const id = useId();
  const held = matter.discretionary.count;
  const election = matter.choices > 1;
  const [rows, setRows] = useState<SplitRow[]>(() =>
    initialRows(matter.options, matter.choices, matter.cast),
  );
  const [touched, setTouched] = useState(false);
  const problem = splitProblem(rows, held);
  const total = splitTotal(rows);

  const update = (index: number, change: Partial<SplitRow>) => {
    setTouched(true);
    setRows((current) =>
      current.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );
  };
  const allFor = (option: string) => {
    setTouched(true);
    setRows(
      matter.options.map((o) => ({
        choices: [o],
        count: o === option ? held : 0,
      })),
    );
  };
  const toggleChoice = (index: number, option: string, on: boolean) => {
    const row = rows[index];
    const next = on
      ? matter.options.filter((o) => o === option || row.choices.includes(o))
      : row.choices.filter((o) => o !== option);
    update(index, { choices: next.slice(0, matter.choices) });
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!problem) onCast(toSplit(rows, matter));
  }

  return (
    <form
      className="stack-small holder-split"
      onSubmit={handleSubmit}
      aria-label={t('holder.votesOn', { name: matter.name })}
    >
      <p className="hint" id={`${id}-held`}>
        {t('holder.heldLine', {
          proxies: t('holder.proxies', { count: held, n: number(held) }),
          shares: t('holder.shares', {
            count: matter.discretionary.shares,
            n: number(matter.discretionary.shares),
          }),
        })}
      </p>
      {!election && (
        <div className="button-row">
          {matter.options.map((option) => (
            <button
              key={option}
              type="button"
              className="secondary"
              onClick={() => allFor(option)}
            >
              {t('holder.allFor', { n: number(held), option })}
            </button>
          ))}
        </div>
      )}
      {rows.map((row, index) => (
        <fieldset key={index} className="split-row">
          <legend className={election ? undefined : 'sr-only'}>
            {election ? t('holder.group', { n: index + 1 }) : row.choices[0]}
          </legend>
          {election && (
            <div className="ballot-options">
              {matter.options.map((option) => {
                const checked = row.choices.includes(option);
                return (
                  <label key={option} className="ballot-option">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={
                        !checked && row.choices.length >= matter.choices
                      }
                      onChange={(event) =>
                        toggleChoice(index, option, event.target.checked)
                      }
                    />
                    {option}
                  </label>
                );
              })}
            </div>
          )}
          <div className="field inline-field">
            <label htmlFor={`${id}-count-${index}`}>
              {election
                ? t('holder.votesForGroup', { n: index + 1 })
                : t('holder.votesFor', { option: row.choices[0] })}
            </label>
            <input
              id={`${id}-count-${index}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={held}
              step={1}
              value={row.count}
              onChange={(event) =>
                update(index, { count: Number(event.target.value) })
              }
            />
          </div>
        </fieldset>
      ))}
      {election && (
        <button
          type="button"
          className="secondary"
          onClick={() => setRows([...rows, { choices: [], count: 0 }])}
        >
          {t('holder.addGroup')}
        </button>
      )}
      {touched && problem && (
        <p className="hint" role="alert">
          {splitProblemText(t, number, problem)}
        </p>
      )}
      <ErrorMessage error={error} />
      <button
        type="submit"
        className="primary"
        disabled={pending || (touched && problem !== null)}
        aria-describedby={`${id}-held`}
      >
        {pending
          ? t('holder.casting')
          : t('holder.cast', { count: total, n: number(total) })}
      </button>
    </form>
  );
}
