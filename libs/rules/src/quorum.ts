import { exactWeight, microShares, sharesText, type Weight } from './weight';
import { sqlAlias } from './sql-alias';

export interface QuorumCount {
  /** Members with a voter connected to the meeting now. */
  present: number;
  /** Members not present who are represented (see {@link isRepresented}). */
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
/** Where a proxy is in its life (docs/proxies.md). */
export type ProxyStatus =
  'submitted' | 'verified' | 'rejected' | 'withdrawn' | 'revoked';

export const PROXY_STATUSES: readonly ProxyStatus[] = [
  'submitted',
  'verified',
  'rejected',
  'withdrawn',
  'revoked',
];

export interface Representation {
  /** The member's latest proxy, if it has one, and whether its holder is checked in. */
  proxy: { status: ProxyStatus; holderPresent: boolean } | null;
  /** The member has an early ballot or a recorded paper ballot of its own on some matter. */
  advanceBallot: boolean;
}

export interface RepresentationSettings {
  /** The meeting's proxyHolderMustAttend: a proxy counts only while its holder is present. */
  proxyHolderMustAttend: boolean;
}

/**
 * Whether a member who is not present counts toward the quorum: by a verified (so neither
 * revoked nor withdrawn) proxy, whose holder is present when the meeting asks for it, or by a
 * ballot it gave before the meeting.
 */
export function isRepresented(
  member: Representation,
  settings: RepresentationSettings,
): boolean {
  const byProxy =
    member.proxy?.status === 'verified' &&
    (!settings.proxyHolderMustAttend || member.proxy.holderPresent);
  return byProxy || member.advanceBallot;
}

/**
 * {@link isRepresented} in SQL over a `members` row and its `meetings` row under the given
 * aliases (reads `proxies`, `proxy_holders` and `ballots`).
 *
 * The meeting's setting stays outside the subqueries: each EXISTS then refers to the member
 * alone, so PostgreSQL may answer it from one hashed set of members for a whole meeting
 * instead of two index probes a member (docs/benchmarks-history.md, "The quorum's statement").
 */
export function representedSql(aliases: {
  member: string;
  meeting: string;
}): string {
  const member = sqlAlias(aliases.member);
  const meeting = sqlAlias(aliases.meeting);
  return (
    `(exists (select 1 from proxies rp join proxy_holders rh on rh.id = rp.holder_id` +
    ` where rp.member_id = ${member}.id and rp.status = 'verified' and rh.present)` +
    ` or (not ${meeting}.proxy_holder_must_attend` +
    ` and exists (select 1 from proxies rp join proxy_holders rh on rh.id = rp.holder_id` +
    ` where rp.member_id = ${member}.id and rp.status = 'verified'))` +
    ` or exists (select 1 from ballots rb where rb.member_id = ${member}.id` +
    ` and rb.method = 'proxy' and rb.proxy_id is null))`
  );
}
