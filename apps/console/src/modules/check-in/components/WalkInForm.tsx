import type { CheckInRequest } from '@livevote/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface WalkInFormProps {
  /** Registers and checks in; resolves true when taken (the form then empties). */
  onSubmit: (body: CheckInRequest) => Promise<boolean>;
  busy: boolean;
}

const EMPTY = { controlNumber: '', name: '', email: '' };

/** An owner with no invite: registered by the unit's control number, then checked in. */
export function WalkInForm({ onSubmit, busy }: WalkInFormProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(EMPTY);
  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields({ ...fields, [name]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await onSubmit({
        controlNumber: fields.controlNumber.trim(),
        name: fields.name.trim(),
        email: fields.email.trim(),
      })
    )
      setFields(EMPTY);
  };

  return (
    <section aria-labelledby="walk-in" className="panel">
      <h3 id="walk-in">{t('checkIn.walkIn.title')}</h3>
      <p className="hint">{t('checkIn.walkIn.hint')}</p>
      <form
        className="form-grid"
        aria-labelledby="walk-in"
        onSubmit={(event) => void submit(event)}
      >
        <Field
          label={t('checkIn.walkIn.controlNumber')}
          value={fields.controlNumber}
          onChange={set('controlNumber')}
        />
        <Field
          label={t('checkIn.walkIn.name')}
          value={fields.name}
          onChange={set('name')}
        />
        <Field
          label={t('checkIn.walkIn.email')}
          type="email"
          value={fields.email}
          onChange={set('email')}
        />
        <div className="button-row">
          <button type="submit" className="primary" disabled={busy}>
            {t('checkIn.walkIn.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Field({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
}) {
  return (
    <label className="field">
      {label}
      <input
        type={type}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
