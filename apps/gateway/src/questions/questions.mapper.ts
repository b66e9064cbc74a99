import type {
  OwnQuestion,
  Question,
  ScreenQuestion,
} from '@livevote/contracts';
import type { QuestionRow } from './questions.repository';

export function mapQuestion(row: QuestionRow & { unit: string }): Question {
  return {
    key: row.id,
    category: row.category,
    text: row.text,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    onScreen: row.onScreen,
    askedAt: row.askedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    memberKey: row.memberId,
    unit: row.unit,
    voter: { key: row.voterId, name: row.voterName },
  };
}

/** A voter's own question; `label` words its (canonical) category in the voter's language. */
export function mapOwnQuestion(
  row: QuestionRow,
  label: (category: string) => string = (category) => category,
): OwnQuestion {
  return {
    key: row.id,
    category: label(row.category),
    text: row.text,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    askedAt: row.askedAt.toISOString(),
  };
}

/** The big screen shows the question alone: no name, no unit. */
export function mapScreenQuestion(row: QuestionRow): ScreenQuestion {
  return { key: row.id, category: row.category, text: row.text };
}
