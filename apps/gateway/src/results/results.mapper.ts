import type {
  ChainHead,
  Figures,
  MatterResult,
  QuorumRecord,
  Threshold,
  ThresholdBase,
  ThresholdBasis,
  Verdict,
} from '@livevote/contracts';
import type { matters } from '../database/schema';
import type {
  ElectionRound,
  TieBreak,
  VotingMethod,
} from '@livevote/contracts';

type MatterRow = typeof matters.$inferSelect;

/** The result as kept with the matter (the `result` column). */
export interface StoredResult {
  verdict: Verdict;
  elected: string[];
  tied: string[];
  forYes: Figures;
  base: Figures;
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
  totals: { vote: string; units: number; shares: number }[];
  closedAt: string | null;
  /** The members the base was measured against at the close. */
  bases: { eligible: Figures; present: Figures };
  votesCast: number;
  sharesCast: number;
  quorumAtClose: QuorumRecord | null;
  computedAt: string;
  publishedAt: string | null;
  signedOff: { userId: string; email: string; name: string; at: string } | null;
  /** The meeting's hash chain sealed at the close (docs/verifiability.md); absent on older results. */
  chainHead?: ChainHead | null;
  /** How it was counted (docs/elections.md); absent on results from before elections: plurality. */
  votingMethod?: VotingMethod;
  tiedForLastSeat?: string[];
  rounds?: ElectionRound[];
  /** The chair's decision on a tie, once recorded. */
  tieBreak?: TieBreak | null;
}

/** The result of the matter's last close, or null (not closed, reopened, not computed yet). */
export function currentResult(row: MatterRow): StoredResult | null {
  return row.liveStatus === 'closed' &&
    row.result &&
    row.resultGeneration === row.liveGeneration
    ? (row.result as unknown as StoredResult)
    : null;
}

export function mapResult(stored: StoredResult): MatterResult {
  return {
    verdict: stored.verdict,
    elected: stored.elected,
    tied: stored.tied,
    votingMethod: stored.votingMethod ?? 'plurality',
    tiedForLastSeat: stored.tiedForLastSeat ?? [],
    rounds: stored.rounds ?? [],
    tieBreak: stored.tieBreak ?? null,
    forYes: stored.forYes,
    base: stored.base,
    threshold: stored.threshold,
    thresholdBasis: stored.thresholdBasis,
    thresholdBase: stored.thresholdBase,
    totals: stored.totals,
    closedAt: stored.closedAt,
    publishedAt: stored.publishedAt,
    signedOffBy: stored.signedOff?.email ?? null,
    signedOffAt: stored.signedOff?.at ?? null,
  };
}

/** Who may see a result: chairs and screens once computed; voters and partners once published. */
export type ResultViewer = 'staff' | 'public';

/** The matter's current result as that viewer may see it, else null. */
export function resultFor(
  row: MatterRow,
  viewer: ResultViewer,
): MatterResult | null {
  const stored = currentResult(row);
  if (!stored || (viewer === 'public' && !stored.publishedAt)) return null;
  return mapResult(stored);
}

/** The matter's majority rule as answered. */
export function mapRule(row: MatterRow): {
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
} {
  return {
    threshold: row.threshold,
    thresholdBasis: row.thresholdBasis,
    thresholdBase: row.thresholdBase,
  };
}
