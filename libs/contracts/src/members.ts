import { z } from 'zod';
import { boundedJson, IsoDateTime, LanguageCode, SearchText } from './common';
import { RsvpAnswer } from './hybrid';
import { MailDelivery } from './mail-delivery';

/** What a voter wants to receive. */
export const CommunicationPreferences = z.strictObject({
  disableAllEmails: z.boolean(),
  disableConsentReminders: z.boolean(),
});
export type CommunicationPreferences = z.infer<typeof CommunicationPreferences>;

/** On input either flag may be left out: omitted flags stay (PATCH) or are false (create). */
export const CommunicationPreferencesInput = CommunicationPreferences.partial();

/** A voter: a person who votes for a member. */
export const Voter = z.strictObject({
  voterKey: z.string(),
  name: z.string(),
  email: z.string(),
  isPanelist: z.boolean(),
  /** A rehearsal voter: votes like any voter, but nothing it does counts (docs/test-voters.md). */
  isTestVoter: z.boolean(),
  attending: z.boolean(),
  inAttendance: z.boolean(),
  /** The portal's three-way RSVP; `attending` is its `in_person`. */
  rsvp: RsvpAnswer.nullable(),
  /** At the check-in desk now (docs/hybrid-meetings.md). */
  checkedInAt: IsoDateTime.nullable(),
  communicationPreferences: CommunicationPreferences,
  lastInviteDate: IsoDateTime.nullable(),
  /** The last invite tried and what the mail server said of it; null when never tried. */
  inviteDelivery: MailDelivery.nullable(),
  /**
   * The voter's language: their own choice, else the meeting's primary (docs/i18n.md, "Meeting
   * content in two languages"); `languageChosen` false means none was chosen and the portal
   * follows the browser.
   */
  language: LanguageCode,
  /** Whether `language` was chosen (by the voter, a manager or the import); false: the default. */
  languageChosen: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Voter = z.infer<typeof Voter>;

/** A member (a unit), with its `tags`. Unset address parts are empty strings. */
export const Member = z.strictObject({
  key: z.string(),
  unit: z.string(),
  mailAddress1: z.string(),
  mailAddress2: z.string(),
  mailCity: z.string(),
  mailProv: z.string(),
  mailPostal: z.string(),
  mailCountry: z.string(),
  customData: z.record(z.string(), z.unknown()),
  hasLiveVotes: z.boolean(),
  controlNumber: z.string(),
  eligible: z.boolean(),
  shares: z.number(),
  tags: z.array(z.string()),
  voters: z.array(Voter),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Member = z.infer<typeof Member>;

export const MEMBER_UNIT_MAX = 100;
export const MEMBER_TEXT_MAX = 200;
/** Shares are stored as numeric(20, 6). */
export const SHARES_MAX = 1e14;

export const MemberUnit = z.string().trim().min(1).max(MEMBER_UNIT_MAX);

export const ControlNumber = z
  .string()
  .trim()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and hyphens only');

export const Shares = z
  .number()
  .min(0)
  .lt(SHARES_MAX)
  .refine((n) => Number(n.toFixed(6)) === n, 'at most 6 decimals');

/** `all` is the matter eligibility that means every eligible member, so it is no tag. */
export const MemberTag = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^,;:]+$/, 'no commas, semicolons or colons')
  .refine((tag) => tag !== 'all', '"all" is reserved');

export const MemberTags = z
  .array(MemberTag)
  .max(50)
  .transform((tags) => [...new Set(tags)]);

const JsonObject = z.record(z.string(), z.unknown());

/** An object, or (as older clients send it) a JSON object serialized in a string. */
const CustomDataUnion = z.union([
  JsonObject,
  z.string().transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text || '{}');
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'a JSON object' });
    return z.NEVER;
  }),
]);
export const CustomDataInput = boundedJson(CustomDataUnion);

const MailText = z.string().trim().max(MEMBER_TEXT_MAX);

export const CreateMemberRequest = z.strictObject({
  unit: MemberUnit,
  mailAddress1: MailText.optional(),
  mailAddress2: MailText.optional(),
  mailCity: MailText.optional(),
  mailProv: MailText.optional(),
  mailPostal: MailText.optional(),
  mailCountry: MailText.optional(),
  customData: CustomDataInput.optional(),
  controlNumber: ControlNumber.optional(),
  eligible: z.boolean().optional(),
  shares: Shares.optional(),
  tags: MemberTags.optional(),
});
export type CreateMemberRequest = z.infer<typeof CreateMemberRequest>;

/** PATCH merges: omitted fields stay, `null` clears an optional one. */
export const UpdateMemberRequest = z.strictObject({
  unit: MemberUnit.optional(),
  mailAddress1: MailText.nullable().optional(),
  mailAddress2: MailText.nullable().optional(),
  mailCity: MailText.nullable().optional(),
  mailProv: MailText.nullable().optional(),
  mailPostal: MailText.nullable().optional(),
  mailCountry: MailText.nullable().optional(),
  customData: CustomDataInput.nullable().optional(),
  controlNumber: ControlNumber.optional(),
  eligible: z.boolean().optional(),
  shares: Shares.optional(),
  tags: MemberTags.nullable().optional(),
});
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

export const MEMBER_FILTER_PROPERTIES = [
  'unit',
  'eligible',
  'tag',
  'mailCity',
  'mailProv',
  'mailCountry',
] as const;
export type MemberFilterProperty = (typeof MEMBER_FILTER_PROPERTIES)[number];
export interface MemberFilter {
  property: MemberFilterProperty;
  value: string;
}

function isFilterProperty(name: string): name is MemberFilterProperty {
  return (MEMBER_FILTER_PROPERTIES as readonly string[]).includes(name);
}

/** `filters`: comma-separated `property:value`; the same property twice means either value. */
export const MemberFilters = z
  .string()
  .max(2000)
  .transform((text, ctx): MemberFilter[] => {
    const filters: MemberFilter[] = [];
    for (const part of text.split(',')) {
      const colon = part.indexOf(':');
      const property = colon < 0 ? '' : part.slice(0, colon).trim();
      const value = colon < 0 ? '' : part.slice(colon + 1).trim();
      if (!property || !value) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part}" is not property:value`,
        });
      } else if (!isFilterProperty(property)) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown property "${property}"; one of ${MEMBER_FILTER_PROPERTIES.join(', ')}`,
        });
      } else if (property === 'eligible' && !/^(true|false)$/.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'eligible takes true or false',
        });
      } else {
        filters.push({ property, value });
      }
    }
    return filters;
  });

export const MemberSortBy = z.enum([
  'unit',
  'shares',
  'createdAt',
  'updatedAt',
]);
export type MemberSortBy = z.infer<typeof MemberSortBy>;

export const ListMembersQuery = z.object({
  searchText: SearchText,
  filters: MemberFilters.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
  sortBy: MemberSortBy.default('unit'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type ListMembersQuery = z.infer<typeof ListMembersQuery>;

export const VoterEmail = z.email().max(320);
export const VoterName = z.string().trim().min(1).max(MEMBER_TEXT_MAX);

export const CreateVoterRequest = z.strictObject({
  email: VoterEmail,
  name: VoterName,
  isPanelist: z.boolean().optional(),
  isTestVoter: z.boolean().optional(),
  communicationPreferences: CommunicationPreferencesInput.optional(),
  language: LanguageCode.nullable().optional(),
});
export type CreateVoterRequest = z.infer<typeof CreateVoterRequest>;

export const UpdateVoterRequest = z.strictObject({
  email: VoterEmail.optional(),
  name: VoterName.optional(),
  isPanelist: z.boolean().optional(),
  isTestVoter: z.boolean().optional(),
  communicationPreferences: CommunicationPreferencesInput.optional(),
  language: LanguageCode.nullable().optional(),
});
export type UpdateVoterRequest = z.infer<typeof UpdateVoterRequest>;

export const ImportMembersQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type ImportMembersQuery = z.infer<typeof ImportMembersQuery>;

/** Counts of what the import wrote (or, with dryRun, would write). */
export const ImportMembersResponse = z.strictObject({
  members: z.number().int(),
  voters: z.number().int(),
  dryRun: z.boolean(),
});
export type ImportMembersResponse = z.infer<typeof ImportMembersResponse>;

export const ImportLineError = z.strictObject({
  line: z.number().int(),
  message: z.string(),
});
export type ImportLineError = z.infer<typeof ImportLineError>;

/** The 400 of a rejected import: problem details whose `errors` name file lines. */
export const ImportMembersProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.literal(400),
  detail: z.string(),
  code: z.string(),
  errors: z.array(ImportLineError),
  correlationId: z.string().optional(),
});
export type ImportMembersProblem = z.infer<typeof ImportMembersProblem>;
