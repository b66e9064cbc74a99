import type { BallotMethod } from './ballots';
import { sqlAlias } from './sql-alias';

/**
 * Who stands behind a member's ballot on a matter, which decides what may replace it
 * (docs/proxies.md, "Precedence"):
 * - `live`: the member's own voter, while the matter is live;
 * - `holder`: the member's proxy holder (a directed vote written when the matter opened, or the
 *   holder's discretionary vote);
 * - `early`: the member's own voter, before the matter opened (an early ballot);
 * - `paper`: a proxy ballot a manager recorded for the member;
 * - `floor`: a floor ballot a manager recorded for the member during the meeting.
 */
export type BallotKind = 'live' | 'holder' | 'early' | 'paper' | 'floor';

export const BALLOT_KINDS: readonly BallotKind[] = [
  'live',
  'holder',
  'early',
  'paper',
  'floor',
];

/** The columns of a stored ballot that tell its kind. */
export interface StoredBallot {
  method: BallotMethod;
  /** The voter who cast it; null when a manager recorded it or a proxy holder cast it. */
  voterId: string | null;
  /** The proxy it was cast under; set only on a holder's ballots. */
  proxyId: string | null;
}

export function ballotKind(ballot: StoredBallot): BallotKind {
  if (ballot.method === 'live') return 'live';
  if (ballot.method === 'other') return 'floor';
  if (ballot.proxyId !== null) return 'holder';
  return ballot.voterId !== null ? 'early' : 'paper';
}

/** Whether a ballot of one kind may replace a standing ballot of another. */
export type Replacement = 'always' | 'revocable' | 'never';

/**
 * The precedence, incoming kind by standing kind. `revocable`: only before the meeting's
 * portalRevocationsClosedAt; after it, what was given before the meeting stands. In short:
 * the member's own live (or floor) ballot > its proxy (directed or discretionary) > its own
 * early ballot; a manager's paper entry never replaces what a member or a holder cast.
 */
export const PRECEDENCE: Readonly<
  Record<BallotKind, Readonly<Record<BallotKind, Replacement>>>
> = {
  live: {
    live: 'always',
    holder: 'revocable',
    early: 'revocable',
    paper: 'revocable',
    floor: 'always',
  },
  holder: {
    live: 'never',
    holder: 'always',
    early: 'always',
    paper: 'always',
    floor: 'never',
  },
  early: {
    live: 'never',
    holder: 'never',
    early: 'always',
    paper: 'always',
    floor: 'never',
  },
  paper: {
    live: 'never',
    holder: 'never',
    early: 'never',
    paper: 'always',
    floor: 'never',
  },
  floor: {
    live: 'never',
    holder: 'revocable',
    early: 'never',
    paper: 'always',
    floor: 'always',
  },
};

export interface ReplacementContext {
  /** Before the meeting's portalRevocationsClosedAt (see {@link revocationsOpen}). */
  revocationsOpen: boolean;
}

/** Whether the incoming ballot replaces the member's standing one on that matter. */
export function mayReplace(
  incoming: BallotKind,
  standing: BallotKind,
  context: ReplacementContext,
): boolean {
  const rule = PRECEDENCE[incoming][standing];
  return rule === 'always' || (rule === 'revocable' && context.revocationsOpen);
}

/** A proxy can be revoked (and a live ballot replace it) until portalRevocationsClosedAt, excluded; without one, throughout. */
export function revocationsOpen(
  meeting: { portalRevocationsClosedAt: Date | null },
  at: Date,
): boolean {
  return (
    meeting.portalRevocationsClosedAt === null ||
    at.getTime() < meeting.portalRevocationsClosedAt.getTime()
  );
}

/**
 * Whether a member's voter joining the meeting at that instant revokes its proxy: from the
 * meeting's start while revocations are open. Opening the portal before the meeting (to give
 * the proxy, for one) is not attending it.
 */
export function attendingRevokes(
  meeting: { meetingDate: Date; portalRevocationsClosedAt: Date | null },
  at: Date,
): boolean {
  return (
    at.getTime() >= meeting.meetingDate.getTime() &&
    revocationsOpen(meeting, at)
  );
}

/** {@link attendingRevokes} in SQL over a `meetings` row and a timestamptz column of another row. */
export function attendingRevokesSql(aliases: {
  meeting: string;
  at: { table: string; column: string };
}): string {
  const meeting = sqlAlias(aliases.meeting);
  const at = `${sqlAlias(aliases.at.table)}.${sqlAlias(aliases.at.column)}`;
  return `(${at} >= ${meeting}.meeting_date and ${revocationsOpenSql(aliases)})`;
}

/** {@link revocationsOpen} in SQL over a `meetings` row and a timestamptz column of another row. */
export function revocationsOpenSql(aliases: {
  meeting: string;
  at: { table: string; column: string };
}): string {
  const meeting = sqlAlias(aliases.meeting);
  const at = `${sqlAlias(aliases.at.table)}.${sqlAlias(aliases.at.column)}`;
  return `(${meeting}.portal_revocations_closed_at is null or ${at} < ${meeting}.portal_revocations_closed_at)`;
}

/** {@link ballotKind} in SQL over a `ballots` row (columns `method`, `voter_id`, `proxy_id`). */
export function ballotKindSql(aliases: { ballot: string }): string {
  const b = sqlAlias(aliases.ballot);
  return (
    `(case when ${b}.method = 'live' then 'live' when ${b}.method = 'other' then 'floor'` +
    ` when ${b}.proxy_id is not null then 'holder' when ${b}.voter_id is not null then 'early'` +
    ` else 'paper' end)`
  );
}

/**
 * {@link mayReplace} in SQL, for the `where` of an upsert into `ballots`: `incoming` is the
 * proposed row (`excluded`), `standing` the stored one. Whether revocations are open is read
 * from the incoming ballot's matter and meeting at its `cast_at`.
 */
export function mayReplaceSql(aliases: {
  incoming: string;
  standing: string;
}): string {
  const incoming = sqlAlias(aliases.incoming);
  const open =
    `exists (select 1 from matters pr_m join meetings pr_mt on pr_mt.id = pr_m.meeting_id` +
    ` where pr_m.id = ${incoming}.matter_id and ` +
    revocationsOpenSql({
      meeting: 'pr_mt',
      at: { table: incoming, column: 'cast_at' },
    }) +
    ')';
  const pairs = BALLOT_KINDS.flatMap((from) =>
    BALLOT_KINDS.flatMap((to) => {
      const rule = PRECEDENCE[from][to];
      if (rule === 'never') return [];
      return [`when '${from}>${to}' then ${rule === 'always' ? 'true' : open}`];
    }),
  );
  return (
    `(case ${ballotKindSql({ ballot: incoming })} || '>' || ${ballotKindSql({ ballot: aliases.standing })}` +
    ` ${pairs.join(' ')} else false end)`
  );
}
