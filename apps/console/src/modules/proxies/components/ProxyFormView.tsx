import { SubmitProxyRequest, type ProxyForm } from '@livevote/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm } from '../../ui/hooks/useContractForm';
import {
  checkedDraft,
  directionsOf,
  holderInput,
  NAMED,
  type ProxyDraft,
} from '../utils/proxy-draft';
import { DirectionFields } from './DirectionFields';

export interface ProxyFormViewProps {
  form: ProxyForm;
  pending: boolean;
  error: unknown;
  onSubmit: (body: SubmitProxyRequest) => void;
  onCancel?: () => void;
}

interface Draft extends ProxyDraft {
  agree: boolean;
}

/**
 * The proxy form, phone first: who holds the proxy (a default holder or someone named with
 * an e-mail address), a direction or discretion per matter, and the signature (full name and
 * consent).
 */
export function ProxyFormView({
  form,
  pending,
  error,
  onSubmit,
  onCancel,
}: ProxyFormViewProps) {
  const { t } = useTranslation();
  const { matters } = form;
  const schema = useMemo(
    () =>
      checkedDraft<Draft>(matters, t('proxyForm.problemDirect'), (draft) =>
        draft.agree ? undefined : t('proxyForm.problemSign'),
      )
        .transform((draft) => ({
          holder: holderInput(draft),
          directions: directionsOf(matters, draft),
          signedName: draft.signedName.trim(),
          agree: draft.agree,
        }))
        .pipe(SubmitProxyRequest),
    [matters, t],
  );
  const labels = {
    'holder.name': t('proxyForm.theirName'),
    'holder.email': t('proxyForm.theirEmail'),
    signedName: t('proxyForm.signature'),
  };
  const {
    form: draft,
    id,
    idOf,
    field,
    summary,
    summaryId,
  } = useContractForm({
    schema,
    defaultValues: {
      holderChoice: form.defaultProxyHolders[0] ?? NAMED,
      holder: { name: '', email: '' },
      directions: {},
      signedName: '',
      agree: false,
    },
    labels,
  });
  const holder = draft.watch('holderChoice');
  const directions = draft.watch('directions');
  const submit = draft.handleSubmit((body) => onSubmit(body));

  return (
    <form
      className="stack"
      aria-label={t('proxyForm.form')}
      onSubmit={(event) => void submit(event)}
    >
      <fieldset>
        <legend>{t('proxyForm.who')}</legend>
        <div className="ballot-options">
          {form.defaultProxyHolders.map((name) => (
            <label key={name} className="ballot-option">
              <input
                type="radio"
                name={`${id}-holder`}
                checked={holder === name}
                onChange={() => draft.setValue('holderChoice', name)}
              />
              {name}
            </label>
          ))}
          <label className="ballot-option">
            <input
              type="radio"
              name={`${id}-holder`}
              checked={holder === NAMED}
              onChange={() => draft.setValue('holderChoice', NAMED)}
            />
            {t('proxyForm.someoneElse')}
          </label>
        </div>
        {holder === NAMED && (
          <div className="stack-small">
            <div className="field">
              <label htmlFor={idOf('holder.name')}>
                {labels['holder.name']}
              </label>
              <input
                required
                maxLength={200}
                autoComplete="off"
                {...field('holder.name')}
              />
            </div>
            <div className="field">
              <label htmlFor={idOf('holder.email')}>
                {labels['holder.email']}
              </label>
              <input
                type="email"
                required
                maxLength={320}
                autoComplete="off"
                {...field('holder.email')}
              />
              <p className="hint">{t('proxyForm.theyGetLink')}</p>
            </div>
          </div>
        )}
      </fieldset>
      {matters.length > 0 && (
        <section className="stack-small" aria-labelledby={`${id}-directions`}>
          <h3 id={`${id}-directions`}>{t('proxyForm.how')}</h3>
          <DirectionFields
            matters={matters}
            value={directions}
            onChange={(next) => draft.setValue('directions', next)}
          />
        </section>
      )}
      <div className="field">
        <label htmlFor={idOf('signedName')}>{labels.signedName}</label>
        <input
          required
          maxLength={200}
          autoComplete="name"
          {...field('signedName')}
        />
      </div>
      <label className="ballot-option">
        <input type="checkbox" {...draft.register('agree')} />
        {t('proxyForm.agree')}
      </label>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={error} />
      <div className="button-row">
        <button type="submit" className="primary wide big" disabled={pending}>
          {pending ? t('proxyForm.sending') : t('proxyForm.send')}
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
