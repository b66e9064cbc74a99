import { z } from 'zod';
import { NominationTranslations } from './nominations';

/**
 * What a ballot says, in the shape of its matter's voting method (docs/elections.md):
 * `choices` (plurality), `allocations` (cumulative) or `ranking` (ranked). Every route that
 * takes a ballot (REST, `ballot.cast`, manager-recorded, proxy directions, holder splits, floor
 * sheets) takes exactly one of the three. Types are checked here; whether the marks fit the
 * matter (real options, no repeats, votes adding up) is libs/rules' `ballotMarks`, so that an
 * empty or malformed allocation or ranking is `invalid_allocation` / `invalid_ranking`.
 */

export const VOTING_METHODS = ['plurality', 'cumulative', 'ranked'] as const;
export const VotingMethod = z.enum(VOTING_METHODS);
export type VotingMethod = z.infer<typeof VotingMethod>;

const OptionName = z
  .string()
  .min(1)
  .max(500)
  .regex(/^\P{Cc}*$/u, 'No control characters.');

/** A plurality ballot's options, at most the matter's `choices`. */
export const BallotChoices = z.array(OptionName).min(1).max(100);

/** A cumulative ballot: whole votes placed on options, adding up to at most `choices`. */
export const BallotAllocation = z.strictObject({
  option: OptionName,
  votes: z.number(),
});
export type BallotAllocation = z.infer<typeof BallotAllocation>;
export const BallotAllocations = z.array(BallotAllocation).max(100);

/** A ranked ballot: options in order of preference, the first the most preferred. */
export const BallotRanking = z.array(OptionName).max(100);

/** The three ways a ballot can say what it says: a request carries exactly one. */
export const ballotBodyFields = {
  choices: BallotChoices.optional(),
  allocations: BallotAllocations.optional(),
  ranking: BallotRanking.optional(),
};

const BODY_KEYS = ['choices', 'allocations', 'ranking'] as const;

/** Refuses a request with none, or more than one, of `choices`, `allocations` and `ranking`. */
export function oneBallotBody(
  value: { choices?: unknown; allocations?: unknown; ranking?: unknown },
  ctx: z.RefinementCtx,
): void {
  const given = BODY_KEYS.filter((key) => value[key] !== undefined);
  if (given.length === 1) return;
  ctx.addIssue({
    code: 'custom',
    path: given.length ? [given[1]] : ['choices'],
    message: given.length
      ? 'Give one of choices, allocations or ranking, not several.'
      : 'Give the ballot as choices, allocations or ranking.',
  });
}

/** A ballot body as requests carry it: exactly one of the three. */
export const BallotBodyRequest = z
  .strictObject(ballotBodyFields)
  .superRefine(oneBallotBody);
export type BallotBodyRequest = z.infer<typeof BallotBodyRequest>;

/**
 * A ballot as answers show it (to its member's own voters, receipts, floor entries, directions):
 * `choices` always (the options in ballot order: the ranking's order, the allocated options),
 * and `allocations` or `ranking` for those methods.
 */
export const ballotAnswerFields = {
  choices: z.array(z.string()),
  allocations: z
    .array(z.strictObject({ option: z.string(), votes: z.number() }))
    .optional(),
  ranking: z.array(z.string()).optional(),
};

/** A candidate of an election built from nominations: its option name and statement. */
export const Candidate = z.strictObject({
  /** The option, as ballots name it. */
  name: z.string(),
  /** The nominee's statement (plain text, at most 2,000 characters). */
  statement: z.string(),
  /** The statement in the meeting's other languages, from the nomination (docs/i18n.md). */
  translations: NominationTranslations,
});
export type Candidate = z.infer<typeof Candidate>;

/** The fields every view of a matter carries about how it is voted on. */
export const matterMethodFields = {
  votingMethod: VotingMethod,
  /** One per option, in option order, for an election built from nominations; else empty. */
  candidates: z.array(Candidate),
};
