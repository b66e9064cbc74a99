import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { RuleFields } from '../../results/components/RuleFields';
import type { MatterDraft } from '../utils/matter-draft';

export interface MatterFormProps {
  title: string;
  initial: MatterDraft;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Validates and sends; returns a problem to show, or nothing. */
  onSubmit: (draft: MatterDraft) => string | undefined;
  onCancel?: () => void;
}

export function MatterForm({
  title,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: MatterFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState<string>();

  const text = (
    name: Exclude<
      keyof MatterDraft,
      | 'allowProxyVote'
      | 'secretBallot'
      | 'autoCloseWhenAllVoted'
      | 'openVerification'
      | 'threshold'
      | 'thresholdBasis'
      | 'thresholdBase'
    >,
  ) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInvalid(onSubmit(draft));
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('matters.form.name')}</label>
          <input required maxLength={500} {...text('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-header`}>{t('matters.form.header')}</label>
          <input maxLength={2000} {...text('header')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-options`}>{t('matters.form.options')}</label>
          <textarea rows={4} required {...text('options')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-snippet`}>{t('matters.form.snippet')}</label>
          <textarea rows={4} {...text('snippet')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-choices`}>{t('matters.form.choices')}</label>
          <input type="number" min={1} max={50} required {...text('choices')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-eligibility`}>
            {t('matters.form.eligibility')}
          </label>
          <input {...text('eligibility')} aria-describedby={`${id}-elig`} />
          <p className="hint" id={`${id}-elig`}>
            {t('matters.form.eligibilityHint')}
          </p>
        </div>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-proxy`}
          type="checkbox"
          checked={draft.allowProxyVote}
          onChange={(event) =>
            setDraft({ ...draft, allowProxyVote: event.target.checked })
          }
        />
        <label htmlFor={`${id}-proxy`}>{t('matters.form.proxy')}</label>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-secret`}
          type="checkbox"
          checked={draft.secretBallot}
          aria-describedby={`${id}-secret-hint`}
          onChange={(event) =>
            setDraft({ ...draft, secretBallot: event.target.checked })
          }
        />
        <label htmlFor={`${id}-secret`}>{t('matters.form.secret')}</label>
        <p className="hint" id={`${id}-secret-hint`}>
          {t('matters.form.secretHint')}
        </p>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-all-voted`}
          type="checkbox"
          checked={draft.autoCloseWhenAllVoted}
          aria-describedby={`${id}-all-voted-hint`}
          onChange={(event) =>
            setDraft({ ...draft, autoCloseWhenAllVoted: event.target.checked })
          }
        />
        <label htmlFor={`${id}-all-voted`}>{t('matters.form.allVoted')}</label>
        <p className="hint" id={`${id}-all-voted-hint`}>
          {t('matters.form.allVotedHint')}
        </p>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-open-verification`}
          type="checkbox"
          checked={draft.openVerification}
          aria-describedby={`${id}-open-verification-hint`}
          onChange={(event) =>
            setDraft({ ...draft, openVerification: event.target.checked })
          }
        />
        <label htmlFor={`${id}-open-verification`}>
          {t('matters.form.openVerification')}
        </label>
        <p className="hint" id={`${id}-open-verification-hint`}>
          {t('matters.form.openVerificationHint')}
        </p>
      </div>
      <RuleFields
        rule={draft}
        onChange={(rule) => setDraft({ ...draft, ...rule })}
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
