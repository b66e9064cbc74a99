import type {
  ProxyForm,
  ProxyHolderInput,
  SubmitProxyRequest,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import {
  DirectionFields,
  directionsPayload,
  type Directions,
} from './DirectionFields';

export interface ProxyFormViewProps {
  form: ProxyForm;
  pending: boolean;
  error: unknown;
  onSubmit: (body: SubmitProxyRequest) => void;
  onCancel?: () => void;
}

const SOMEONE_ELSE = '';

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
  const id = useId();
  const [holder, setHolder] = useState(
    form.defaultProxyHolders[0] ?? SOMEONE_ELSE,
  );
  const [holderName, setHolderName] = useState('');
  const [holderEmail, setHolderEmail] = useState('');
  const [directions, setDirections] = useState<Directions>({});
  const [signedName, setSignedName] = useState('');
  const [agree, setAgree] = useState(false);
  const [problem, setProblem] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = directionsPayload(form.matters, directions);
    if (!payload) return setProblem(t('proxyForm.problemDirect'));
    if (!agree) return setProblem(t('proxyForm.problemSign'));
    const chosen: ProxyHolderInput =
      holder === SOMEONE_ELSE
        ? {
            isDefault: false,
            name: holderName.trim(),
            email: holderEmail.trim(),
          }
        : { isDefault: true, name: holder };
    setProblem(undefined);
    onSubmit({
      holder: chosen,
      directions: payload,
      signedName: signedName.trim(),
      agree: true,
    });
  }

  return (
    <form
      className="stack"
      aria-label={t('proxyForm.form')}
      onSubmit={handleSubmit}
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
                onChange={() => setHolder(name)}
              />
              {name}
            </label>
          ))}
          <label className="ballot-option">
            <input
              type="radio"
              name={`${id}-holder`}
              checked={holder === SOMEONE_ELSE}
              onChange={() => setHolder(SOMEONE_ELSE)}
            />
            {t('proxyForm.someoneElse')}
          </label>
        </div>
        {holder === SOMEONE_ELSE && (
          <div className="stack-small">
            <div className="field">
              <label htmlFor={`${id}-name`}>{t('proxyForm.theirName')}</label>
              <input
                id={`${id}-name`}
                required
                maxLength={200}
                autoComplete="off"
                value={holderName}
                onChange={(event) => setHolderName(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-email`}>{t('proxyForm.theirEmail')}</label>
              <input
                id={`${id}-email`}
                type="email"
                required
                maxLength={320}
                autoComplete="off"
                value={holderEmail}
                onChange={(event) => setHolderEmail(event.target.value)}
              />
              <p className="hint">{t('proxyForm.theyGetLink')}</p>
            </div>
          </div>
        )}
      </fieldset>
      {form.matters.length > 0 && (
        <section className="stack-small" aria-labelledby={`${id}-directions`}>
          <h3 id={`${id}-directions`}>{t('proxyForm.how')}</h3>
          <DirectionFields
            matters={form.matters}
            value={directions}
            onChange={setDirections}
          />
        </section>
      )}
      <div className="field">
        <label htmlFor={`${id}-signed`}>{t('proxyForm.signature')}</label>
        <input
          id={`${id}-signed`}
          required
          maxLength={200}
          autoComplete="name"
          value={signedName}
          onChange={(event) => setSignedName(event.target.value)}
        />
      </div>
      <label className="ballot-option">
        <input
          type="checkbox"
          checked={agree}
          onChange={(event) => setAgree(event.target.checked)}
        />
        {t('proxyForm.agree')}
      </label>
      {problem && (
        <p className="hint" role="alert">
          {problem}
        </p>
      )}
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
