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
