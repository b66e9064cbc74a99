import type { BallotMethod } from './ballots';

/** Proxy precedence (not decided here yet): which ballot may replace a member's standing one. */

export interface StandingBallot {
  method: BallotMethod;
}

export interface ReplacementContext {
  /** The meeting's portalRevocationsClosedAt has passed: a proxy can no longer be revoked. */
  revocationsClosed: boolean;
}

/** The decision a precedence rule makes for an incoming ballot over a standing one. */
export type MayReplace = (
  incoming: BallotMethod,
  standing: StandingBallot,
  context: ReplacementContext,
) => boolean;
