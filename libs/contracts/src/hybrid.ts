import { z } from 'zod';
import { IsoDateTime } from './common';

// ---- floor ballots (docs/hybrid-meetings.md, "Floor ballots") ----

const FloorChoices = z.array(z.string().min(1).max(500)).min(1).max(100);

/** A clerk's entry of a member's floor ballot sheet; `entry` 2 only in double-entry mode. */
export const FloorBallotRequest = z.strictObject({
  memberKey: z.string().min(1).max(64),
  choices: FloorChoices,
  entry: z.union([z.literal(1), z.literal(2)]),
});
export type FloorBallotRequest = z.infer<typeof FloorBallotRequest>;

export const FLOOR_ENTRY_STATES = ['pending', 'mismatch', 'lapsed'] as const;
export type FloorEntryState = (typeof FLOOR_ENTRY_STATES)[number];

/** One clerk's entry of a sheet that has not counted (yet). */
export const FloorEntry = z.strictObject({
  key: z.string(),
  entry: z.union([z.literal(1), z.literal(2)]),
  choices: z.array(z.string()),
  recordedBy: z.strictObject({
    userKey: z.string().nullable(),
    name: z.string(),
  }),
  recordedAt: IsoDateTime,
});
export type FloorEntry = z.infer<typeof FloorEntry>;

/**
 * A member's sheet waiting in double-entry mode: `pending` (one entry so far), `mismatch` (two
 * entries that differ: re-enter one, or discard), `lapsed` (entered before the matter closed or
 * reopened: it never counts).
 */
export const PendingFloorBallot = z.strictObject({
  memberKey: z.string(),
  unit: z.string(),
  state: z.enum(FLOOR_ENTRY_STATES),
  entries: z.array(FloorEntry),
});
export type PendingFloorBallot = z.infer<typeof PendingFloorBallot>;

/** What became of a floor entry: counted (with its receipt), or held as pending or mismatched. */
export const FloorBallotResponse = z.strictObject({
  status: z.enum(['counted', 'pending', 'mismatch']),
  matterKey: z.string(),
  memberKey: z.string(),
  unit: z.string(),
  /** Set once counted: the ballot's receipt, as a recorded ballot answers it. */
  receipt: z
    .strictObject({
      ballotId: z.string(),
      matterKey: z.string(),
      castAt: IsoDateTime,
    })
    .nullable(),
  /** Double-entry mode: the member's sheet while it waits; null once counted. */
  pending: PendingFloorBallot.nullable(),
});
export type FloorBallotResponse = z.infer<typeof FloorBallotResponse>;

// ---- questions (docs/hybrid-meetings.md, "Questions") ----

export const MAX_QUESTION_LENGTH = 2_000;
export const MAX_QUESTION_CATEGORIES = 30;

/** Characters, not UTF-16 units: an emoji counts once. */
const codePoints = (text: string) => [...text].length;

const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Plain text: no control characters but line breaks; 1 to 2,000 characters. */
const QuestionText = z
  .string()
  .trim()
  .min(1, 'Must not be empty.')
  .refine(
    (text) => codePoints(text) <= MAX_QUESTION_LENGTH,
    `At most ${MAX_QUESTION_LENGTH.toLocaleString('en')} characters.`,
  )
  .refine(
    (text) => /^[^\p{Cc}]*$/u.test(text.replace(/\r\n|\r|\n/g, '')),
    'No control characters but line breaks.',
  )
  .refine(
    (text) => !LONE_SURROGATE.test(text),
    'Not well-formed text (a lone surrogate).',
  );

export const QuestionCategory = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^\P{Cc}*$/u, 'No control characters.');

/** The meeting setting: the categories voters choose from, distinct. */
export const QuestionCategories = z
  .array(QuestionCategory)
  .max(MAX_QUESTION_CATEGORIES)
  .refine(
    (categories) => new Set(categories).size === categories.length,
    'Each category once.',
  );

export const AskQuestionRequest = z.strictObject({
  category: z.string().min(1).max(100),
  text: QuestionText,
});
export type AskQuestionRequest = z.infer<typeof AskQuestionRequest>;

export const QUESTION_STATUSES = [
  'new',
  'approved',
  'answered',
  'dismissed',
] as const;
export const QuestionStatus = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof QuestionStatus>;

/**
 * A chair's moderation: a new status, a written reply (plain text; null takes it back), and
 * whether an approved (or answered) question is on the big screen.
 */
export const ModerateQuestionRequest = z
  .strictObject({
    status: z.enum(['approved', 'answered', 'dismissed']).optional(),
    reply: QuestionText.nullable().optional(),
    onScreen: z.boolean().optional(),
  })
  .refine(
    (body) =>
      body.status !== undefined ||
      body.reply !== undefined ||
      body.onScreen !== undefined,
    { message: 'Give a status, a reply or onScreen.' },
  );
export type ModerateQuestionRequest = z.infer<typeof ModerateQuestionRequest>;

/** A question as the chair's queue shows it. */
export const Question = z.strictObject({
  key: z.string(),
  category: z.string(),
  text: z.string(),
  status: QuestionStatus,
  reply: z.string().nullable(),
  repliedAt: IsoDateTime.nullable(),
  onScreen: z.boolean(),
  askedAt: IsoDateTime,
  updatedAt: IsoDateTime,
  memberKey: z.string(),
  unit: z.string(),
  voter: z.strictObject({ key: z.string().nullable(), name: z.string() }),
});
export type Question = z.infer<typeof Question>;

export const ListQuestionsQuery = z.object({
  status: QuestionStatus.optional(),
});
export type ListQuestionsQuery = z.infer<typeof ListQuestionsQuery>;

/** A voter's own question, with the chair's reply. */
export const OwnQuestion = z.strictObject({
  key: z.string(),
  category: z.string(),
  text: z.string(),
  status: QuestionStatus,
  reply: z.string().nullable(),
  repliedAt: IsoDateTime.nullable(),
  askedAt: IsoDateTime,
});
export type OwnQuestion = z.infer<typeof OwnQuestion>;

/** What the portal's form needs: the categories, and the voter's questions. */
export const OwnQuestions = z.strictObject({
  categories: z.array(z.string()),
  /** Whether the voter may still ask (until the meeting is over). */
  open: z.boolean(),
  questions: z.array(OwnQuestion),
});
export type OwnQuestions = z.infer<typeof OwnQuestions>;

/** What the big screen shows of a question: no name, no unit. */
export const ScreenQuestion = z.strictObject({
  key: z.string(),
  category: z.string(),
  text: z.string(),
});
export type ScreenQuestion = z.infer<typeof ScreenQuestion>;

// ---- their live events (docs/live-protocol.md) ----

/** To chairs: `question.new`, `question.updated`. */
export const QuestionEvent = z.strictObject({
  shortCode: z.string(),
  question: Question,
});
export type QuestionEvent = z.infer<typeof QuestionEvent>;

/** To the asking voter's sockets: `question.mine`, on every change of its status or reply. */
export const OwnQuestionEvent = z.strictObject({
  shortCode: z.string(),
  question: OwnQuestion,
});
export type OwnQuestionEvent = z.infer<typeof OwnQuestionEvent>;

/** To screens (and chairs): `screen.question`, the question on the big screen, or null. */
export const ScreenQuestionEvent = z.strictObject({
  shortCode: z.string(),
  question: ScreenQuestion.nullable(),
});
export type ScreenQuestionEvent = z.infer<typeof ScreenQuestionEvent>;
