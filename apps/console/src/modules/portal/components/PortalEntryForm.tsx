import { PortalRegisterRequest } from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import type { PortalSession } from '../hooks/usePortalSession';
import { useTranslation } from 'react-i18next';

/** Self-registration with the control number printed on the meeting notice. */
export function PortalEntryForm({
  register,
}: {
  register: PortalSession['register'];
}) {
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const id = useId();
  const [controlNumber, setControlNumber] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PortalRegisterRequest.safeParse({
      controlNumber,
      name,
      email: email.trim(),
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          controlNumber: t('portal.entry.controlNumber'),
          name: t('portal.entry.name'),
          email: t('portal.entry.email'),
        }),
      );
    setInvalid(undefined);
    register.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h2 id={`${id}-title`}>{t('portal.entry.title')}</h2>
      <p className="hint">{t('portal.entry.hint')}</p>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={register.error} />
      <div className="field">
        <label htmlFor={`${id}-control`}>
          {t('portal.entry.controlNumber')}
        </label>
        <input
          id={`${id}-control`}
          inputMode="numeric"
          autoComplete="off"
          required
          value={controlNumber}
          onChange={(event) => setControlNumber(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('portal.entry.name')}</label>
        <input
          id={`${id}-name`}
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('portal.entry.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
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
