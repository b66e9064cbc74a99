import { CheckInRequest } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';

export interface WalkInFormProps {
  /** Registers and checks in; resolves true when taken (the form then empties). */
  onSubmit: (body: CheckInRequest) => Promise<boolean>;
  busy: boolean;
}

const EMPTY = { controlNumber: '', name: '', email: '' };

const WalkIn = draftOf(CheckInRequest, (draft: typeof EMPTY) => ({
  controlNumber: draft.controlNumber.trim(),
  name: draft.name.trim(),
  email: draft.email.trim(),
}));

/** An owner with no invite: registered by the unit's control number, then checked in. */
export function WalkInForm({ onSubmit, busy }: WalkInFormProps) {
  const { t } = useTranslation();
  const labels = {
    controlNumber: t('checkIn.walkIn.controlNumber'),
    name: t('checkIn.walkIn.name'),
    email: t('checkIn.walkIn.email'),
  };
  const { form, field, summary, summaryId } = useContractForm({
    schema: WalkIn,
    defaultValues: EMPTY,
    labels,
  });

  const submit = form.handleSubmit(async (body) => {
    if (await onSubmit(body)) form.reset(EMPTY);
  });

  return (
    <section aria-labelledby="walk-in" className="panel">
      <h3 id="walk-in">{t('checkIn.walkIn.title')}</h3>
      <p className="hint">{t('checkIn.walkIn.hint')}</p>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <form
        className="form-grid"
        aria-labelledby="walk-in"
        onSubmit={(event) => void submit(event)}
      >
        <label className="field">
          {labels.controlNumber}
          <input required {...field('controlNumber')} />
        </label>
        <label className="field">
          {labels.name}
          <input required {...field('name')} />
        </label>
        <label className="field">
          {labels.email}
          <input type="email" required {...field('email')} />
        </label>
        <div className="button-row">
          <button type="submit" className="primary" disabled={busy}>
            {t('checkIn.walkIn.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
