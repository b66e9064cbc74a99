import { z } from 'zod';
import {
  ballotAnswerFields,
  ballotBodyFields,
  oneBallotBody,
} from './ballot-body';
import { IsoDateTime, LanguageCode } from './common';

/** The portal's "will you attend?" (docs/hybrid-meetings.md, "RSVP"). */
export const RSVP_ANSWERS = ['in_person', 'online', 'no'] as const;
export const RsvpAnswer = z.enum(RSVP_ANSWERS);
export type RsvpAnswer = z.infer<typeof RsvpAnswer>;

const Text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^\P{Cc}*$/u, 'No control characters.');

/**
 * What the registrar enters or scans: a check-in code as printed (any case, spaces and dashes
 * allowed; the gateway says plainly when it is not one of the meeting's).
 */
export const CheckInCodeInput = Text(200);

/**
 * `POST /v1/Meetings/{shortCode}/check-ins`: a voter's code (scanned or typed), a voter
 * picked from the desk's search, or a walk-in registered by the unit's control number.
 */
export const CheckInRequest = z
  .strictObject({
    code: CheckInCodeInput.optional(),
    voterKey: z.string().min(1).max(64).optional(),
    controlNumber: z.string().trim().min(1).max(64).optional(),
    name: Text(200).optional(),
    email: z.email().max(320).optional(),
  })
  .superRefine((body, ctx) => {
    const walkIn = [body.controlNumber, body.name, body.email];
    const forms = [
      body.code !== undefined,
      body.voterKey !== undefined,
      walkIn.some((field) => field !== undefined),
    ].filter(Boolean).length;
    if (forms !== 1)
      ctx.addIssue({
        code: 'custom',
        message:
          'Give exactly one of: code; voterKey; controlNumber with name and email.',
      });
    else if (walkIn.some((field) => field !== undefined))
      walkIn.forEach((field, i) => {
        if (field === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [['controlNumber', 'name', 'email'][i]],
            message: 'Required for a walk-in.',
          });
      });
  });
export type CheckInRequest = z.infer<typeof CheckInRequest>;

/** A voter as the desk sees them. */
export const DeskVoter = z.strictObject({
  voterKey: z.string(),
  name: z.string(),
  email: z.string(),
  memberKey: z.string(),
  unit: z.string(),
  shares: z.number(),
  rsvp: RsvpAnswer.nullable(),
  /** Checked in at the desk now; null when not (or checked out). */
  checkedInAt: IsoDateTime.nullable(),
  /**
   * The voter's language, its own else the meeting's primary: the desk confirms a check-in
   * to the voter in it (docs/i18n.md).
   */
  language: LanguageCode,
});
export type DeskVoter = z.infer<typeof DeskVoter>;

/** How many are in the room now: voters, and their units. */
export const CheckInCounts = z.strictObject({
  voters: z.number().int(),
  units: z.number().int(),
});
export type CheckInCounts = z.infer<typeof CheckInCounts>;

/** `GET .../check-ins`: who is checked in now (by unit), and the counts. */
export const CheckInList = z.strictObject({
  counts: CheckInCounts,
  checkedIn: z.array(DeskVoter),
});
export type CheckInList = z.infer<typeof CheckInList>;

/** Answer of a check-in (201) and of a check-out (200). */
export const CheckInResult = z.strictObject({
  voter: DeskVoter,
  counts: CheckInCounts,
  /** The voter was checked in already: nothing changed (a second scan at the door). */
  alreadyCheckedIn: z.boolean(),
  /** Proxies of the unit that this check-in revoked (docs/proxies.md). */
  proxiesRevoked: z.number().int(),
});
export type CheckInResult = z.infer<typeof CheckInResult>;

/** Live event `checkin.updated`, to the meeting's chairs only. */
export const CheckInUpdatedEvent = z.strictObject({
  shortCode: z.string(),
  voter: DeskVoter,
  checkedIn: z.boolean(),
  counts: CheckInCounts,
});
export type CheckInUpdatedEvent = z.infer<typeof CheckInUpdatedEvent>;

/** `PUT /portal/v1/Meetings/{shortCode}/rsvp`. */
export const RsvpRequest = z.strictObject({ attending: RsvpAnswer });
export type RsvpRequest = z.infer<typeof RsvpRequest>;

/** The voter's RSVP: the answer (null until given) and until when it can change. */
export const PortalRsvp = z.strictObject({
  attending: RsvpAnswer.nullable(),
  answeredAt: IsoDateTime.nullable(),
  /** RSVPs are taken until the meeting starts. */
  closesAt: IsoDateTime,
  open: z.boolean(),
});
export type PortalRsvp = z.infer<typeof PortalRsvp>;

/** `GET /portal/v1/Meetings/{shortCode}/check-in-code`: shown at the door. */
export const PortalCheckInCode = z.strictObject({
  code: z.string(),
  /** The code as a QR image, an SVG document. */
  qrSvg: z.string(),
  checkedInAt: IsoDateTime.nullable(),
});
export type PortalCheckInCode = z.infer<typeof PortalCheckInCode>;

/** A meeting document as its voters see it; `url` needs the voter token. */
export const PortalDocument = z.strictObject({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
  createdAt: IsoDateTime,
});
export type PortalDocument = z.infer<typeof PortalDocument>;

export const PortalDocumentList = z.array(PortalDocument);

// ---- floor ballots (docs/hybrid-meetings.md, "Floor ballots") ----

/** A clerk's entry of a member's floor ballot sheet; `entry` 2 only in double-entry mode. */
export const FloorBallotRequest = z
  .strictObject({
    memberKey: z.string().min(1).max(64),
    ...ballotBodyFields,
    entry: z.union([z.literal(1), z.literal(2)]),
  })
  .superRefine(oneBallotBody);
export type FloorBallotRequest = z.infer<typeof FloorBallotRequest>;

export const FLOOR_ENTRY_STATES = ['pending', 'mismatch', 'lapsed'] as const;
export type FloorEntryState = (typeof FLOOR_ENTRY_STATES)[number];

/** One clerk's entry of a sheet that has not counted (yet). */
export const FloorEntry = z.strictObject({
  key: z.string(),
  entry: z.union([z.literal(1), z.literal(2)]),
  ...ballotAnswerFields,
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

/**
 * What became of a floor entry: counted, with the fields every ballot answer has (`ballotId`,
 * `matterKey`, `castAt`, `receipt` as the code), or held as pending or mismatched (those null).
 */
export const FloorBallotResponse = z.strictObject({
  status: z.enum(['counted', 'pending', 'mismatch']),
  ballotId: z.string().nullable(),
  matterKey: z.string(),
  castAt: IsoDateTime.nullable(),
  /** The receipt code to find in the published count (docs/verifiability.md); null until counted. */
  receipt: z.string().nullable(),
  memberKey: z.string(),
  unit: z.string(),
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
  /** The language of `categories` and of each question's `category` (docs/i18n.md). */
  language: LanguageCode,
  /** In `language`; asking with one of these (or the canonical name) files the question. */
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

/** To chairs: `question.removed`, a question gone with its asker (a deleted test voter). */
export const QuestionRemovedEvent = z.strictObject({
  shortCode: z.string(),
  questionKey: z.string(),
});
export type QuestionRemovedEvent = z.infer<typeof QuestionRemovedEvent>;

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
