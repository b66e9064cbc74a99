import {
  TIE_BREAK_METHODS,
  TieBreakRequest,
  type LiveMatter,
  type MatterResult,
} from '@livevote/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm, WORDED } from '../../ui/hooks/useContractForm';
import { useTieBreak } from '../hooks/useSignOff';

export interface TieBreakFormProps {
  shortCode: string;
  matter: LiveMatter;
  result: MatterResult;
}

/** Seats the count left to the tie: the matter's seats less those filled above it. */
export function seatsLeftToTie(
  matter: Pick<LiveMatter, 'choices'>,
  result: Pick<MatterResult, 'elected'>,
): number {
  return Math.max(1, matter.choices - result.elected.length);
}

/**
 * The chair records how a tie for the last seat was broken (by lot, a casting vote, or
 * otherwise, with a note for the minutes): which of the tied candidates take the seats left
 * (docs/elections.md, "Ties"). The result then shows the decision.
 */
export function TieBreakForm({ shortCode, matter, result }: TieBreakFormProps) {
  const { t } = useTranslation();
  const tied = result.tiedForLastSeat.length
    ? result.tiedForLastSeat
    : result.tied;
  const seats = seatsLeftToTie(matter, result);
  const decide = useTieBreak(shortCode, matter.matterKey);
  const schema = useMemo(
    () =>
      // how many to name is said first, then the contract checks the request
      z
        .object({ elected: z.array(z.string()) })
        .passthrough()
        .superRefine(({ elected }, context) => {
          if (elected.length !== seats)
            context.addIssue({
              code: 'custom',
              path: ['elected'],
              message: t('election.tieBreak.pickCount', { count: seats }),
              params: WORDED,
            });
        })
        .pipe(TieBreakRequest),
    [seats, t],
  );
  const labels = {
    elected: t('election.tieBreak.which', { count: seats }),
    method: t('election.tieBreak.method'),
    note: t('election.tieBreak.note'),
  };
  const { form, id, field, idOf, summary, summaryId } = useContractForm({
    schema,
    defaultValues: { elected: [], method: 'lot', note: '' },
    labels,
  });
  const elected = form.watch('elected');
  const single = seats === 1;
  const submit = form.handleSubmit((body) => decide.mutate(body));

  return (
    <form
      className="tie-break panel"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
    >
      <h4 id={`${id}-title`}>{t('election.tieBreak.title')}</h4>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <fieldset
        aria-invalid={
          form.formState.errors.elected !== undefined ? true : undefined
        }
        aria-describedby={
          form.formState.errors.elected !== undefined ? summaryId : undefined
        }
      >
        <legend>{labels.elected}</legend>
        <div className="ballot-options">
          {tied.map((option, index) => {
            const checked = elected.includes(option);
            return (
              <label className="ballot-option" key={option}>
                <input
                  id={index === 0 ? idOf('elected') : undefined}
                  type={single ? 'radio' : 'checkbox'}
                  name={`${id}-elected`}
                  checked={checked}
                  onChange={() =>
                    form.setValue(
                      'elected',
                      single
                        ? [option]
                        : tied.filter((o) =>
                            o === option ? !checked : elected.includes(o),
                          ),
                    )
                  }
                />
                {option}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={idOf('method')}>{labels.method}</label>
        <select {...field('method')}>
          {TIE_BREAK_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`election.tieBreak.methods.${method}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={idOf('note')}>{labels.note}</label>
        <textarea rows={2} maxLength={1000} {...field('note')} />
      </div>
      <ErrorMessage error={decide.error} />
      <button type="submit" className="primary" disabled={decide.isPending}>
        {decide.isPending
          ? t('election.tieBreak.sending')
          : t('election.tieBreak.submit')}
      </button>
    </form>
  );
}
