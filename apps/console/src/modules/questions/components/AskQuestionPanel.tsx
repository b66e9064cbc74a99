import { AskQuestionRequest, MAX_QUESTION_LENGTH } from '@livevote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../../../api/live/use-live';
import { queryKeys } from '../../../api/query-keys';
import { useNumber } from '../../../i18n/use-language';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useContractForm } from '../../ui/hooks/useContractForm';
import { useAskQuestion, useOwnQuestions } from '../hooks/useOwnQuestions';
import type { VoterTarget } from '../../portal/hooks/useBallot';

const STATUS_FOR_VOTER = {
  new: 'questions.ask.status.new',
  approved: 'questions.ask.status.approved',
  answered: 'questions.ask.status.answered',
  dismissed: 'questions.ask.status.dismissed',
} as const;

/** The question a voter writes, in one of the meeting's categories (the first to start with). */
function AskForm({
  target,
  categories,
}: {
  target: VoterTarget;
  categories: readonly string[];
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const ask = useAskQuestion(target);
  const [sent, setSent] = useState(false);
  const labels = {
    category: t('questions.ask.category'),
    text: t('questions.ask.yourQuestion'),
  };
  const { form, field, summary, summaryId } = useContractForm({
    schema: AskQuestionRequest,
    defaultValues: { category: categories[0] ?? '', text: '' },
    labels,
  });
  const text = form.watch('text');
  const submit = form.handleSubmit((body) => {
    setSent(false);
    ask.mutate(body, {
      onSuccess: () => {
        form.reset({ ...form.getValues(), text: '' });
        setSent(true);
      },
    });
  });

  return (
    <form className="stack-small" onSubmit={(event) => void submit(event)}>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <label className="field stacked">
        <span>{labels.category}</span>
        <select {...field('category')}>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field stacked">
        <span>{labels.text}</span>
        <textarea
          rows={4}
          maxLength={MAX_QUESTION_LENGTH}
          required
          {...field('text')}
        />
      </label>
      <p className="hint">
        {t('questions.ask.hint', {
          length: number(text.length),
          max: number(MAX_QUESTION_LENGTH),
        })}
      </p>
      <ErrorMessage error={ask.error} />
      <button type="submit" disabled={ask.isPending || !text.trim()}>
        {t('questions.ask.send')}
      </button>
      {sent && (
        <p role="status" className="alert alert-success">
          {t('questions.ask.sent')}
        </p>
      )}
    </form>
  );
}

/** The portal's "Ask a question": a category, the text, and the voter's questions with replies. */
export function AskQuestionPanel({ target }: { target: VoterTarget }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const own = useOwnQuestions(target);
  // the chair approved, answered or replied: read the list again
  useLiveEvent('question.mine', () => {
    void queryClient.invalidateQueries({
      queryKey: queryKeys.ownQuestions(target.shortCode, target.voterKey),
    });
  });
  const categories = own.data?.categories ?? [];
  if (!categories.length && !own.data?.questions.length) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="portal-section">
      <h2 id={`${id}-title`}>{t('questions.ask.title')}</h2>
      {own.data?.open && categories.length > 0 ? (
        <AskForm target={target} categories={categories} />
      ) : (
        <p className="hint">{t('questions.ask.closed')}</p>
      )}
      <ErrorMessage error={own.error} />
      {own.data && own.data.questions.length > 0 && (
        <>
          <h3>{t('questions.ask.yours')}</h3>
          <ul className="question-list" aria-label={t('questions.ask.yours')}>
            {own.data.questions.map((question) => (
              <li key={question.key} className="question-item">
                <p className="pick-meta">
                  <strong>{question.category}</strong> ·{' '}
                  {t(STATUS_FOR_VOTER[question.status])}
                </p>
                <p className="question-text">{question.text}</p>
                {question.reply && (
                  <p className="question-reply">
                    <span className="muted">
                      {t('questions.ask.replyFromChair')}{' '}
                    </span>
                    {question.reply}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
