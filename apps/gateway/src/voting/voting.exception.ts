import { ApiException } from '../common/api-exception';

export enum VotingErrorCode {
  MatterNotFound = 'matter_not_found',
  MemberNotFound = 'member_not_found',
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
  InvalidBallot = 'invalid_ballot',
  TooManyInFlight = 'too_many_in_flight',
  StoreUnavailable = 'store_unavailable',
  Overloaded = 'overloaded',
}

function describe(code: VotingErrorCode): [number, string] {
  switch (code) {
    case VotingErrorCode.MatterNotFound:
      return [404, 'Matter not found.'];
    case VotingErrorCode.MemberNotFound:
      return [404, 'Member not found.'];
    case VotingErrorCode.VoterRemoved:
      return [
        401,
        'This voter has been removed from the meeting; the ballot was not counted.',
      ];
    case VotingErrorCode.ManagerRemoved:
      return [
        401,
        'The manager recording this ballot no longer exists; it was not recorded.',
      ];
    case VotingErrorCode.NotStartable:
      return [409, 'Only a pending or closed matter can be started.'];
    case VotingErrorCode.NotLive:
      return [409, 'The matter is not live.'];
    case VotingErrorCode.MatterNotLive:
      return [409, 'Voting on this matter is not open.'];
    case VotingErrorCode.MatterClosed:
      return [409, 'Voting on this matter has closed.'];
    case VotingErrorCode.EarlyVotingClosed:
      return [409, 'Early voting has closed; vote when the matter is live.'];
    case VotingErrorCode.ProxyNotAllowed:
      return [409, 'This matter takes no proxy votes.'];
    case VotingErrorCode.BallotLocked:
      return [
        409,
        "The member's ballot on this matter can no longer be replaced this way.",
      ];
    case VotingErrorCode.NotEligible:
      return [403, 'This member is not eligible to vote on this matter.'];
    case VotingErrorCode.InvalidChoice:
      return [400, 'A choice is not one of the options of this matter.'];
    case VotingErrorCode.TooManyChoices:
      return [400, 'More choices than this matter allows.'];
    case VotingErrorCode.DuplicateChoice:
      return [400, 'The same option was chosen twice.'];
    case VotingErrorCode.InvalidBallot:
      return [
        400,
        'The ballot could not be stored as sent; it was not counted.',
      ];
    case VotingErrorCode.TooManyInFlight:
      return [
        429,
        'Wait for the answer to your previous ballot before casting again.',
      ];
    case VotingErrorCode.StoreUnavailable:
      return [
        503,
        'The ballot could not be stored; it was not counted. Retry with the same Idempotency-Key.',
      ];
    case VotingErrorCode.Overloaded:
      return [
        503,
        'Too many ballots at once; retry with the same Idempotency-Key.',
      ];
  }
}

export class VotingException extends ApiException {
  constructor(code: VotingErrorCode, headers: Record<string, string> = {}) {
    const [status, message] = describe(code);
    super(status, code, message, headers);
  }
}
