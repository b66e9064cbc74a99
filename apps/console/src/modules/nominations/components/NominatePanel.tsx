import {
  MAX_NOMINATION_STATEMENT,
  SubmitNominationRequest,
  type Nomination,
} from '@livevote/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumber, useZonedTime } from '../../../i18n/use-language';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import {
  useOwnNominations,
  useSubmitNomination,
  useWithdrawNomination,
} from '../hooks/useNominations';

interface Draft {
  name: string;
  statement: string;
  nomineeEmail: string;
  consent: boolean;
}

// an empty e-mail field is no address at all
const schema = draftOf(SubmitNominationRequest, (draft: Draft) => ({
  name: draft.name,
  statement: draft.statement,
  consent: draft.consent,
  ...(draft.nomineeEmail.trim()
    ? { nomineeEmail: draft.nomineeEmail.trim() }
    : {}),
}));

const EMPTY: Draft = {
  name: '',
  statement: '',
  nomineeEmail: '',
  consent: false,
};

/** The form: the candidate's name, statement (with its length as typed), e-mail and consent. */
function NominateForm({ target }: { target: VoterTarget }) {
  const { t } = useTranslation();
  const number = useNumber();
  const submitNomination = useSubmitNomination(target);
  const [sent, setSent] = useState<string>();
  const labels = {
    name: t('nominations.portal.name'),
    statement: t('nominations.portal.statement'),
    nomineeEmail: t('nominations.portal.email'),
    consent: t('nominations.portal.consent'),
  };
  const { form, field, idOf, summary, summaryId } = useContractForm({
    schema,
    defaultValues: EMPTY,
    labels,
  });
  const statement = form.watch('statement');
  const countId = `${idOf('statement')}-count`;
  const emailHintId = `${idOf('nomineeEmail')}-hint`;
  const submit = form.handleSubmit((body) => {
    setSent(undefined);
    submitNomination.mutate(body, {
      onSuccess: (nomination) => {
        form.reset(EMPTY);
        setSent(nomination.name);
      },
    });
  });

  return (
    <form className="stack-small" onSubmit={(event) => void submit(event)}>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <label className="field stacked">
        <span>{labels.name}</span>
        <input
          type="text"
          maxLength={200}
          autoComplete="off"
          {...field('name')}
        />
      </label>
      <label className="field stacked">
        <span>{labels.statement}</span>
        <textarea
          rows={6}
          maxLength={MAX_NOMINATION_STATEMENT}
          {...field('statement', { describedBy: countId })}
        />
      </label>
      <p className="hint" id={countId} aria-live="polite">
        {t('nominations.portal.statementCount', {
          length: number(statement.length),
          max: number(MAX_NOMINATION_STATEMENT),
        })}
      </p>
      <label className="field stacked">
        <span>{labels.nomineeEmail}</span>
        <input
          type="email"
          autoComplete="off"
          {...field('nomineeEmail', { describedBy: emailHintId })}
        />
      </label>
      <p className="hint" id={emailHintId}>
        {t('nominations.portal.emailHint')}
      </p>
      <label className="field checkbox">
        <input type="checkbox" {...field('consent')} />
        <span>{labels.consent}</span>
      </label>
      <ErrorMessage error={submitNomination.error} />
      <button
        type="submit"
        className="primary"
        disabled={submitNomination.isPending}
      >
        {t('nominations.portal.send')}
      </button>
      {sent && (
        <p role="status" className="alert alert-success">
          {t('nominations.portal.sent', { name: sent })}
        </p>
      )}
    </form>
  );
}

function OwnNominations({
  target,
  nominations,
  open,
}: {
  target: VoterTarget;
  nominations: Nomination[];
  open: boolean;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdrawNomination(target);
  return (
    <>
      <h3>{t('nominations.portal.yours')}</h3>
      <ErrorMessage error={withdraw.error} />
      <ul className="question-list" aria-label={t('nominations.portal.yours')}>
        {nominations.map((nomination) => (
          <li key={nomination.key} className="question-item">
            <p className="pick-meta">
              <strong>{nomination.name}</strong> ·{' '}
              {t(`nominations.portal.status.${nomination.status}`)}
            </p>
            {nomination.rejectReason && (
              <p className="question-reply">{nomination.rejectReason}</p>
            )}
            {open &&
              (nomination.status === 'submitted' ||
                nomination.status === 'accepted') && (
                <button
                  type="button"
                  className="link"
                  aria-label={t('nominations.portal.withdrawLabel', {
                    name: nomination.name,
                  })}
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate(nomination.key)}
                >
                  {t('nominations.portal.withdraw')}
                </button>
              )}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The portal's "Nominate a candidate", while the meeting takes nominations, and the member's
 * own nominations with their status (docs/elections.md, "Nominations").
 */
export function NominatePanel({
  target,
  deadline,
  timeZone,
}: {
  target: VoterTarget;
  /** The meeting's nominationExpiryDate; null: the meeting takes none. */
  deadline: string | null;
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const at = useZonedTime(timeZone);
  const own = useOwnNominations(target);
  const open = deadline !== null && Date.parse(deadline) > Date.now();
  const nominations = own.data ?? [];
  if (!open && !nominations.length) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="portal-section">
      <h2 id={`${id}-title`}>{t('nominations.portal.title')}</h2>
      {open ? (
        <>
          <p className="hint">
            {t('nominations.portal.until', { when: at(deadline) })}
          </p>
          <NominateForm target={target} />
        </>
      ) : (
        <p className="hint">{t('nominations.portal.closed')}</p>
      )}
      <ErrorMessage error={own.error} />
      {nominations.length > 0 && (
        <OwnNominations target={target} nominations={nominations} open={open} />
      )}
    </section>
  );
}
