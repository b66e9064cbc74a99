import type {
  ProxyForm,
  ProxyHolderInput,
  SubmitProxyRequest,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
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
    if (!payload)
      return setProblem(
        'Choose at least one option where you direct the vote.',
      );
    if (!agree) return setProblem('Tick the box to sign the proxy.');
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
    <form className="stack" aria-label="Proxy form" onSubmit={handleSubmit}>
      <fieldset>
        <legend>Who votes for your unit</legend>
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
            Someone else
          </label>
        </div>
        {holder === SOMEONE_ELSE && (
          <div className="stack-small">
            <div className="field">
              <label htmlFor={`${id}-name`}>Their full name</label>
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
              <label htmlFor={`${id}-email`}>Their e-mail</label>
              <input
                id={`${id}-email`}
                type="email"
                required
                maxLength={320}
                autoComplete="off"
                value={holderEmail}
                onChange={(event) => setHolderEmail(event.target.value)}
              />
              <p className="hint">They get a link to vote for you.</p>
            </div>
          </div>
        )}
      </fieldset>
      {form.matters.length > 0 && (
        <section className="stack-small" aria-labelledby={`${id}-directions`}>
          <h3 id={`${id}-directions`}>How your proxy votes</h3>
          <DirectionFields
            matters={form.matters}
            value={directions}
            onChange={setDirections}
          />
        </section>
      )}
      <div className="field">
        <label htmlFor={`${id}-signed`}>Your full name (your signature)</label>
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
        I appoint this proxy holder to vote for my unit as set out above, and
        sign this proxy by typing my name.
      </label>
      {problem && (
        <p className="hint" role="alert">
          {problem}
        </p>
      )}
      <ErrorMessage error={error} />
      <div className="button-row">
        <button type="submit" className="primary wide big" disabled={pending}>
          {pending ? 'Sending…' : 'Sign and send my proxy'}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
