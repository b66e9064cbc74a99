import { PortalRegisterRequest } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import type { PortalSession } from '../hooks/usePortalSession';

const EMPTY = { controlNumber: '', name: '', email: '' };

const Registration = draftOf(PortalRegisterRequest, (draft: typeof EMPTY) => ({
  ...draft,
  email: draft.email.trim(),
}));

/** Self-registration with the control number printed on the meeting notice. */
export function PortalEntryForm({
  register,
}: {
  register: PortalSession['register'];
}) {
  const { t } = useTranslation();
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: Registration,
    defaultValues: EMPTY,
    labels: {
      controlNumber: t('portal.entry.controlNumber'),
      name: t('portal.entry.name'),
      email: t('portal.entry.email'),
    },
  });

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit((request) => register.mutate(request))}
    >
      <h2 id={`${id}-title`}>{t('portal.entry.title')}</h2>
      <p className="hint">{t('portal.entry.hint')}</p>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={register.error} />
      <div className="field">
        <label htmlFor={idOf('controlNumber')}>
          {t('portal.entry.controlNumber')}
        </label>
        <input
          inputMode="numeric"
          autoComplete="off"
          required
          {...field('controlNumber')}
        />
      </div>
      <div className="field">
        <label htmlFor={idOf('name')}>{t('portal.entry.name')}</label>
        <input autoComplete="name" required {...field('name')} />
      </div>
      <div className="field">
        <label htmlFor={idOf('email')}>{t('portal.entry.email')}</label>
        <input type="email" autoComplete="email" required {...field('email')} />
      </div>
      <button
        type="submit"
        className="primary wide big"
        disabled={register.isPending}
      >
        {register.isPending
          ? t('portal.entry.joining')
          : t('portal.entry.join')}
      </button>
    </form>
  );
}
