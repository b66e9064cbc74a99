import type {
  BallotShapeProblem,
  ChoicesProblem,
  TimingRefusal,
  TransitionRefusal,
} from '@livevote/rules';
import { ApiException, type ProblemItem } from '../common/api-exception';

export enum VotingErrorCode {
  MatterNotFound = 'matter_not_found',
  MemberNotFound = 'member_not_found',
  MemberAbsent = 'member_absent',
  DoubleEntryRequired = 'double_entry_required',
  VoterRemoved = 'voter_removed',
  ManagerRemoved = 'manager_removed',
  NotStartable = 'not_startable',
  NotLive = 'not_live',
  MatterNotLive = 'matter_not_live',
  MatterClosed = 'matter_closed',
  EarlyVotingClosed = 'early_voting_closed',
  ProxyNotAllowed = 'proxy_not_allowed',
  BallotLocked = 'ballot_locked',
  NotEligible = 'not_eligible',
  InvalidChoice = 'invalid_choice',
  TooManyChoices = 'too_many_choices',
  DuplicateChoice = 'duplicate_choice',
  InvalidAllocation = 'invalid_allocation',
  InvalidRanking = 'invalid_ranking',
  InvalidBallot = 'invalid_ballot',
  TooManyInFlight = 'too_many_in_flight',
  StoreUnavailable = 'store_unavailable',
  Overloaded = 'overloaded',
}

/** The code of each answer of libs/rules' ballot acceptance. */
export const CHOICES_CODES: Record<ChoicesProblem, VotingErrorCode> = {
  no_choice: VotingErrorCode.InvalidChoice,
  duplicate_choice: VotingErrorCode.DuplicateChoice,
  invalid_choice: VotingErrorCode.InvalidChoice,
  too_many_choices: VotingErrorCode.TooManyChoices,
};
/** The code of each problem libs/rules' `ballotMarks` finds with a ballot body. */
export const MARKS_CODES: Record<BallotShapeProblem, VotingErrorCode> = {
  ...CHOICES_CODES,
  invalid_allocation: VotingErrorCode.InvalidAllocation,
  invalid_ranking: VotingErrorCode.InvalidRanking,
};
export const TIMING_CODES: Record<TimingRefusal, VotingErrorCode> = {
  matter_not_live: VotingErrorCode.MatterNotLive,
  matter_closed: VotingErrorCode.MatterClosed,
  early_voting_closed: VotingErrorCode.EarlyVotingClosed,
  proxy_not_allowed: VotingErrorCode.ProxyNotAllowed,
};

export const TRANSITION_CODES: Record<TransitionRefusal, VotingErrorCode> = {
  not_startable: VotingErrorCode.NotStartable,
  not_live: VotingErrorCode.NotLive,
};

function describe(code: VotingErrorCode): [status: number, variant?: string] {
  switch (code) {
    case VotingErrorCode.MatterNotFound:
      return [404];
    case VotingErrorCode.MemberNotFound:
      return [404];
    case VotingErrorCode.MemberAbsent:
      return [409];
    case VotingErrorCode.DoubleEntryRequired:
      return [409];
    case VotingErrorCode.VoterRemoved:
      return [401];
    case VotingErrorCode.ManagerRemoved:
      return [401];
    case VotingErrorCode.NotStartable:
      return [409];
    case VotingErrorCode.NotLive:
      return [409];
    case VotingErrorCode.MatterNotLive:
      return [409];
    case VotingErrorCode.MatterClosed:
      return [409];
    case VotingErrorCode.EarlyVotingClosed:
      return [409];
    case VotingErrorCode.ProxyNotAllowed:
      return [409];
    case VotingErrorCode.BallotLocked:
      return [409];
    case VotingErrorCode.NotEligible:
      return [403];
    case VotingErrorCode.InvalidChoice:
      return [400];
    case VotingErrorCode.TooManyChoices:
      return [400];
    case VotingErrorCode.DuplicateChoice:
      return [400];
    case VotingErrorCode.InvalidAllocation:
      return [400];
    case VotingErrorCode.InvalidRanking:
      return [400];
    case VotingErrorCode.InvalidBallot:
      return [400];
    case VotingErrorCode.TooManyInFlight:
      return [429];
    case VotingErrorCode.StoreUnavailable:
      return [503];
    case VotingErrorCode.Overloaded:
      return [503];
  }
}

export class VotingException extends ApiException {
  constructor(
    code: VotingErrorCode,
    headers: Record<string, string> = {},
    /** Where in the request the problem is (`errors[]`), e.g. `allocations.1.votes`. */
    items?: readonly ProblemItem[],
  ) {
    const [status, variant] = describe(code);
    super(status, code, { variant }, headers, items);
  }
}
