import { VOTING_METHODS } from '@livevote/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm, WORDED } from '../../ui/hooks/useContractForm';
import { RuleFields } from '../../results/components/RuleFields';
import type { MatterDraft } from '../utils/matter-draft';

export interface MatterFormProps<Body> {
  title: string;
  initial: MatterDraft;
  /** The draft as the contract's request (`newMatter` or `matterChange`). */
  schema: z.ZodType<Body, MatterDraft>;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** The request, checked by `schema`. */
  onSubmit: (body: Body) => void;
  onCancel?: () => void;
}

/** The draft as `schema`'s request, with `choices` at most the options (one field cannot check it). */
function matterSchema<Body extends { choices?: number; options?: string[] }>(
  schema: z.ZodType<Body, MatterDraft>,
  t: TFunction,
) {
  return schema.superRefine(({ choices, options }, ctx) => {
    if (choices === undefined || options === undefined) return;
    if (choices > options.length)
      ctx.addIssue({
        code: 'custom',
        path: [],
        params: WORDED,
        message: t('matters.tooManyChoices', { n: options.length }),
      });
  });
}

export function MatterForm<
  Body extends { choices?: number; options?: string[] },
>({
  title,
  initial,
  schema,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: MatterFormProps<Body>) {
  const { t } = useTranslation();
  const checked = useMemo(() => matterSchema(schema, t), [schema, t]);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: checked,
    defaultValues: initial,
    labels: (draft) => ({
      name: t('matters.form.name'),
      options: t('matters.form.options'),
      header: t('matters.form.header'),
      movedBy: t('matters.form.movedBy'),
      secondedBy: t('matters.form.secondedBy'),
      snippet: t('matters.form.snippet'),
      choices:
        draft.votingMethod !== 'plurality'
          ? t('election.seats')
          : t('matters.form.choices'),
      votingMethod: t('election.method.label'),
      eligibility: t('matters.form.eligibility'),
    }),
  });
  const [threshold, thresholdBasis, thresholdBase, votingMethod, choices] =
    form.watch([
      'threshold',
      'thresholdBasis',
      'thresholdBase',
      'votingMethod',
      'choices',
    ]);
  // an election's `choices` are its seats; the label follows the method only, never the
  // figure typed in the field, so the field keeps its name while it is being edited
  const choicesLabel =
    votingMethod !== 'plurality'
      ? t('election.seats')
      : t('matters.form.choices');

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('name')}>{t('matters.form.name')}</label>
          <input required maxLength={500} {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('header')}>{t('matters.form.header')}</label>
          <input maxLength={2000} {...field('header')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('movedBy')}>{t('matters.form.movedBy')}</label>
          <input maxLength={200} autoComplete="off" {...field('movedBy')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('secondedBy')}>
            {t('matters.form.secondedBy')}
          </label>
          <input maxLength={200} autoComplete="off" {...field('secondedBy')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('options')}>{t('matters.form.options')}</label>
          <textarea rows={4} required {...field('options')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('snippet')}>{t('matters.form.snippet')}</label>
          <textarea rows={4} {...field('snippet')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('votingMethod')}>
            {t('election.method.label')}
          </label>
          <select
            {...field('votingMethod', { describedBy: `${id}-method-hint` })}
          >
            {VOTING_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`election.method.${method}`)}
              </option>
            ))}
          </select>
          <p className="hint" id={`${id}-method-hint`}>
            {t('election.method.hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={idOf('choices')}>{choicesLabel}</label>
          <input
            type="number"
            min={1}
            max={50}
            required
            {...field('choices')}
          />
        </div>
        <div className="field">
          <label htmlFor={idOf('eligibility')}>
            {t('matters.form.eligibility')}
          </label>
          <input {...field('eligibility', { describedBy: `${id}-elig` })} />
          <p className="hint" id={`${id}-elig`}>
            {t('matters.form.eligibilityHint')}
          </p>
        </div>
      </div>
      <div className="field checkbox">
        <input type="checkbox" {...field('allowProxyVote')} />
        <label htmlFor={idOf('allowProxyVote')}>
          {t('matters.form.proxy')}
        </label>
      </div>
      <div className="field checkbox">
        <input
          type="checkbox"
          {...field('secretBallot', { describedBy: `${id}-secret-hint` })}
        />
        <label htmlFor={idOf('secretBallot')}>{t('matters.form.secret')}</label>
        <p className="hint" id={`${id}-secret-hint`}>
          {t('matters.form.secretHint')}
        </p>
      </div>
      <div className="field checkbox">
        <input
          type="checkbox"
          {...field('autoCloseWhenAllVoted', {
            describedBy: `${id}-all-voted-hint`,
          })}
        />
        <label htmlFor={idOf('autoCloseWhenAllVoted')}>
          {t('matters.form.allVoted')}
        </label>
        <p className="hint" id={`${id}-all-voted-hint`}>
          {t('matters.form.allVotedHint')}
        </p>
      </div>
      <div className="field checkbox">
        <input
          type="checkbox"
          {...field('openVerification', {
            describedBy: `${id}-open-verification-hint`,
          })}
        />
        <label htmlFor={idOf('openVerification')}>
          {t('matters.form.openVerification')}
        </label>
        <p className="hint" id={`${id}-open-verification-hint`}>
          {t('matters.form.openVerificationHint')}
        </p>
      </div>
      <RuleFields
        rule={{ threshold, thresholdBasis, thresholdBase }}
        method={{ votingMethod, choices: Number(choices) || 1 }}
        onChange={(rule) => {
          form.setValue('threshold', rule.threshold);
          form.setValue('thresholdBasis', rule.thresholdBasis);
          form.setValue('thresholdBase', rule.thresholdBase);
        }}
      />
      <div className="button-row">
        <button type="submit" className="primary" disabled={pending}>
          {pending ? t('common.saving') : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
