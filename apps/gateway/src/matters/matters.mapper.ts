import type {
  Forecast,
  Matter,
  MatterTallyRow,
  MatterVoteMethod,
  MatterVoterRecord,
  MatterType,
  NotVotedUnit,
} from '@livevote/contracts';
import { mapRule, resultFor } from '../results/results.mapper';
import type {
  MatterRow,
  MatterVoterRow,
  NotVotedRow,
  TallyRecord,
} from './matters.repository';
import type { Candidate, VotingMethod } from '@livevote/contracts';

/** How a matter is voted on, as every view of it shows (docs/elections.md). */
export function mapMethod(row: {
  votingMethod: VotingMethod;
  candidates: MatterRow['candidates'];
}): { votingMethod: VotingMethod; candidates: Candidate[] } {
  return {
    votingMethod: row.votingMethod,
    candidates: row.candidates.map(({ name, statement, translations }) => ({
      name,
      statement,
      translations: translations ?? {},
    })),
  };
}

export function mapMatter(
  row: MatterRow,
  forecast: Forecast | null = null,
): Matter {
  return {
    key: row.id,
    type: row.type as MatterType,
    name: row.name,
    header: row.header,
    snippet: row.snippet,
    movedBy: row.movedBy,
    secondedBy: row.secondedBy,
    options: row.options,
    translations: row.translations,
    choices: row.choices,
    ...mapMethod(row),
    eligibility: row.eligibility,
    allowProxyVote: row.allowProxyVote,
    order: row.order,
    exclusions: row.exclusions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    liveStatus: row.liveStatus,
    liveStartedAt: row.liveStartedAt?.toISOString() ?? null,
    liveEndsAt: row.liveEndsAt?.toISOString() ?? null,
    liveClosedAt: row.liveClosedAt?.toISOString() ?? null,
    autoCloseWhenAllVoted: row.autoCloseWhenAllVoted,
    secretBallot: row.secretBallot,
    openVerification: row.openVerification,
    ...mapRule(row),
    forecast: row.liveStatus === 'live' ? forecast : null,
    result: resultFor(row, 'staff'),
  };
}

export function mapTallyRow(record: TallyRecord): MatterTallyRow {
  return {
    vote: record.vote,
    numProxyVotes: Number(record.numProxyVotes),
    numLiveVotes: Number(record.numLiveVotes),
    numOtherVotes: Number(record.numOtherVotes),
    numProxyShares: Number(record.numProxyShares),
    numLiveShares: Number(record.numLiveShares),
    numOtherShares: Number(record.numOtherShares),
  };
}

const MINUTE_MS = 60_000;

/**
 * Who voted, never how. On a secret ballot the time is the member's first ballot, to the
 * minute: a changed vote never shows (docs/security.md, "The secret ballot").
 */
export function mapMatterVoter(
  row: MatterVoterRow,
  secretBallot: boolean,
): MatterVoterRecord {
  const at = secretBallot
    ? new Date(Math.floor(row.firstCastAt.getTime() / MINUTE_MS) * MINUTE_MS)
    : row.castAt;
  return {
    unit: row.unit,
    name: row.name ?? '',
    email: row.email ?? '',
    method: row.method as MatterVoteMethod,
    createdAt: at.toISOString(),
  };
}

export function mapNotVoted(row: Omit<NotVotedRow, 'total'>): NotVotedUnit {
  return {
    memberKey: row.id,
    unit: row.unit,
    shares: Number(row.shares),
    names: row.names,
  };
}
