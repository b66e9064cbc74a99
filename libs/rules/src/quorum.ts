import { sqlAlias } from './sql-alias';

export interface QuorumCount {
  /** Members with a voter connected to the meeting now. */
  present: number;
  /** Members not present who are represented (see {@link isRepresented}). */
  proxies: number;
}

export interface Quorum extends QuorumCount {
  /** The meeting's quorumMinimum, in members (units). */
  required: number;
  met: boolean;
}

/** The quorum figure: present and represented members against the meeting's minimum. */
export function quorumFigure(
  count: QuorumCount,
  quorumMinimum: number,
): Quorum {
  return {
    present: count.present,
    proxies: count.proxies,
    required: quorumMinimum,
    met: count.present + count.proxies >= quorumMinimum,
  };
}

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

export interface QuorumSettings {
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
  settings: QuorumSettings,
): boolean {
  const byProxy =
    member.proxy?.status === 'verified' &&
    (!settings.proxyHolderMustAttend || member.proxy.holderPresent);
  return byProxy || member.advanceBallot;
}

/**
 * {@link isRepresented} in SQL over a `members` row and its `meetings` row under the given
 * aliases (reads `proxies`, `proxy_holders` and `ballots`).
 */
export function representedSql(aliases: {
  member: string;
  meeting: string;
}): string {
  const member = sqlAlias(aliases.member);
  const meeting = sqlAlias(aliases.meeting);
  return (
    `(exists (select 1 from proxies rp join proxy_holders rh on rh.id = rp.holder_id` +
    ` where rp.member_id = ${member}.id and rp.status = 'verified'` +
    ` and (not ${meeting}.proxy_holder_must_attend or rh.present))` +
    ` or exists (select 1 from ballots rb where rb.member_id = ${member}.id` +
    ` and rb.method = 'proxy' and rb.proxy_id is null))`
  );
}
