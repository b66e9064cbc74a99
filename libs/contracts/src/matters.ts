import { z } from 'zod';
import { matterMethodFields, VotingMethod } from './ballot-body';
import { IsoDateTime, SearchText } from './common';
import { lines, oneLine, translationsOf } from './translations';
import {
  Forecast,
  MatterResult,
  Threshold,
  ThresholdBase,
  ThresholdBasis,
} from './results';

export const MAX_MATTER_OPTIONS = 50;
/** Matters one meeting may hold: far above any agenda, and a bound on a report's work. */
export const MAX_MEETING_MATTERS = 200;

/** Only the value the spec shows; the single-choice name is not shown (`choices: 1` is single choice). */
export const MatterType = z.enum(['multiple-choice']);
export type MatterType = z.infer<typeof MatterType>;

export const MatterLiveStatus = z.enum(['pending', 'live', 'closed']);
export type MatterLiveStatus = z.infer<typeof MatterLiveStatus>;

export const MatterVoteMethod = z.enum(['live', 'proxy', 'other']);
export type MatterVoteMethod = z.infer<typeof MatterVoteMethod>;

function uniqueItems(values: string[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value))
      ctx.addIssue({
        code: 'custom',
        message: `Duplicate value "${value}".`,
        path: [index],
      });
    seen.add(value);
  });
}

const MatterOption = z.string().trim().min(1).max(500);
const MatterOptions = z
  .array(MatterOption)
  .min(1)
  .max(MAX_MATTER_OPTIONS)
  .superRefine(uniqueItems);
const MatterExclusions = z
  .array(MatterOption)
  .max(MAX_MATTER_OPTIONS)
  .superRefine(uniqueItems);
/** Member tags; `all` means every member with `eligible: true`. */
const MatterEligibility = z
  .array(z.string().trim().min(1).max(100))
  .min(1)
  .max(100)
  .superRefine(uniqueItems);
const MatterName = z.string().trim().min(1).max(500);
const MatterHeader = z.string().max(2000);
/** HTML (sanitized to an allow-list on write); capped so sanitizing stays cheap. */
export const MAX_SNIPPET_LENGTH = 10_000;
const MatterSnippet = z
  .string()
  .max(
    MAX_SNIPPET_LENGTH,
    `At most ${MAX_SNIPPET_LENGTH.toLocaleString('en')} characters.`,
  );
/** A matter's texts a voter reads, in the meeting's other languages (docs/i18n.md). */
export const MatterTranslations = translationsOf({
  name: oneLine(MatterName),
  header: lines(MatterHeader),
  snippet: lines(MatterSnippet),
  /** One label per canonical option, in the same order and number (docs/i18n.md). */
  options: z
    .array(oneLine(MatterOption))
    .max(MAX_MATTER_OPTIONS)
    .superRefine(uniqueItems),
});
export type MatterTranslations = z.infer<typeof MatterTranslations>;

/**
 * The translations as answers carry them: what was stored, described rather than checked (a
 * blank label reads as the canonical one: docs/i18n.md).
 */
export const MatterTranslationsAnswer = translationsOf({
  name: z.string(),
  header: z.string(),
  snippet: z.string(),
  options: z.array(z.string()),
});

const MatterChoices = z.number().int().min(1).max(MAX_MATTER_OPTIONS);
/** Who moved or seconded the motion, as the minutes name them; null clears (docs/report.md). */
const MatterMover = z
  .string()
  .trim()
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'No control characters.')
  .nullable();
const MatterOrder = z.number().int().min(0).max(1_000_000);

/** A threshold or its base, given with a method it does not apply to, is refused. */
function refuseThreshold(
  matter: {
    votingMethod?: VotingMethod;
    threshold?: unknown;
    thresholdBase?: unknown;
  },
  ctx: z.RefinementCtx,
): void {
  if (matter.votingMethod === undefined || matter.votingMethod === 'plurality')
    return;
  for (const field of ['threshold', 'thresholdBase'] as const)
    if (matter[field] !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `A ${matter.votingMethod} election has no threshold: the seats go to the candidates with the most votes.`,
      });
}

/**
 * `POST .../matters`; `order` defaults to the next free position, `exclusions` must be options.
 * `fromNominations: true` (without `options`) builds an election from the accepted nominations
 * once nominations are closed. A threshold applies to plurality matters only: given with a
 * `cumulative` or `ranked` method it is refused (docs/elections.md).
 */
export const CreateMatterRequest = z
  .strictObject({
    type: MatterType.default('multiple-choice'),
    name: MatterName,
    options: MatterOptions.optional(),
    fromNominations: z.boolean().optional(),
    votingMethod: VotingMethod.default('plurality'),
    header: MatterHeader.nullable().optional(),
    snippet: MatterSnippet.nullable().optional(),
    movedBy: MatterMover.optional(),
    secondedBy: MatterMover.optional(),
    translations: MatterTranslations.optional(),
    choices: MatterChoices.default(1),
    order: MatterOrder.optional(),
    eligibility: MatterEligibility.default(['all']),
    exclusions: MatterExclusions.nullable().optional(),
    allowProxyVote: z.boolean().default(true),
    autoCloseWhenAllVoted: z.boolean().default(false),
    /** Per-option rows stay hidden until the matter closes (docs/security.md). */
    secretBallot: z.boolean().default(true),
    /** The published count lists each receipt's choices (docs/verifiability.md). */
    openVerification: z.boolean().default(false),
    /**
     * The majority rule (docs/verdicts.md); fixed once the matter holds ballots. Absent: a simple
     * majority of the votes cast (`DEFAULT_MATTER_THRESHOLD`, base `cast`) on plurality matters.
     */
    threshold: Threshold.optional(),
    /** What is counted: also the weight of a ranked or cumulative count (`units` or shares). */
    thresholdBasis: ThresholdBasis.default('shares'),
    thresholdBase: ThresholdBase.optional(),
  })
  .superRefine((matter, ctx) => {
    if (matter.fromNominations) {
      if (matter.options !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'An election from nominations takes its options from them.',
        });
    } else if (matter.options === undefined)
      ctx.addIssue({
        code: 'invalid_type',
        expected: 'array',
        path: ['options'],
        message: 'Required.',
      });
    refuseThreshold(matter, ctx);
  });
export type CreateMatterRequest = z.infer<typeof CreateMatterRequest>;

/** Merges: omitted fields stay; `null` clears header, snippet (to "") and exclusions (to []). */
export const UpdateMatterRequest = z
  .strictObject({
    type: MatterType.optional(),
    name: MatterName.optional(),
    options: MatterOptions.optional(),
    header: MatterHeader.nullable().optional(),
    snippet: MatterSnippet.nullable().optional(),
    movedBy: MatterMover.optional(),
    secondedBy: MatterMover.optional(),
    translations: MatterTranslations.optional(),
    choices: MatterChoices.optional(),
    votingMethod: VotingMethod.optional(),
    order: MatterOrder.optional(),
    eligibility: MatterEligibility.optional(),
    exclusions: MatterExclusions.nullable().optional(),
    allowProxyVote: z.boolean().optional(),
    autoCloseWhenAllVoted: z.boolean().optional(),
    secretBallot: z.boolean().optional(),
    openVerification: z.boolean().optional(),
    threshold: Threshold.optional(),
    thresholdBasis: ThresholdBasis.optional(),
    thresholdBase: ThresholdBase.optional(),
  })
  .superRefine(refuseThreshold);
export type UpdateMatterRequest = z.infer<typeof UpdateMatterRequest>;

/**
 * A matter, with its live state (docs/live-protocol.md), `autoCloseWhenAllVoted`,
 * `secretBallot`, the majority rule, the forecast while live and the result once closed
 * (docs/verdicts.md).
 */
export const Matter = z.strictObject({
  key: z.string(),
  type: MatterType,
  name: z.string(),
  header: z.string(),
  snippet: z.string(),
  /** Who moved and who seconded the motion, for the minutes; null when not recorded. */
  movedBy: z.string().nullable(),
  secondedBy: z.string().nullable(),
  options: z.array(z.string()),
  /** The texts in the meeting's other languages; ballots always name the canonical options. */
  translations: MatterTranslationsAnswer,
  choices: z.number().int(),
  ...matterMethodFields,
  eligibility: z.array(z.string()),
  allowProxyVote: z.boolean(),
  order: z.number().int(),
  exclusions: z.array(z.string()),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  liveStatus: MatterLiveStatus,
  liveStartedAt: IsoDateTime.nullable(),
  liveEndsAt: IsoDateTime.nullable(),
  liveClosedAt: IsoDateTime.nullable(),
  autoCloseWhenAllVoted: z.boolean(),
  secretBallot: z.boolean(),
  openVerification: z.boolean(),
  threshold: Threshold,
  thresholdBasis: ThresholdBasis,
  thresholdBase: ThresholdBase,
  forecast: Forecast.nullable(),
  result: MatterResult.nullable(),
});
export type Matter = z.infer<typeof Matter>;

/** A tally row: one per option, in option order; shares rounded to 6 decimals. */
export const MatterTallyRow = z.strictObject({
  vote: z.string(),
  numProxyVotes: z.number().int(),
  numLiveVotes: z.number().int(),
  numOtherVotes: z.number().int(),
  numProxyShares: z.number(),
  numLiveShares: z.number(),
  numOtherShares: z.number(),
});
export type MatterTallyRow = z.infer<typeof MatterTallyRow>;

/** A matter's voter record: who voted, never how. */
export const MatterVoterRecord = z.strictObject({
  unit: z.string(),
  name: z.string(),
  email: z.string(),
  method: MatterVoteMethod,
  createdAt: IsoDateTime,
});
export type MatterVoterRecord = z.infer<typeof MatterVoterRecord>;

/**
 * `GET .../matters/{matterKey}/voters`: the whole list without `page`; with it, one page of
 * `size` records (default 100) in the same order, and X-Total-Count says how many there are.
 */
export const MatterVotersQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).default(100),
});
export type MatterVotersQuery = z.infer<typeof MatterVotersQuery>;

/**
 * `GET .../matters/{matterKey}/not-voted`: one page of the units that may vote on the matter
 * and have no ballot on it yet, in unit order; X-Total-Count carries how many match.
 */
export const NotVotedQuery = z.strictObject({
  searchText: SearchText,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export type NotVotedQuery = z.infer<typeof NotVotedQuery>;

/** A unit that has not voted on a matter: never anything about how anyone voted. */
export const NotVotedUnit = z.strictObject({
  memberKey: z.string(),
  unit: z.string(),
  shares: z.number(),
  /** Names of the unit's voters, in name order; empty when none is on file. */
  names: z.array(z.string()),
});
export type NotVotedUnit = z.infer<typeof NotVotedUnit>;
