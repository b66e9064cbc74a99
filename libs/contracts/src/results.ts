import { z } from 'zod';
import { IsoDateTime } from './common';

/** Verdicts, forecasts, quorum and sign-off (docs/verdicts.md). */

const Whole = z.number().int().min(1).max(1_000_000);

/**
 * A fraction p/q in (0, 1] of the base: strictly more than it, or at least it. The same
 * refusals as `validateThreshold` of libs/rules.
 */
export const Threshold = z
  .strictObject({
    numerator: Whole,
    denominator: Whole,
    strict: z.boolean(),
  })
  .superRefine((threshold, ctx) => {
    if (threshold.numerator > threshold.denominator)
      ctx.addIssue({
        code: 'custom',
        path: ['numerator'],
        message:
          'The threshold must be at most 1: the numerator may not exceed the denominator.',
      });
    else if (threshold.strict && threshold.numerator === threshold.denominator)
      ctx.addIssue({
        code: 'custom',
        path: ['strict'],
        message:
          'A threshold of strictly more than the whole base can never be met: use at least.',
      });
  });
export type Threshold = z.infer<typeof Threshold>;

export const DEFAULT_MATTER_THRESHOLD: Threshold = {
  numerator: 1,
  denominator: 2,
  strict: true,
};

export const THRESHOLD_BASES = ['shares', 'units', 'both'] as const;
export const ThresholdBasis = z.enum(THRESHOLD_BASES);
export type ThresholdBasis = z.infer<typeof ThresholdBasis>;

export const THRESHOLD_BASE_KINDS = ['cast', 'present', 'eligible'] as const;
export const ThresholdBase = z.enum(THRESHOLD_BASE_KINDS);
export type ThresholdBase = z.infer<typeof ThresholdBase>;

export const Verdict = z.enum(['carried', 'defeated', 'tied', 'elected']);
export type Verdict = z.infer<typeof Verdict>;

/** While live: certain either way, or not yet; null when not live or a secret ballot. */
export const Forecast = z.enum(['carried', 'defeated', 'open']);
export type Forecast = z.infer<typeof Forecast>;

export const Figures = z.strictObject({
  units: z.number(),
  shares: z.number(),
});
export type Figures = z.infer<typeof Figures>;

export const QuorumBasis = z.enum(['units', 'shares']);
export type QuorumBasis = z.infer<typeof QuorumBasis>;

/** The quorum as counted at an instant: when a matter opened, or closed. */
export const QuorumRecord = z.strictObject({
  basis: QuorumBasis,
  /** In person or online: `presentInPerson` + `presentOnline` (docs/presence.md). */
  present: z.number(),
  /** By proxy. */
  proxies: z.number(),
  /** Absent from records kept before the split was recorded. */
  presentInPerson: z.number().optional(),
  presentOnline: z.number().optional(),
  required: z.number(),
  met: z.boolean(),
  at: IsoDateTime,
  /** The chair who started the matter without quorum (e-mail), else null. */
  overriddenBy: z.string().nullable(),
});
export type QuorumRecord = z.infer<typeof QuorumRecord>;

/** One stage of a ranked count (docs/elections.md): the counts, and what the stage decided. */
export const ElectionRound = z.strictObject({
  /** Options still in the count, with the weight of the ballots they hold at this stage. */
  counts: z.record(z.string(), Figures),
  elected: z.array(z.string()),
  excluded: z.array(z.string()),
  /** Ballots with no continuing preference left, so far. */
  exhausted: Figures,
});
export type ElectionRound = z.infer<typeof ElectionRound>;

export const TIE_BREAK_METHODS = ['lot', 'casting_vote', 'other'] as const;

/** The chair's decision on a tie for the last seat (or the top of a choice): kept for the minutes. */
export const TieBreak = z.strictObject({
  /** The tied options the decision gives the remaining seats to. */
  elected: z.array(z.string()),
  method: z.enum(TIE_BREAK_METHODS),
  note: z.string(),
  decidedBy: z.string(),
  decidedAt: IsoDateTime,
});
export type TieBreak = z.infer<typeof TieBreak>;

/** `POST /v1/Meetings/{shortCode}/matters/{matterKey}/tie-break`: the chair's decision on a tie. */
export const TieBreakRequest = z.strictObject({
  elected: z.array(z.string().min(1).max(500)).min(1).max(50),
  method: z.enum(TIE_BREAK_METHODS),
  note: z
    .string()
    .trim()
    .max(1000)
    .regex(/^[^\p{Cc}]*$/u, 'No control characters.')
    .default(''),
});
export type TieBreakRequest = z.infer<typeof TieBreakRequest>;

/** A closed matter's result; `publishedAt` null until voters and partners may see it. */
export const MatterResult = z.strictObject({
  verdict: Verdict,
  /** Options chosen, most votes first; empty for a motion. */
  elected: z.array(z.string()),
  /** Options tied, in option order; empty unless tied. */
  tied: z.array(z.string()),
  /** How the matter was counted (docs/elections.md). */
  votingMethod: z.enum(['plurality', 'cumulative', 'ranked']),
  /** An election whose last seat is tied: the options tied for it; else empty. */
  tiedForLastSeat: z.array(z.string()),
  /** A ranked count's stages, first to last; empty for other methods. */
  rounds: z.array(ElectionRound),
  /** The chair's decision on a tie, once recorded; else null. */
  tieBreak: TieBreak.nullable(),
  /** The motion's for option, or the leading option. */
  forYes: Figures,
  /** What the threshold was measured against. */
  base: Figures,
  threshold: Threshold,
  thresholdBasis: ThresholdBasis,
  thresholdBase: ThresholdBase,
  /** Per option, all methods together, in option order. */
  totals: z.array(
    z.strictObject({ vote: z.string(), units: z.number(), shares: z.number() }),
  ),
  closedAt: IsoDateTime.nullable(),
  publishedAt: IsoDateTime.nullable(),
  /** The scrutineer's e-mail. */
  signedOffBy: z.string().nullable(),
  signedOffAt: IsoDateTime.nullable(),
});
export type MatterResult = z.infer<typeof MatterResult>;

/** The rule fields of a matter, for create, PATCH and responses. */
export const matterRuleFields = {
  threshold: Threshold,
  thresholdBasis: ThresholdBasis,
  thresholdBase: ThresholdBase,
};

/** Live channel: a result computed at close (chairs, screens), or published (everyone). */
export const MatterResultEvent = z.strictObject({
  shortCode: z.string(),
  matterKey: z.string(),
  result: MatterResult,
  seq: z.number().int(),
});
export type MatterResultEvent = z.infer<typeof MatterResultEvent>;

export const Scrutineer = z.strictObject({
  email: z.string(),
  name: z.string(),
});
export type Scrutineer = z.infer<typeof Scrutineer>;

/** GET /v1/Meetings/{shortCode}/sign-off: who may sign off this meeting's results. */
export const SignOffStatus = z.strictObject({
  requireSignOff: z.boolean(),
  /** Named for the meeting; when none are named, every scrutineer of the account. */
  scrutineers: z.array(Scrutineer),
  named: z.boolean(),
  /** Whether the signed-in user may sign off. */
  maySignOff: z.boolean(),
});
export type SignOffStatus = z.infer<typeof SignOffStatus>;

/** PUT /v1/Meetings/{shortCode}/scrutineers: users of the account with the scrutineer role. */
export const NameScrutineersRequest = z.strictObject({
  emails: z.array(z.email().max(320)).max(20),
});
export type NameScrutineersRequest = z.infer<typeof NameScrutineersRequest>;

/** A user's roles in an account (docs/team.md): none is a manager; `clerk` stands alone. */
export const ACCOUNT_ROLES = ['owner', 'scrutineer', 'clerk'] as const;
export const AccountRole = z.enum(ACCOUNT_ROLES);
export type AccountRole = z.infer<typeof AccountRole>;
