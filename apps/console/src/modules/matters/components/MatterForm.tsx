import { VOTING_METHODS } from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLanguageName } from '../../../i18n/content-language';
import { Alert } from '../../ui/components/Alert';
import { BilingualField } from '../../ui/components/BilingualField';
import { TranslatedList } from '../../ui/components/TranslatedList';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm, WORDED } from '../../ui/hooks/useContractForm';
import { RuleFields } from '../../results/components/RuleFields';
import { useLabelsFollowItems } from '../../ui/utils/realign-labels';
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
  /** The meeting's languages, the primary first: a second one is edited beside (docs/i18n.md). */
  languages?: readonly Language[];
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
  languages = [],
}: MatterFormProps<Body>) {
  const { t } = useTranslation();
  const nameOf = useLanguageName();
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
      translations: t('bilingual.languages'),
    }),
  });
  const [primary, other] = languages;
  const bilingual = Boolean(primary && other && initial.translationLanguage);
  const pair = bilingual ? languages : languages.slice(0, 1);
  const canonicalOptions = form
    .watch('options')
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);
  // the French labels stay beside their options when a line is deleted, inserted or moved
  useLabelsFollowItems(
    canonicalOptions,
    () => form.getValues('translation.options'),
    (labels) => form.setValue('translation.options', labels),
    bilingual,
  );
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
        <BilingualField
          label={t('matters.form.name')}
          languages={pair}
          ids={[idOf('name'), idOf('translation.name')]}
          canonical={
            <input required maxLength={500} lang={primary} {...field('name')} />
          }
          translation={
            <input
              maxLength={500}
              lang={other}
              {...field('translation.name')}
            />
          }
        />
        <BilingualField
          label={t('matters.form.header')}
          languages={pair}
          ids={[idOf('header'), idOf('translation.header')]}
          canonical={
            <input maxLength={2000} lang={primary} {...field('header')} />
          }
          translation={
            <input
              maxLength={2000}
              lang={other}
              {...field('translation.header')}
            />
          }
        />
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
        <BilingualField
          label={t('matters.form.snippet')}
          languages={pair}
          ids={[idOf('snippet'), idOf('translation.snippet')]}
          canonical={<textarea rows={4} lang={primary} {...field('snippet')} />}
          translation={
            <textarea rows={4} lang={other} {...field('translation.snippet')} />
          }
        />
        <div className={bilingual ? 'field bilingual' : 'field'}>
          <label htmlFor={idOf('options')}>
            {bilingual && primary
              ? t('bilingual.fieldIn', {
                  field: t('matters.form.options'),
                  language: nameOf(primary),
                })
              : t('matters.form.options')}
          </label>
          <textarea rows={4} required lang={primary} {...field('options')} />
          {bilingual && primary && other && (
            <TranslatedList
              legend={t('bilingual.optionsIn', { language: nameOf(other) })}
              hint={t('bilingual.optionsHint', { primary: nameOf(primary) })}
              hintId={`${id}-options-hint`}
              items={canonicalOptions}
              labelOf={(option) =>
                t('bilingual.optionLabel', {
                  language: nameOf(other),
                  option,
                })
              }
              idOf={(index) => idOf(`translation.options.${index}`)}
              control={(index) => (
                <input
                  maxLength={500}
                  lang={other}
                  {...field(`translation.options.${index}`, {
                    describedBy: `${id}-options-hint`,
                  })}
                />
              )}
            />
          )}
        </div>
        <div className="field field-wide">
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
