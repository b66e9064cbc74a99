import type { Question, QuestionStatus } from '@livevote/contracts';

/** The queue with this question in it (new or changed), oldest first. */
export function upsertQuestion(
  list: readonly Question[] | undefined,
  question: Question,
): Question[] {
  const others = (list ?? []).filter((q) => q.key !== question.key);
  return [...others, question].sort(
    (a, b) => a.askedAt.localeCompare(b.askedAt) || a.key.localeCompare(b.key),
  );
}

/** The queue without one question (gone with its asker, a deleted test voter). */
export function withoutQuestion(
  list: readonly Question[] | undefined,
  questionKey: string,
): Question[] {
  return (list ?? []).filter((q) => q.key !== questionKey);
}

/** The catalog key of a status's word in the chair's queue (docs/i18n.md). */
export const STATUS_KEYS: Record<QuestionStatus, string> = {
  new: 'questions.status.new',
  approved: 'questions.status.approved',
  answered: 'questions.status.answered',
  dismissed: 'questions.status.dismissed',
};

/** What the queue shows by default: what still needs the chair. */
export type QueueFilter = 'open' | QuestionStatus | 'all';

export function inFilter(question: Question, filter: QueueFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'open')
    return question.status === 'new' || question.status === 'approved';
  return question.status === filter;
}

/** How many questions still need the chair: the badge beside the title, and the default filter. */
export function toHandleCount(questions: readonly Question[]): number {
  return questions.filter((q) => inFilter(q, 'open')).length;
}
