import type {
  Matter,
  MatterTallyRow,
  MatterVoteMethod,
  MatterVoterRecord,
  MatterType,
} from '@livevote/contracts';
import type {
  MatterRow,
  MatterVoterRow,
  TallyRecord,
} from './matters.repository';

export function mapMatter(row: MatterRow): Matter {
  return {
    key: row.id,
    type: row.type as MatterType,
    name: row.name,
    header: row.header,
    snippet: row.snippet,
    options: row.options,
    choices: row.choices,
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

export function mapMatterVoter(row: MatterVoterRow): MatterVoterRecord {
  return {
    unit: row.unit,
    name: row.name ?? '',
    email: row.email ?? '',
    method: row.method as MatterVoteMethod,
    createdAt: row.castAt.toISOString(),
  };
}
