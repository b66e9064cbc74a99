import type { BallotKind } from './proxy-precedence';

export interface PrecedenceCase {
  incoming: BallotKind;
  standing: BallotKind;
  /** Replaces before portalRevocationsClosedAt. */
  whileOpen: boolean;
  /** Replaces at or after portalRevocationsClosedAt. */
  afterClose: boolean;
  why: string;
}

const c = (
  incoming: BallotKind,
  standing: BallotKind,
  whileOpen: boolean,
  afterClose: boolean,
  why: string,
): PrecedenceCase => ({ incoming, standing, whileOpen, afterClose, why });

/**
 * Every pair of kinds, written out from docs/proxies.md rather than from the table: the rule
 * and its SQL twin (apps/gateway/test/rules-sql.test.ts) both answer these.
 */
export const PRECEDENCE_CASES: PrecedenceCase[] = [
  c('live', 'live', true, true, 'a voter changes its live vote'),
  c(
    'live',
    'holder',
    true,
    false,
    'attending revokes the proxy, until revocations close',
  ),
  c(
    'live',
    'early',
    true,
    false,
    'the live vote supersedes the early one, until revocations close',
  ),
  c(
    'live',
    'paper',
    true,
    false,
    'the live vote supersedes a paper proxy, until revocations close',
  ),
  c('live', 'floor', true, true, 'the member votes again, itself'),
  c(
    'holder',
    'live',
    false,
    false,
    "a holder never overrides the member's own live vote",
  ),
  c(
    'holder',
    'holder',
    true,
    true,
    'a holder changes its vote, or a newer proxy takes over',
  ),
  c('holder', 'early', true, true, 'a proxy outranks an early ballot'),
  c(
    'holder',
    'paper',
    true,
    true,
    'a proxy of record outranks a recorded paper ballot',
  ),
  c(
    'holder',
    'floor',
    false,
    false,
    "a holder never overrides the member's own floor vote",
  ),
  c('early', 'live', false, false, 'an early ballot never follows a live one'),
  c(
    'early',
    'holder',
    false,
    false,
    "a voter's early ballot must not replace its holder's vote",
  ),
  c('early', 'early', true, true, 'a voter changes its early vote'),
  c(
    'early',
    'paper',
    true,
    true,
    "the member's own vote replaces a manager's entry",
  ),
  c(
    'early',
    'floor',
    false,
    false,
    'an early ballot never follows a floor vote',
  ),
  c('paper', 'live', false, false, 'a manager never overrides a voter'),
  c('paper', 'holder', false, false, 'a manager never overrides a holder'),
  c('paper', 'early', false, false, 'a manager never overrides a voter'),
  c('paper', 'paper', true, true, 'a manager corrects its own entry'),
  c('paper', 'floor', false, false, 'a paper proxy never follows a floor vote'),
  c('floor', 'live', false, false, 'a manager never overrides a voter'),
  c(
    'floor',
    'holder',
    true,
    false,
    'voting on the floor is attending: it revokes the proxy, until revocations close',
  ),
  c('floor', 'early', false, false, 'a manager never overrides a voter'),
  c('floor', 'paper', true, true, 'the floor vote supersedes a paper entry'),
  c('floor', 'floor', true, true, 'a manager corrects a floor vote'),
];

export interface AttendanceCase {
  name: string;
  meeting: { meetingDate: Date; portalRevocationsClosedAt: Date | null };
  at: Date;
  revokes: boolean;
}

const start = new Date('2026-11-21T18:00:00.000Z');
const closes = new Date('2026-11-21T18:30:00.000Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

/** When joining the meeting revokes a proxy: the rule and its SQL twin both answer these. */
export const ATTENDANCE_CASES: AttendanceCase[] = [
  {
    name: 'a week before the meeting (giving the proxy in the portal)',
    meeting: { meetingDate: start, portalRevocationsClosedAt: closes },
    at: minutes(-7 * 24 * 60),
    revokes: false,
  },
  {
    name: 'a minute before the start',
    meeting: { meetingDate: start, portalRevocationsClosedAt: closes },
    at: minutes(-1),
    revokes: false,
  },
  {
    name: 'at the start',
    meeting: { meetingDate: start, portalRevocationsClosedAt: closes },
    at: start,
    revokes: true,
  },
  {
    name: 'a minute before revocations close',
    meeting: { meetingDate: start, portalRevocationsClosedAt: closes },
    at: minutes(29),
    revokes: true,
  },
  {
    name: 'when revocations close',
    meeting: { meetingDate: start, portalRevocationsClosedAt: closes },
    at: closes,
    revokes: false,
  },
  {
    name: 'late in a meeting without a close for revocations',
    meeting: { meetingDate: start, portalRevocationsClosedAt: null },
    at: minutes(180),
    revokes: true,
  },
];
