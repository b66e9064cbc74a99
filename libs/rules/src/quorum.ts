import { exactWeight, microShares, sharesText, type Weight } from './weight';

export interface QuorumCount {
  /** Members with a voter connected to the meeting now. */
  present: number;
  /** Members not present who hold a proxy ballot on any matter of the meeting. */
  proxies: number;
}

export interface Quorum extends QuorumCount {
  /** What present + proxies must reach, in the measure of the quorum's basis. */
  required: number;
  met: boolean;
}

/** Whether the quorum counts members (units) or their shares. */
export type QuorumBasis = 'units' | 'shares';

/** The meeting's quorum settings; left out, they count units against `quorumMinimum`. */
export interface QuorumSettings {
  quorumBasis?: QuorumBasis;
  /** A percentage of the eligible members, or null: then `quorumMinimum` counts. */
  quorumPercent?: number | null;
  /** In units or shares, as the basis says. */
  quorumMinimum: number;
}

/** Present and represented members, and all eligible members, in units and shares. */
export interface QuorumWeights {
  present: Weight;
  /** Members not present who are represented by a proxy. */
  proxies: Weight;
  /** Eligible members of the meeting: what a percentage is of. */
  eligible: Weight;
}

export const DEFAULT_QUORUM_BASIS: QuorumBasis = 'units';

/** Percentages as integer millionths of a percent. */
const PERCENT = 100n * 1_000_000n;

/**
 * The quorum figure: present and represented members against the meeting's minimum, in units
 * (the default), or, with settings, in units or shares against a minimum or a percentage of
 * the eligible members (docs/verdicts.md, "Quorum"). `met` is exact; `required` is the least
 * figure that meets it, rounded up (to a whole member, or to a millionth of a share).
 */
export function quorumFigure(count: QuorumCount, quorumMinimum: number): Quorum;
export function quorumFigure(
  weights: QuorumWeights,
  settings: QuorumSettings,
): Quorum;
export function quorumFigure(
  count: QuorumCount | QuorumWeights,
  settings: number | QuorumSettings,
): Quorum {
  if (typeof settings === 'number') {
    const { present, proxies } = count as QuorumCount;
    return {
      present,
      proxies,
      required: settings,
      met: present + proxies >= settings,
    };
  }
  const weights = count as QuorumWeights;
  const basis = settings.quorumBasis ?? DEFAULT_QUORUM_BASIS;
  const measure = (weight: Weight) => exactWeight(weight)[basis];
  const shown = (value: bigint) =>
    basis === 'units' ? Number(value) : Number(sharesText(value));
  const present = measure(weights.present);
  const proxies = measure(weights.proxies);
  const reached = present + proxies;
  const percent = settings.quorumPercent ?? null;
  const base = {
    present: shown(present),
    proxies: shown(proxies),
  };
  if (percent === null) {
    return {
      ...base,
      required: settings.quorumMinimum,
      met: reachesMinimum(reached, settings.quorumMinimum, basis),
    };
  }
  // reached / eligible >= percent / 100, all in integers
  const eligible = measure(weights.eligible);
  const scaled = eligible * percentOf(percent);
  const required = ceilDiv(scaled, PERCENT);
  return {
    ...base,
    required: shown(required),
    met: reached * PERCENT >= scaled,
  };
}

/** Units (whole, safe integers) compare exactly with any minimum; shares in millionths. */
function reachesMinimum(
  reached: bigint,
  minimum: number,
  basis: QuorumBasis,
): boolean {
  if (!Number.isFinite(minimum) || minimum < 0)
    throw new RangeError(`not a quorum minimum: ${minimum}`);
  return basis === 'units'
    ? Number(reached) >= minimum
    : reached >= microShares(minimum);
}

function percentOf(percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new RangeError(`a quorum percentage is from 0 to 100: ${percent}`);
  return microShares(percent);
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
