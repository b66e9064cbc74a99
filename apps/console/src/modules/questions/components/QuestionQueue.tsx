import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent, useLiveMeeting } from '../../../api/live/use-live';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import {
  useDropQuestion,
  useQuestions,
  useStoreQuestion,
} from '../hooks/useQuestions';
import { inFilter, toHandleCount, type QueueFilter } from '../utils/questions';
import { QuestionList } from './QuestionList';

const FILTERS: { value: QueueFilter; label: string }[] = [
  { value: 'open', label: 'questions.filter.open' },
  { value: 'new', label: 'questions.status.new' },
  { value: 'approved', label: 'questions.status.approved' },
  { value: 'answered', label: 'questions.status.answered' },
  { value: 'dismissed', label: 'questions.status.dismissed' },
  { value: 'all', label: 'questions.filter.all' },
];

/**
 * The control room's question queue: questions arrive live (`question.new`,
 * `question.updated`) and leave with a deleted test voter (`question.removed`).
 */
export function QuestionQueue({ shortCode }: { shortCode: string }) {
  const { t } = useTranslation();
  const id = useId();
  const meeting = useLiveMeeting();
  const questions = useQuestions(shortCode);
  const store = useStoreQuestion(shortCode);
  const [filter, setFilter] = useState<QueueFilter>('open');
  useLiveEvent('question.new', (event) => store(event.question));
  useLiveEvent('question.updated', (event) => store(event.question));
  const drop = useDropQuestion(shortCode);
  useLiveEvent('question.removed', (event) => drop(event.questionKey));
  const all = questions.data ?? [];
  const waiting = toHandleCount(all);
  const shown = all.filter((q) => inFilter(q, filter));

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="panel-head">
        <h3 id={`${id}-title`}>
          {t('questions.title')}
          {waiting > 0 && (
            <span
              className="badge badge-live"
              aria-label={t('questions.toHandleCount', { n: waiting })}
            >
              {waiting}
            </span>
          )}
        </h3>
        <label className="inline-field">
          <span>{t('questions.show_filter')}</span>
          <select
            value={filter}
            onChange={(event) => setFilter(event.target.value as QueueFilter)}
          >
            {FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorMessage error={questions.error} />
      {questions.isPending ? (
        <Loading />
      ) : (
        <QuestionList
          shortCode={shortCode}
          questions={shown}
          timeZone={meeting?.meetingTimezone}
        />
      )}
    </section>
  );
}
