import type { BallotMethod } from './ballots';
import {
  earlyVotingClosesAtSql,
  isEarlyVotingOpen,
  type EarlyVotingTimes,
} from './meeting-window';
import { sqlAlias } from './sql-alias';

// ---- does the ballot fit its matter? ----

export interface BallotMatter {
  options: readonly string[];
  /** How many options a ballot may choose, at most. */
  choices: number;
}

/** What is wrong with a ballot's choices, in the order they are checked. */
export type ChoicesProblem =
  'no_choice' | 'duplicate_choice' | 'invalid_choice' | 'too_many_choices';

/**
 * Whether the choices fit the matter: at least one, no option twice, only the matter's
 * options, at most `choices` of them. Null when they fit, else the first problem.
 */
export function choicesProblem(
  matter: BallotMatter,
  choices: readonly string[],
): ChoicesProblem | null {
  if (choices.length === 0) return 'no_choice';
  if (new Set(choices).size !== choices.length) return 'duplicate_choice';
  if (choices.some((choice) => !matter.options.includes(choice)))
    return 'invalid_choice';
  if (choices.length > matter.choices) return 'too_many_choices';
  return null;
}

export function choicesFit(
  matter: BallotMatter,
  choices: readonly string[],
): boolean {
  return choicesProblem(matter, choices) === null;
}

/**
 * {@link choicesFit} as a SQL boolean over a ballot row (a jsonb array column `choices`) and a
 * `matters` row (`options`, `choices`) under the given aliases. False, never null, for a
 * `choices` that is not an array.
 */
export function choicesFitSql(aliases: {
  ballot: string;
  matter: string;
}): string {
  const ballot = sqlAlias(aliases.ballot);
  const matter = sqlAlias(aliases.matter);
  const choices = `${ballot}.choices`;
  return (
    `coalesce(jsonb_typeof(${choices}) = 'array'` +
    ` and jsonb_array_length(${choices}) between 1 and ${matter}.choices` +
    ` and ${choices} <@ ${matter}.options` +
    ` and (select count(distinct c) from jsonb_array_elements(${choices}) c) = jsonb_array_length(${choices}), false)`
  );
}

// ---- is the ballot in time? ----

export type LiveStatus = 'pending' | 'live' | 'closed';

export interface LiveWindow {
  liveStatus: LiveStatus;
  liveEndsAt: Date | null;
}

/**
 * Whether a vote is open at that instant: the matter is live and the instant is before its
 * deadline. A vote that closes at `liveEndsAt` is closed at `liveEndsAt` itself, as the
 * deadline close (from `liveEndsAt` on) and the state machine (running while before it) read
 * it, so a ballot the close did not count is never accepted (docs/decisions.md, "Live voting").
 */
export function isLiveAt(matter: LiveWindow, at: Date): boolean {
  return (
    matter.liveStatus === 'live' &&
    matter.liveEndsAt !== null &&
    at.getTime() < matter.liveEndsAt.getTime()
  );
}

/**
 * How a ballot came in:
 * - `voter`: a member's own voter (live while the vote is open, early before it opens);
 * - `floor`: a clerk's floor ballot, a vote in the room (docs/hybrid-meetings.md);
 * - `proxy`, `other`: a ballot a manager records (a paper proxy form, a vote in the room);
 * - `holder`: a proxy holder's vote, directed or at its discretion (docs/proxies.md).
 */
export type BallotIntakeKind = 'voter' | 'floor' | 'proxy' | 'other' | 'holder';

/** Why a ballot is not taken at that instant. */
export type TimingRefusal =
  | 'matter_not_live'
  | 'matter_closed'
  | 'early_voting_closed'
  | 'proxy_not_allowed';

export type BallotTiming =
  | { method: BallotMethod; refused?: undefined }
  | { method?: undefined; refused: TimingRefusal };

export interface TimedMatter extends LiveWindow {
  allowProxyVote: boolean;
}

/**
 * Whether a ballot of that kind, received at that instant, is taken by the matter, and as
 * which method: the one deadline rule ({@link isLiveAt}) for every kind cast during the vote,
 * early voting ({@link isEarlyVotingOpen}) for a voter's ballot before it.
 */
export function ballotTiming(
  kind: BallotIntakeKind,
  matter: TimedMatter,
  meeting: EarlyVotingTimes,
  at: Date,
): BallotTiming {
  const live = isLiveAt(matter, at);
  const ended = matter.liveStatus !== 'pending' && !live;
  switch (kind) {
    case 'voter':
      if (live) return { method: 'live' };
      if (ended || !matter.allowProxyVote)
        return { refused: 'matter_not_live' };
      return isEarlyVotingOpen(meeting, at)
        ? { method: 'proxy' }
        : { refused: 'early_voting_closed' };
    case 'floor':
      if (live) return { method: 'other' };
      return { refused: ended ? 'matter_closed' : 'matter_not_live' };
    case 'holder':
      if (!matter.allowProxyVote) return { refused: 'proxy_not_allowed' };
      return live ? { method: 'proxy' } : { refused: 'matter_not_live' };
    case 'proxy':
    case 'other':
      if (ended) return { refused: 'matter_closed' };
      if (kind === 'proxy' && !matter.allowProxyVote)
        return { refused: 'proxy_not_allowed' };
      return { method: kind };
  }
}

/**
 * {@link ballotTiming}'s method as a SQL expression (null when refused) over a ballot row
 * (`kind`, `received_at`), a `matters` row (`live_status`, `live_ends_at`,
 * `allow_proxy_vote`) and a `meetings` row (`expiry_date`, `meeting_date`) under the given
 * aliases.
 */
export function ballotMethodSql(aliases: {
  ballot: string;
  matter: string;
  meeting: string;
}): string {
  const ballot = sqlAlias(aliases.ballot);
  const matter = sqlAlias(aliases.matter);
  const live = liveAtSql({ matter, at: `${ballot}.received_at` });
  const ended = `(${matter}.live_status <> 'pending' and not ${live})`;
  const early = earlyVotingClosesAtSql({ meeting: aliases.meeting });
  return (
    `(case ${ballot}.kind` +
    ` when 'voter' then case when ${live} then 'live'` +
    ` when not ${ended} and ${matter}.allow_proxy_vote and ${ballot}.received_at < ${early} then 'proxy' end` +
    ` when 'floor' then case when ${live} then 'other' end` +
    ` when 'holder' then case when ${matter}.allow_proxy_vote and ${live} then 'proxy' end` +
    ` when 'proxy' then case when not ${ended} and ${matter}.allow_proxy_vote then 'proxy' end` +
    ` when 'other' then case when not ${ended} then 'other' end end)`
  );
}

/** {@link isLiveAt} in SQL; `at` is a column of an aliased row (checked as `alias.column`). */
function liveAtSql({ matter, at }: { matter: string; at: string }): string {
  const [alias, column] = at.split('.');
  const instant = `${sqlAlias(alias)}.${sqlAlias(column)}`;
  return `coalesce(${matter}.live_status = 'live' and ${instant} < ${matter}.live_ends_at, false)`;
}
