import {
  ballotAnswerFields,
  ballotBodyFields,
  matterMethodFields,
  oneBallotBody,
} from './ballot-body';
import { z } from 'zod';
import { IsoDateTime, LanguageCode } from './common';
import {
  ScreenQuestion,
  type CheckInUpdatedEvent,
  type OwnQuestionEvent,
  type QuestionEvent,
  type QuestionRemovedEvent,
  type ScreenQuestionEvent,
} from './hybrid';
import {
  MatterLiveStatus as LiveStatus,
  MatterTallyRow,
  MatterTranslationsAnswer,
} from './matters';
import { MeetingTranslations } from './meetings';
import {
  Forecast,
  MatterResult,
  MatterResultEvent,
  QuorumBasis,
  Threshold,
  ThresholdBase,
  ThresholdBasis,
} from './results';

export const MATTER_ACTIONS = ['start', 'stop', 'extend'] as const;

/**
 * A chair's start, extend or stop; duration in seconds (default 360), ignored by stop. `overrideQuorum` starts a
 * matter without quorum where the meeting requires it (recorded with the matter).
 */
export const MatterActionRequest = z
  .strictObject({
    action: z.enum(MATTER_ACTIONS),
    duration: z.number().int().min(10).max(86_400).optional(),
    overrideQuorum: z.boolean().optional(),
  })
  .refine(
    (request) =>
      request.overrideQuorum === undefined || request.action === 'start',
    { path: ['overrideQuorum'], message: 'Only a start overrides quorum.' },
  );
export type MatterActionRequest = z.infer<typeof MatterActionRequest>;

export const BALLOT_METHODS = ['live', 'proxy', 'other'] as const;
export type BallotMethod = (typeof BALLOT_METHODS)[number];

/**
 * A retry key: printable ASCII without spaces, 1 to 200 characters. The same rule for the
 * `Idempotency-Key` header and the socket's `idempotencyKey`.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const IdempotencyKey = z
  .string()
  .regex(
    IDEMPOTENCY_KEY_PATTERN,
    'Must be 1 to 200 printable ASCII characters without spaces.',
  );

/** A voter's ballot: option strings as in the matter's `options`. */
export const CastBallotRequest = z
  .strictObject(ballotBodyFields)
  .superRefine(oneBallotBody);
export type CastBallotRequest = z.infer<typeof CastBallotRequest>;

/** A ballot recorded by a manager (paper proxy, floor vote). */
export const RecordBallotRequest = z
  .strictObject({
    memberKey: z.string().min(1).max(64),
    ...ballotBodyFields,
    method: z.enum(['proxy', 'other']),
  })
  .superRefine(oneBallotBody);
export type RecordBallotRequest = z.infer<typeof RecordBallotRequest>;

export const BallotReceipt = z.strictObject({
  ballotId: z.string(),
  matterKey: z.string(),
  castAt: IsoDateTime,
  /** The receipt code to find in the published count (docs/verifiability.md). */
  receipt: z.string(),
});
export type BallotReceipt = z.infer<typeof BallotReceipt>;

/** A member's own ballot, shown only to that member's voters. */
export const OwnBallot = z.strictObject({
  ballotId: z.string(),
  matterKey: z.string(),
  ...ballotAnswerFields,
  method: z.enum(BALLOT_METHODS),
  castAt: IsoDateTime,
  /** Null only for a ballot without a recorded cast (data from before receipts). */
  receipt: z.string().nullable(),
});
export type OwnBallot = z.infer<typeof OwnBallot>;

export const ScreenTokenResponse = z.strictObject({
  /** The token's key in the list of the meeting's screen tokens (to revoke it). */
  key: z.string(),
  token: z.string(),
  expiresAt: IsoDateTime,
  screenUrl: z.string(),
});
export type ScreenTokenResponse = z.infer<typeof ScreenTokenResponse>;

/** A live screen token as managers list it: who made it and when it was last used, never the token. */
export const ScreenTokenSummary = z.strictObject({
  key: z.string(),
  /** The e-mail of the manager who made it. */
  createdBy: z.string(),
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  /** When a screen last connected with it or was still open with it (to the minute), or null. */
  lastSeenAt: IsoDateTime.nullable(),
});
export type ScreenTokenSummary = z.infer<typeof ScreenTokenSummary>;

// ---- the live channel (socket.io namespace /live), docs/live-protocol.md ----

export const MatterStateEvent = z.strictObject({
  shortCode: z.string(),
  matterKey: z.string(),
  liveStatus: LiveStatus,
  liveStartedAt: IsoDateTime.nullable(),
  liveEndsAt: IsoDateTime.nullable(),
  liveClosedAt: IsoDateTime.nullable(),
  /** While live and not a secret ballot; null otherwise (docs/verdicts.md). */
  forecast: Forecast.nullable(),
  serverTime: IsoDateTime,
  seq: z.number().int(),
});
export type MatterStateEvent = z.infer<typeof MatterStateEvent>;

export const MatterTallyEvent = z.strictObject({
  shortCode: z.string(),
  matterKey: z.string(),
  /** Empty while `rowsWithheld`: a secret ballot that has not closed (docs/security.md). */
  rows: z.array(MatterTallyRow),
  rowsWithheld: z.boolean(),
  votesCast: z.number(),
  sharesCast: z.number(),
  eligibleMembers: z.number(),
  /** The forecast from these figures; null when not live or a secret ballot. */
  forecast: Forecast.nullable(),
  seq: z.number().int(),
});
export type MatterTallyEvent = z.infer<typeof MatterTallyEvent>;

export const PresenceEvent = z.strictObject({
  shortCode: z.string(),
  numUnits: z.number(),
  numVoters: z.number(),
});
export type PresenceEvent = z.infer<typeof PresenceEvent>;

export const QuorumEvent = z.strictObject({
  shortCode: z.string(),
  /** Members present in person or online: `presentInPerson` + `presentOnline`. */
  present: z.number(),
  /** Members present by proxy (none when the meeting's quorum leaves proxies out). */
  proxies: z.number(),
  /** Members checked in at the desk (docs/presence.md). */
  presentInPerson: z.number(),
  /** Members with a voter connected, not checked in. */
  presentOnline: z.number(),
  required: z.number(),
  met: z.boolean(),
  /** What present, proxies and required count: members (units) or their shares. */
  basis: QuorumBasis,
});
export type QuorumEvent = z.infer<typeof QuorumEvent>;

export const SubscribeRequest = z.strictObject({
  shortCode: z.string().min(1).max(64),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

export const LiveMatter = z.strictObject({
  matterKey: z.string(),
  name: z.string(),
  header: z.string(),
  snippet: z.string(),
  options: z.array(z.string()),
  /**
   * The texts in the meeting's other languages, for the reader to choose from (docs/i18n.md,
   * "Meeting content in two languages"); ballots always name the canonical `options`.
   */
  translations: MatterTranslationsAnswer,
  choices: z.number(),
  ...matterMethodFields,
  order: z.number(),
  liveStatus: LiveStatus,
  liveStartedAt: IsoDateTime.nullable(),
  liveEndsAt: IsoDateTime.nullable(),
  liveClosedAt: IsoDateTime.nullable(),
  secretBallot: z.boolean(),
  threshold: Threshold,
  thresholdBasis: ThresholdBasis,
  thresholdBase: ThresholdBase,
  forecast: Forecast.nullable(),
  /** Chairs and screens: once computed at close; voters: once published. */
  result: MatterResult.nullable(),
  seq: z.number().int(),
});
export type LiveMatter = z.infer<typeof LiveMatter>;

export const LiveSnapshot = z.strictObject({
  meeting: z.strictObject({
    key: z.string(),
    shortCode: z.string(),
    name: z.string(),
    meetingDate: IsoDateTime,
    meetingTimezone: z.string(),
    /** The primary language, `languages[0]`. */
    language: LanguageCode,
    languages: z.array(LanguageCode),
    /** `name` in the meeting's other languages (docs/i18n.md). */
    translations: MeetingTranslations,
    quorumMinimum: z.number(),
    /** One live matter at a time (the default), or several seen side by side. */
    oneLiveMatter: z.boolean(),
    /**
     * The big screen shows the matters in its reader's language (`primary`), or in all the
     * meeting's, the primary first (`all`): docs/i18n.md, "The report and the big screen".
     */
    displayLanguages: z.enum(['primary', 'all']),
  }),
  role: z.enum(['chair', 'voter', 'screen']),
  matters: z.array(LiveMatter),
  presence: PresenceEvent,
  quorum: QuorumEvent,
  /** Chairs and screens only; absent for voters. */
  tallies: z.array(MatterTallyEvent).optional(),
  /** Chairs and screens only: the question on the big screen, or null. */
  screenQuestion: ScreenQuestion.nullable().optional(),
  serverTime: IsoDateTime,
});
export type LiveSnapshot = z.infer<typeof LiveSnapshot>;

export const BallotCastMessage = z
  .strictObject({
    matterKey: z.string().min(1).max(64),
    ...ballotBodyFields,
    idempotencyKey: IdempotencyKey.optional(),
  })
  .superRefine(oneBallotBody);
export type BallotCastMessage = z.infer<typeof BallotCastMessage>;

export const AckError = z.strictObject({
  error: z.strictObject({
    status: z.number(),
    code: z.string(),
    message: z.string(),
    /** On a 5xx: the id the gateway logged the failure with. */
    correlationId: z.string().optional(),
  }),
});
export type AckError = z.infer<typeof AckError>;

export type Ack<T> = T | AckError;

/**
 * Why the gateway is about to close the socket, sent just before it does (the socket then
 * disconnects with `io server disconnect`): e.g. 429 `rate_limited` for a socket that kept
 * sending more than its budget of packets.
 */
export type SocketClosingEvent = AckError;

/** A fresh credential for an open socket, sent before the one it connected with expires. */
export const ReauthRequest = z.strictObject({
  token: z.string().min(1).max(4096),
});
export type ReauthRequest = z.infer<typeof ReauthRequest>;

export const ReauthResponse = z.strictObject({
  ok: z.literal(true),
  /** When the new credential expires: send the next `reauth` before then. */
  expiresAt: IsoDateTime,
});
export type ReauthResponse = z.infer<typeof ReauthResponse>;

export interface ServerToClientEvents {
  'matter.state': (event: MatterStateEvent) => void;
  'matter.tally': (event: MatterTallyEvent) => void;
  'meeting.presence': (event: PresenceEvent) => void;
  'meeting.quorum': (event: QuorumEvent) => void;
  'matter.result': (event: MatterResultEvent) => void;
  /** Chairs only: a voter checked in or out at the desk (docs/hybrid-meetings.md). */
  'checkin.updated': (event: CheckInUpdatedEvent) => void;
  'question.new': (event: QuestionEvent) => void;
  'question.updated': (event: QuestionEvent) => void;
  /** Chairs only: a question deleted with its asker, a test voter (docs/test-voters.md). */
  'question.removed': (event: QuestionRemovedEvent) => void;
  'question.mine': (event: OwnQuestionEvent) => void;
  'screen.question': (event: ScreenQuestionEvent) => void;
  'socket.closing': (event: SocketClosingEvent) => void;
}

export interface ClientToServerEvents {
  subscribe: (
    request: SubscribeRequest,
    ack: (response: Ack<LiveSnapshot>) => void,
  ) => void;
  'ballot.cast': (
    request: BallotCastMessage,
    ack: (response: Ack<BallotReceipt>) => void,
  ) => void;
  reauth: (
    request: ReauthRequest,
    ack: (response: Ack<ReauthResponse>) => void,
  ) => void;
}
