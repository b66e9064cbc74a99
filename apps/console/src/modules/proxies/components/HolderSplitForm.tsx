import type { HolderMatter, HolderSplit } from '@livevote/contracts';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MarksInput } from '../../ballots/components/MarksInput';
import { labelOf } from '../../ballots/utils/marks';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
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
  const method = matter.votingMethod ?? 'plurality';
  const election = matter.choices > 1 || method !== 'plurality';
  const form = useForm<{ rows: SplitRow[] }>({
    defaultValues: {
      rows: initialRows(matter.options, matter.choices, matter.cast, method),
    },
  });
  const groups = useFieldArray({ control: form.control, name: 'rows' });
  // the split is checked as it changes (the total is on the cast button), once the holder starts
  const [changed, setChanged] = useState(false);
  const touched = changed || form.formState.isSubmitted;
  const rows = form.watch('rows');
  const problem = splitProblem(rows, held);
  const total = splitTotal(rows);

  // the holder reads the labels in the view's language; a split names the canonical options
  const label = (option: string) => labelOf(matter, option);
  const allFor = (option: string) => {
    setChanged(true);
    groups.replace(
      matter.options.map((o) => ({
        choices: [o],
        count: o === option ? held : 0,
      })),
    );
  };
  const toggleChoice = (index: number, option: string, on: boolean) => {
    const chosen = form.getValues(`rows.${index}.choices`);
    const next = on
      ? matter.options.filter((o) => o === option || chosen.includes(o))
      : chosen.filter((o) => o !== option);
    setChanged(true);
    form.setValue(`rows.${index}.choices`, next.slice(0, matter.choices));
  };

  const submit = form.handleSubmit(({ rows: split }) => {
    if (!splitProblem(split, held)) onCast(toSplit(split, matter));
  });

  return (
    <form
      className="stack-small holder-split"
      onSubmit={(event) => void submit(event)}
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
              {t('holder.allFor', { n: number(held), option: label(option) })}
            </button>
          ))}
        </div>
      )}
      {groups.fields.map((group, index) => {
        const row = rows[index] ?? group;
        return (
          <fieldset key={group.id} className="split-row">
            <legend className={election ? undefined : 'sr-only'}>
              {election
                ? t('holder.group', { n: index + 1 })
                : label(row.choices[0] ?? '')}
            </legend>
            {election && method !== 'plurality' && (
              <MarksInput
                id={`${id}-group-${index}`}
                matter={{ ...matter, votingMethod: method }}
                value={{ choices: row.choices, votes: row.votes ?? [] }}
                onChange={(next) => {
                  setChanged(true);
                  form.setValue(`rows.${index}.choices`, next.choices);
                  form.setValue(`rows.${index}.votes`, next.votes);
                }}
              />
            )}
            {election && method === 'plurality' && (
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
                      {label(option)}
                    </label>
                  );
                })}
              </div>
            )}
            <div className="field inline-field">
              <label htmlFor={`${id}-count-${index}`}>
                {election
                  ? t('holder.votesForGroup', { n: index + 1 })
                  : t('holder.votesFor', {
                      option: label(row.choices[0] ?? ''),
                    })}
              </label>
              <input
                id={`${id}-count-${index}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={held}
                step={1}
                aria-invalid={
                  (touched &&
                    problem?.kind === 'wholeCounts' &&
                    (row.count < 0 || !Number.isInteger(row.count))) ||
                  undefined
                }
                aria-describedby={
                  touched && problem ? `${id}-problem` : undefined
                }
                {...form.register(`rows.${index}.count`, {
                  // an emptied box counts none, as it always has
                  setValueAs: (value) => Number(value),
                  onChange: () => setChanged(true),
                })}
              />
            </div>
          </fieldset>
        );
      })}
      {election && (
        <button
          type="button"
          className="secondary"
          onClick={() => groups.append({ choices: [], votes: [], count: 0 })}
        >
          {t('holder.addGroup')}
        </button>
      )}
      {touched && problem && (
        <p className="hint" role="alert" id={`${id}-problem`}>
          {splitProblemText(t, number, problem)}
        </p>
      )}
      <ErrorMessage error={error} />
      <button
        type="submit"
        className="primary"
        disabled={pending || total === 0 || (touched && problem !== null)}
        aria-describedby={`${id}-held`}
      >
        {pending
          ? t('holder.casting')
          : total === 0
            ? // nothing given yet: no "Cast 0 votes"
              t('holder.castNone', { count: held, n: number(held) })
            : t('holder.cast', { count: total, n: number(total) })}
      </button>
    </form>
  );
}
