import { useId, useState } from 'react';
import { useLiveEvent, useLiveMeeting } from '../../../api/live/use-live';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useQuestions, useStoreQuestion } from '../hooks/useQuestions';
import { inFilter, type QueueFilter } from '../utils/questions';
import { QuestionList } from './QuestionList';

const FILTERS: { value: QueueFilter; label: string }[] = [
  { value: 'open', label: 'To handle' },
  { value: 'new', label: 'New' },
  { value: 'approved', label: 'Approved' },
  { value: 'answered', label: 'Answered' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All' },
];

/** The control room's question queue: questions arrive live (`question.new`, `question.updated`). */
export function QuestionQueue({ shortCode }: { shortCode: string }) {
  const id = useId();
  const meeting = useLiveMeeting();
  const questions = useQuestions(shortCode);
  const store = useStoreQuestion(shortCode);
  const [filter, setFilter] = useState<QueueFilter>('open');
  useLiveEvent('question.new', (event) => store(event.question));
  useLiveEvent('question.updated', (event) => store(event.question));
  const all = questions.data ?? [];
  const waiting = all.filter((q) => q.status === 'new').length;
  const shown = all.filter((q) => inFilter(q, filter));

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="panel-head">
        <h3 id={`${id}-title`}>
          Questions
          {waiting > 0 && (
            <span className="badge badge-live" aria-label={`${waiting} new`}>
              {waiting}
            </span>
          )}
        </h3>
        <label className="inline-field">
          <span>Show</span>
          <select
            value={filter}
            onChange={(event) => setFilter(event.target.value as QueueFilter)}
          >
            {FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
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
