import { z } from 'zod';
import {
  IsoDateTime,
  IsoDateTimeInput,
  LanguageCode,
  ListLimit,
  SearchText,
} from './common';
import { QuestionCategories } from './hybrid';
import { PresentCount } from './presence';
import { QuorumBasis } from './results';
import {
  lines,
  MeetingLanguages,
  oneLine,
  translationsOf,
} from './translations';

export const MEETING_TYPES = ['agm', 'vbm', 'town', 'other'] as const;
export const MeetingType = z.enum(MEETING_TYPES);

const zones = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** An IANA time zone name in region/city form (or UTC). */
export const TimeZone = z
  .string()
  .refine(
    (zone) => zones.has(zone),
    'An IANA time zone such as America/Toronto.',
  );

const Text = (max: number) => z.string().max(max);

/** HTML (sanitized to an allow-list on write), rendered into every scheduled mail. */
export const MAX_SIGNATURE_LENGTH = 4_000;

export const MeetingOptions = z.strictObject({
  signature: z
    .string()
    .max(
      MAX_SIGNATURE_LENGTH,
      `At most ${MAX_SIGNATURE_LENGTH.toLocaleString('en')} characters.`,
    )
    .optional(),
  notificationFrequency: Text(50).optional(),
  meetingSubtype: Text(100).optional(),
  virtualMeetingType: Text(100).optional(),
});

const Corporation = z.strictObject({
  legalName: Text(300).optional(),
  legalNameShort: Text(100).optional(),
});

const Contact = z.strictObject({
  email: z.union([z.email().max(320), z.literal('')]).optional(),
  name: Text(200).optional(),
  preferredName: Text(200).optional(),
});

/** The texts of a meeting a voter reads, in the meeting's other languages (docs/i18n.md). */
export const MeetingTranslations = translationsOf({
  name: oneLine(z.string().trim().max(200)),
  description: lines(Text(10_000)),
  location: oneLine(Text(500)),
});
export type MeetingTranslations = z.infer<typeof MeetingTranslations>;

const meetingFields = {
  name: z.string().trim().min(1).max(200),
  description: Text(10_000).nullable().optional(),
  corporation: Corporation.nullable().optional(),
  quorumMinimum: z.number().min(0).max(1_000_000_000).nullable().optional(),
  meetingDate: IsoDateTimeInput,
  expiryDate: IsoDateTimeInput.nullable().optional(),
  location: Text(500).nullable().optional(),
  addresses: z.array(Text(500)).max(50).nullable().optional(),
  contact: Contact.nullable().optional(),
  meetingTimezone: TimeZone.optional(),
  /** The meeting's default language (docs/i18n.md): its primary, `languages[0]`. */
  language: LanguageCode.optional(),
  /** The languages of the meeting's content, the primary first (docs/i18n.md). */
  languages: MeetingLanguages.optional(),
  duration: z.number().int().min(1).max(10_080).optional(),
  options: MeetingOptions.nullable().optional(),
  portalRevocationsClosedAt: IsoDateTimeInput.nullable().optional(),
  nominationExpiryDate: IsoDateTimeInput.nullable().optional(),
  translations: MeetingTranslations.optional(),
};

export const CreateMeetingRequest = z.strictObject({
  ...meetingFields,
  type: MeetingType,
});
export type CreateMeetingRequest = z.infer<typeof CreateMeetingRequest>;

/** PATCH merges: omitted fields stay, null clears an optional one; the type never changes. */
export const PatchMeetingRequest = z.strictObject({
  ...meetingFields,
  name: meetingFields.name.optional(),
  meetingDate: IsoDateTimeInput.optional(),
  type: z.never({ error: 'The meeting type cannot be changed.' }).optional(),
});
export type PatchMeetingRequest = z.infer<typeof PatchMeetingRequest>;

export const ListMeetingsQuery = z.object({
  searchText: SearchText,
  limit: ListLimit,
});
export type ListMeetingsQuery = z.infer<typeof ListMeetingsQuery>;

export const LIVE_VOTING_STATUSES = ['disabled', 'live'] as const;

/** A meeting. */
export const Meeting = z.strictObject({
  key: z.string(),
  /** The key of the account the meeting belongs to (the console's way back to it). */
  accountKey: z.string(),
  shortCode: z.string(),
  name: z.string(),
  description: z.string(),
  type: MeetingType,
  corporation: z.strictObject({
    legalName: z.string(),
    legalNameShort: z.string(),
  }),
  quorumMinimum: z.number(),
  meetingDate: IsoDateTime,
  expiryDate: IsoDateTime.nullable(),
  location: z.string(),
  addresses: z.array(z.string()),
  contact: z.strictObject({
    email: z.string(),
    name: z.string(),
    preferredName: z.string(),
  }),
  meetingTimezone: z.string(),
  /** The primary language, `languages[0]`. */
  language: LanguageCode,
  languages: z.array(LanguageCode),
  translations: MeetingTranslations,
  duration: z.number(),
  options: z.strictObject({
    signature: z.string(),
    notificationFrequency: z.string(),
    meetingSubtype: z.string(),
    virtualMeetingType: z.string(),
  }),
  portalRevocationsClosedAt: IsoDateTime.nullable(),
  url: z.string(),
  nominationExpiryDate: IsoDateTime.nullable(),
  liveVotingStatus: z.enum(LIVE_VOTING_STATUSES),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Meeting = z.infer<typeof Meeting>;

export const SUMMARY_REPORT_FREQUENCIES = ['daily', 'none'] as const;

/** Quorum, starting and publishing results (docs/verdicts.md). */
function quorumAndResultSettings() {
  return {
    quorumBasis: QuorumBasis.optional(),
    /** A percentage of the eligible members (at most 6 decimals), or null: quorumMinimum counts. */
    quorumPercent: z
      .number()
      .min(0)
      .max(100)
      .refine(
        (value) => Math.round(value * 1e6) / 1e6 === value,
        'At most 6 decimals.',
      )
      .nullable()
      .optional(),
    quorumIncludesProxies: z.boolean().optional(),
    requireQuorumToStart: z.boolean().optional(),
    requireSignOff: z.boolean().optional(),
    oneLiveMatter: z.boolean().optional(),
  };
}

/**
 * What the report and the big screen show of a bilingual meeting's own texts (docs/i18n.md,
 * "The report and the big screen"): the reader's language (`primary`: the meeting's primary
 * unless the report asks for another with `?lang=`), or every language of the meeting, the
 * primary first (`all`: "Budget / Budget 2027").
 */
export const DISPLAY_LANGUAGES = ['primary', 'all'] as const;
export const DisplayLanguages = z.enum(DISPLAY_LANGUAGES);
export type DisplayLanguages = z.infer<typeof DisplayLanguages>;

/** The settings' texts a voter reads, in the meeting's other languages (docs/i18n.md). */
export const SettingsTranslations = translationsOf({
  questionCategories: QuestionCategories,
});
export type SettingsTranslations = z.infer<typeof SettingsTranslations>;

export const PatchMeetingSettingsRequest = z.strictObject({
  meetingReminderFrequency: z.number().int().min(0).max(365).optional(),
  meetingStartingReminder: z.number().int().min(0).max(10_080).optional(),
  managerSummaryReportFreqency: z.enum(SUMMARY_REPORT_FREQUENCIES).optional(),
  alternateManagerEmails: z.array(z.email().max(320)).max(20).optional(),
  defaultProxyHolders: z
    .array(z.string().trim().min(1).max(200))
    .max(50)
    .optional(),
  autoVerifyElectronicProxies: z.boolean().optional(),
  proxyHolderMustAttend: z.boolean().optional(),
  ...quorumAndResultSettings(),
  questionCategories: QuestionCategories.optional(),
  floorDoubleEntry: z.boolean().optional(),
  translations: SettingsTranslations.optional(),
  displayLanguages: DisplayLanguages.optional(),
});
export type PatchMeetingSettingsRequest = z.infer<
  typeof PatchMeetingSettingsRequest
>;

/** A meeting's settings, as answers name them. */
export const MeetingSettings = z.strictObject({
  meetingReminders: z.enum(['enabled', 'disabled']),
  meetingReminderFrequency: z.number(),
  meetingStartingReminder: z.number(),
  managerSummaryReportFreqency: z.enum(SUMMARY_REPORT_FREQUENCIES),
  alternateManagerContactEmails: z.array(z.string()),
  defaultProxyHolders: z.array(z.string()),
  /** Electronic proxies are verified as they are submitted. */
  autoVerifyElectronicProxies: z.boolean(),
  /** A proxy counts toward the quorum only while its holder is checked in. */
  proxyHolderMustAttend: z.boolean(),
  quorumBasis: QuorumBasis,
  quorumPercent: z.number().nullable(),
  /** Members represented by proxy count toward quorum. */
  quorumIncludesProxies: z.boolean(),
  /** A matter does not start without quorum unless the chair overrides it. */
  requireQuorumToStart: z.boolean(),
  /** Results reach voters and partners only after a scrutineer signs off. */
  requireSignOff: z.boolean(),
  /** Only one matter may be live at a time. */
  oneLiveMatter: z.boolean(),
  /** The categories voters ask their questions under. */
  questionCategories: z.array(z.string()),
  /** Floor ballots count only once two managers entered the same sheet alike. */
  floorDoubleEntry: z.boolean(),
  translations: SettingsTranslations,
  /** The report's and the big screen's languages (docs/i18n.md). */
  displayLanguages: DisplayLanguages,
});
export type MeetingSettings = z.infer<typeof MeetingSettings>;

const count = z.number();

/** A meeting's figures (`GET .../stats`): attendance, proxies, units, voters, notices, presence. */
export const MeetingStats = z.strictObject({
  attendanceCount: count,
  attendanceCountGroups: count,
  attendanceSharesCount: count,
  attendedNotVotedCount: count,
  attendedNotVotedCountGroups: count,
  attendedNotVotedSharesCount: count,
  attendingCount: count,
  attendingCountGroups: count,
  attendingNotVotedCount: count,
  attendingNotVotedCountGroups: count,
  attendingNotVotedSharesCount: count,
  attendingSharesCount: count,
  /** Voters who answered the RSVP "online" / "no" (`attendingCount` is "in person"). */
  rsvpOnlineCount: count,
  rsvpNoCount: count,
  /** Voters, and their units, checked in at the desk now. */
  checkedInCount: count,
  checkedInCountGroups: count,
  bylawCount: count,
  totalConsents: count,
  totalElectronicProxies: count,
  totalPaperProxies: count,
  totalProxies: count,
  totalProxiesShares: count,
  totalUnitGroups: count,
  totalUnits: count,
  totalUnitsShares: count,
  totalValidUnits: count,
  totalVoters: count,
  unverifiedProxyCount: count,
  verifiedProxyCount: count,
  totalArrearsUnitAttendance: count,
  totalArrearsShareAttendance: count,
  cachedAt: IsoDateTime,
  noticeStatusSummary: z.string(),
  testVoterStats: z.string(),
  questions: z.record(z.string(), z.number()),
  rtvPresence: z.strictObject({ numUnits: z.number(), numVoters: z.number() }),
  /**
   * Eligible members present now, each one way (docs/presence.md): the figures of the quorum
   * and of a close snapshot. `rtvPresence` counts connections only (any member's voters).
   */
  present: PresentCount,
  /** The same, in shares. */
  presentShares: PresentCount,
});
export type MeetingStats = z.infer<typeof MeetingStats>;

/**
 * Who is connected to the portal now (`GET /v1/Meetings/{shortCode}/connected`): voters by
 * unit, nothing about how anyone voted.
 */
export const ConnectedVoters = z.strictObject({
  voters: z.array(
    z.strictObject({
      memberKey: z.string(),
      unit: z.string(),
      voterKey: z.string(),
      name: z.string(),
    }),
  ),
});
export type ConnectedVoters = z.infer<typeof ConnectedVoters>;
