import { useZonedTime } from '../../../i18n/use-language';
import type { ModerateQuestionRequest, Question } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useModerateQuestion } from '../hooks/useQuestions';
import { STATUS_KEYS } from '../utils/questions';

export interface QuestionListProps {
  shortCode: string;
  questions: Question[];
  timeZone?: string;
}

/** The chair's moderated queue: approve, answered, dismiss, reply in writing, show on screen. */
export function QuestionList({
  shortCode,
  questions,
  timeZone,
}: QuestionListProps) {
  const { t } = useTranslation();
  const moderate = useModerateQuestion(shortCode);
  const act = (question: Question, body: ModerateQuestionRequest) =>
    moderate.mutate({ questionKey: question.key, body });
  if (!questions.length) return <p className="muted">{t('questions.none')}</p>;
  return (
    <>
      <ErrorMessage error={moderate.error} />
      <ul className="question-list" aria-label={t('questions.title')}>
        {questions.map((question) => (
          <QuestionItem
            key={question.key}
            question={question}
            timeZone={timeZone}
            busy={moderate.isPending}
            act={(body) => act(question, body)}
          />
        ))}
      </ul>
    </>
  );
}

function QuestionItem({
  question,
  timeZone,
  busy,
  act,
}: {
  question: Question;
  timeZone?: string;
  busy: boolean;
  act: (body: ModerateQuestionRequest) => void;
}) {
  const { t } = useTranslation();
  const at = useZonedTime(timeZone);
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState(question.reply ?? '');
  const unit = { unit: question.unit };
  const showable =
    question.status === 'approved' || question.status === 'answered';
  return (
    <li
      className="question-item"
      aria-label={t('questions.item', unit)}
      data-status={question.status}
    >
      <p className="pick-meta">
        <strong>{question.category}</strong> · {t('common.unitNamed', unit)} ·{' '}
        {question.voter.name} · {at(question.askedAt)}{' '}
        <span className={`badge badge-question-${question.status}`}>
          {t(STATUS_KEYS[question.status])}
        </span>
        {question.onScreen && (
          <span className="badge badge-live">{t('questions.onScreen')}</span>
        )}
      </p>
      <p className="question-text">{question.text}</p>
      {question.reply && !replying && (
        <p className="question-reply">
          <span className="muted">{t('questions.reply')} </span>
          {question.reply}
        </p>
      )}
      <div className="button-row compact">
        {question.status !== 'approved' && question.status !== 'answered' && (
          <button
            type="button"
            disabled={busy}
            aria-label={t('questions.approveLabel', unit)}
            onClick={() => act({ status: 'approved' })}
          >
            {t('questions.approve')}
          </button>
        )}
        {showable && (
          <button
            type="button"
            disabled={busy}
            aria-label={t(
              question.onScreen
                ? 'questions.takeOffLabel'
                : 'questions.showLabel',
              unit,
            )}
            onClick={() => act({ onScreen: !question.onScreen })}
          >
            {question.onScreen ? t('questions.takeOff') : t('questions.show')}
          </button>
        )}
        {question.status !== 'answered' && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={t('questions.answeredLabel', unit)}
            onClick={() => act({ status: 'answered' })}
          >
            {t('questions.answered')}
          </button>
        )}
        {question.status !== 'dismissed' && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={t('questions.dismissLabel', unit)}
            onClick={() => act({ status: 'dismissed' })}
          >
            {t('questions.dismiss')}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          aria-expanded={replying}
          aria-label={t('questions.replyLabel', unit)}
          onClick={() => setReplying(!replying)}
        >
          {t('questions.replyButton')}
        </button>
      </div>
      {replying && (
        <form
          className="stack-small"
          onSubmit={(event) => {
            event.preventDefault();
            const text = reply.trim();
            act({ reply: text ? text : null });
            setReplying(false);
          }}
        >
          <label className="field stacked">
            <span>{t('questions.writtenReply', unit)}</span>
            <textarea
              value={reply}
              maxLength={2000}
              rows={3}
              onChange={(event) => setReply(event.target.value)}
            />
          </label>
          <div className="button-row compact">
            <button type="submit" disabled={busy}>
              {t('questions.sendReply')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
