import { z } from 'zod';
import { matterMethodFields } from './ballot-body';
import { IsoDateTime, LanguageCode } from './common';
import { ChainHead } from './receipts';
import { MatterLiveStatus, MatterTallyRow, MatterVoteMethod } from './matters';
import {
  Figures,
  MatterResult,
  QuorumBasis,
  QuorumRecord,
  Threshold,
  ThresholdBase,
  ThresholdBasis,
} from './results';

/** The results report of a meeting, or of one matter (`?matter=`): docs/verdicts.md. */

export const ReportQuery = z.object({
  matter: z.string().max(64).optional(),
  /** The report's language; the meeting's default when absent (docs/i18n.md). */
  lang: LanguageCode.optional(),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** `GET .../report/attendance.csv`: only the language of its headings. */
export const AttendanceQuery = z.strictObject({
  lang: LanguageCode.optional(),
});
export type AttendanceQuery = z.infer<typeof AttendanceQuery>;

export const ReportMatter = z.strictObject({
  matterKey: z.string(),
  order: z.number().int(),
  /** In the report's language, or in all the meeting's when it shows them all (docs/i18n.md). */
  name: z.string(),
  /** Who moved and seconded the motion; null when not recorded. */
  movedBy: z.string().nullable(),
  secondedBy: z.string().nullable(),
  /** The canonical options, as ballots, tallies and results name them. */
  options: z.array(z.string()),
  /** Each option as the report shows it, in the same order (docs/i18n.md). */
  optionLabels: z.array(z.string()),
  choices: z.number().int(),
  ...matterMethodFields,
  exclusions: z.array(z.string()),
  secretBallot: z.boolean(),
  threshold: Threshold,
  thresholdBasis: ThresholdBasis,
  thresholdBase: ThresholdBase,
  /** The rule in words: "at least two-thirds of the votes cast, by shares". */
  rule: z.string(),
  liveStatus: MatterLiveStatus,
  liveStartedAt: IsoDateTime.nullable(),
  liveClosedAt: IsoDateTime.nullable(),
  closeReason: z.enum(['deadline', 'stop', 'all_voted']).nullable(),
  quorumAtOpen: QuorumRecord.nullable(),
  quorumAtClose: QuorumRecord.nullable(),
  /**
   * Entitled (eligible) and present members, and ballots, at the instant of the close.
   * `presentMembers` counts every way of being present (docs/presence.md), split into
   * `presentInPerson`, `presentOnline` and `presentByProxy` (null in a snapshot kept before
   * the split was recorded, when `presentMembers` counted connected members only);
   * `presentVoters` is the voters connected.
   */
  snapshot: z
    .strictObject({
      eligibleMembers: z.number(),
      presentMembers: z.number(),
      presentInPerson: z.number().nullable(),
      presentOnline: z.number().nullable(),
      presentByProxy: z.number().nullable(),
      presentVoters: z.number(),
      votesCast: z.number(),
      sharesCast: z.number(),
    })
    .nullable(),
  tally: z.strictObject({
    /** Per option and method; empty while a secret ballot has not closed. */
    rows: z.array(MatterTallyRow),
    withheld: z.boolean(),
    /** Ballots and their shares per method (turnout: never per option). */
    byMethod: z.strictObject({ proxy: Figures, live: Figures, other: Figures }),
    votesCast: z.number(),
    sharesCast: z.number(),
  }),
  result: MatterResult.nullable(),
  /** The head of the meeting's hash chain when this result was worked out (docs/verifiability.md). */
  chainHead: ChainHead.nullable(),
  /** The verdict in one sentence, for people. */
  statement: z.string().nullable(),
  /** Units that voted and how they voted by (never what). */
  voted: z.array(
    z.strictObject({ unit: z.string(), method: MatterVoteMethod }),
  ),
});
export type ReportMatter = z.infer<typeof ReportMatter>;

/** How a unit attended: online, in person (checked in or a floor ballot), by proxy, or absent. */
export const AttendanceMode = z.enum([
  'online',
  'in_person',
  'proxy',
  'absent',
]);
export type AttendanceMode = z.infer<typeof AttendanceMode>;

/** One line of the attendance register (docs/report.md). */
export const AttendanceEntry = z.strictObject({
  unit: z.string(),
  /** The unit's voters (owners), by name. */
  owners: z.array(z.string()),
  shares: z.number(),
  eligible: z.boolean(),
  presence: AttendanceMode,
  /** The holder of the unit's standing proxy, when it attended by proxy. */
  proxyHolder: z.string().nullable(),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntry>;

/** One line of the proxy register: a proxy given for the meeting, standing or revoked. */
export const ProxyRegisterEntry = z.strictObject({
  unit: z.string(),
  holder: z.string(),
  /** Directed on at least one matter; else the holder's discretion throughout. */
  directed: z.boolean(),
  source: z.enum(['electronic', 'paper']),
  status: z.enum(['submitted', 'verified', 'rejected', 'withdrawn', 'revoked']),
  submittedAt: IsoDateTime,
  verifiedBy: z.string().nullable(),
  verifiedAt: IsoDateTime.nullable(),
  revokedAt: IsoDateTime.nullable(),
});
export type ProxyRegisterEntry = z.infer<typeof ProxyRegisterEntry>;

/** A question put to the meeting and its answer (approved or answered questions only). */
export const ReportQuestion = z.strictObject({
  category: z.string(),
  askedBy: z.string(),
  askedAt: IsoDateTime,
  text: z.string(),
  reply: z.string().nullable(),
});
export type ReportQuestion = z.infer<typeof ReportQuestion>;

export const MeetingReport = z.strictObject({
  meeting: z.strictObject({
    key: z.string(),
    shortCode: z.string(),
    /** name and location in the report's language, or all the meeting's (docs/i18n.md). */
    name: z.string(),
    account: z.string(),
    meetingDate: IsoDateTime,
    meetingTimezone: z.string(),
    location: z.string(),
    quorumMinimum: z.number(),
    quorumBasis: QuorumBasis,
    quorumPercent: z.number().nullable(),
    quorumIncludesProxies: z.boolean(),
    requireQuorumToStart: z.boolean(),
    requireSignOff: z.boolean(),
    /** The meeting's chair (its contact), as the minutes name them. */
    chair: z.string().nullable(),
    /** The scrutineers named for the meeting; none: whoever of the account signs off. */
    scrutineers: z.array(z.string()),
  }),
  matters: z.array(ReportMatter),
  /** Every unit and how it attended; empty in a one-matter report. */
  attendance: z.array(AttendanceEntry),
  proxies: z.array(ProxyRegisterEntry),
  questions: z.array(ReportQuestion),
  /** The language of the texts (`rule`, `statement`), the CSV headings and the PDF. */
  language: LanguageCode,
  /** The languages of the meeting's own texts shown: `language` alone, or all the meeting's. */
  contentLanguages: z.array(LanguageCode),
  generatedAt: IsoDateTime,
  /** The head of the meeting's hash chain as this report was made. */
  chainHead: ChainHead.nullable(),
  /** SHA-256 (hex) of the bytes of the same report as CSV: `sha256sum report.csv`. */
  sha256: z.string(),
});
export type MeetingReport = z.infer<typeof MeetingReport>;
