import { RejectNominationRequest, type Nomination } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZonedTime } from '../../../i18n/use-language';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm } from '../../ui/hooks/useContractForm';
import { useDecideNomination } from '../hooks/useNominations';

/** The manager's reason for rejecting, asked in place. */
function RejectForm({
  shortCode,
  nomination,
  onDone,
}: {
  shortCode: string;
  nomination: Nomination;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideNomination(shortCode);
  const label = t('nominations.reason', { name: nomination.name });
  const { form, field, summary, summaryId } = useContractForm({
    schema: RejectNominationRequest,
    defaultValues: { reason: '' },
    labels: { reason: label },
  });
  const submit = form.handleSubmit(({ reason }) =>
    decide.mutate({ key: nomination.key, reason }, { onSuccess: onDone }),
  );
  return (
    <form className="stack-small" onSubmit={(event) => void submit(event)}>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <label className="field stacked">
        <span>{label}</span>
        <textarea rows={2} maxLength={1000} {...field('reason')} />
      </label>
      <ErrorMessage error={decide.error} />
      <div className="button-row">
        <button type="button" onClick={onDone}>
          {t('nominations.cancel')}
        </button>
        <button type="submit" className="danger" disabled={decide.isPending}>
          {t('nominations.sendReject')}
        </button>
      </div>
    </form>
  );
}

/** One nomination as managers review it: the candidate, who nominated, the statement, the decision. */
export function NominationItem({
  shortCode,
  nomination,
}: {
  shortCode: string;
  nomination: Nomination;
}) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const decide = useDecideNomination(shortCode);
  const [rejecting, setRejecting] = useState(false);
  return (
    <li className="question-item" data-nomination={nomination.key}>
      <p className="pick-meta">
        <strong>{nomination.name}</strong> ·{' '}
        {t(`nominations.status.${nomination.status}`)}
      </p>
      <p className="muted">
        {t('nominations.byUnit', {
          unit: nomination.unit,
          when: at(nomination.submittedAt),
        })}
      </p>
      <details>
        <summary>{t('nominations.statement')}</summary>
        <p className="statement">
          {nomination.statement || t('nominations.noStatement')}
        </p>
      </details>
      {nomination.rejectReason && (
        <p>
          {t('nominations.rejectedBecause', {
            reason: nomination.rejectReason,
          })}
        </p>
      )}
      {nomination.status === 'submitted' &&
        (rejecting ? (
          <RejectForm
            shortCode={shortCode}
            nomination={nomination}
            onDone={() => setRejecting(false)}
          />
        ) : (
          <div className="button-row">
            <button
              type="button"
              className="primary"
              aria-label={t('nominations.acceptLabel', {
                name: nomination.name,
              })}
              disabled={decide.isPending}
              onClick={() => decide.mutate({ key: nomination.key })}
            >
              {t('nominations.accept')}
            </button>
            <button
              type="button"
              aria-label={t('nominations.rejectLabel', {
                name: nomination.name,
              })}
              onClick={() => setRejecting(true)}
            >
              {t('nominations.reject')}
            </button>
          </div>
        ))}
      <ErrorMessage error={decide.error} />
    </li>
  );
}
