import { useZonedTime } from '../../../i18n/use-language';
import type { ModerateQuestionRequest, Question } from '@livevote/contracts';
import { useState } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useModerateQuestion } from '../hooks/useQuestions';
import { STATUS_WORDS } from '../utils/questions';

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
  const moderate = useModerateQuestion(shortCode);
  const act = (question: Question, body: ModerateQuestionRequest) =>
    moderate.mutate({ questionKey: question.key, body });
  if (!questions.length) return <p className="muted">No questions here.</p>;
  return (
    <>
      <ErrorMessage error={moderate.error} />
      <ul className="question-list" aria-label="Questions">
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
  const at = useZonedTime(timeZone);
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState(question.reply ?? '');
  const who = `unit ${question.unit}`;
  const showable =
    question.status === 'approved' || question.status === 'answered';
  return (
    <li
      className="question-item"
      aria-label={`Question from ${who}`}
      data-status={question.status}
    >
      <p className="pick-meta">
        <strong>{question.category}</strong> · Unit {question.unit} ·{' '}
        {question.voter.name} · {at(question.askedAt)}{' '}
        <span className={`badge badge-question-${question.status}`}>
          {STATUS_WORDS[question.status]}
        </span>
        {question.onScreen && (
          <span className="badge badge-live">On screen</span>
        )}
      </p>
      <p className="question-text">{question.text}</p>
      {question.reply && !replying && (
        <p className="question-reply">
          <span className="muted">Reply: </span>
          {question.reply}
        </p>
      )}
      <div className="button-row compact">
        {question.status !== 'approved' && question.status !== 'answered' && (
          <button
            type="button"
            disabled={busy}
            aria-label={`Approve the question from ${who}`}
            onClick={() => act({ status: 'approved' })}
          >
            Approve
          </button>
        )}
        {showable && (
          <button
            type="button"
            disabled={busy}
            aria-label={`${question.onScreen ? 'Take off the screen' : 'Show on the screen'}: the question from ${who}`}
            onClick={() => act({ onScreen: !question.onScreen })}
          >
            {question.onScreen ? 'Take off the screen' : 'Show on the screen'}
          </button>
        )}
        {question.status !== 'answered' && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={`Mark the question from ${who} answered`}
            onClick={() => act({ status: 'answered' })}
          >
            Answered
          </button>
        )}
        {question.status !== 'dismissed' && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={`Dismiss the question from ${who}`}
            onClick={() => act({ status: 'dismissed' })}
          >
            Dismiss
          </button>
        )}
        <button
          type="button"
          className="secondary"
          aria-expanded={replying}
          aria-label={`Reply in writing to ${who}`}
          onClick={() => setReplying(!replying)}
        >
          Reply
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
            <span>Written reply to {who}</span>
            <textarea
              value={reply}
              maxLength={2000}
              rows={3}
              onChange={(event) => setReply(event.target.value)}
            />
          </label>
          <div className="button-row compact">
            <button type="submit" disabled={busy}>
              Send reply
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
