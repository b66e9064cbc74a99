import { ApiException, type ProblemItem } from '../common/api-exception';

export enum ProxyErrorCode {
  ProxyNotFound = 'proxy_not_found',
  HolderNotFound = 'holder_not_found',
  MemberNotFound = 'member_not_found',
  MatterNotFound = 'matter_not_found',
  ProxyClosed = 'proxy_closed',
  ProxyNotPending = 'proxy_not_pending',
  UnknownDefaultHolder = 'unknown_default_holder',
  InvalidDirection = 'invalid_direction',
  DirectionNotAllowed = 'direction_not_allowed',
  NotEligible = 'not_eligible',
  InvalidChoice = 'invalid_choice',
  TooManyChoices = 'too_many_choices',
  DuplicateChoice = 'duplicate_choice',
  InvalidAllocation = 'invalid_allocation',
  InvalidRanking = 'invalid_ranking',
  UnknownDocument = 'unknown_document',
  TooManyVotes = 'too_many_votes',
  MatterNotLive = 'matter_not_live',
  ProxyNotAllowed = 'proxy_not_allowed',
  NotDefaultHolder = 'not_default_holder',
  InvalidHolderToken = 'invalid_holder_token',
  TooManyProxies = 'too_many_proxies',
  TooManyNewHolders = 'too_many_new_holders',
  RateLimited = 'rate_limited',
  /** A test voter gives or withdraws no proxy: it would count (docs/test-voters.md). */
  TestVoter = 'test_voter',
  HolderHasNoEmail = 'holder_has_no_email',
  HolderHoldsNothing = 'holder_holds_nothing',
  NoticeNotSent = 'notice_not_sent',
}

function describe(code: ProxyErrorCode): [status: number, variant?: string] {
  switch (code) {
    case ProxyErrorCode.ProxyNotFound:
      return [404];
    case ProxyErrorCode.HolderNotFound:
      return [404];
    case ProxyErrorCode.MemberNotFound:
      return [404];
    case ProxyErrorCode.MatterNotFound:
      return [404];
    case ProxyErrorCode.ProxyClosed:
      return [409];
    case ProxyErrorCode.ProxyNotPending:
      return [409];
    case ProxyErrorCode.UnknownDefaultHolder:
      return [400];
    case ProxyErrorCode.InvalidDirection:
      return [400];
    case ProxyErrorCode.DirectionNotAllowed:
      return [400];
    case ProxyErrorCode.NotEligible:
      return [403, 'direction'];
    case ProxyErrorCode.InvalidChoice:
      return [400, 'proxy'];
    case ProxyErrorCode.TooManyChoices:
      return [400, 'proxy'];
    case ProxyErrorCode.DuplicateChoice:
      return [400];
    case ProxyErrorCode.InvalidAllocation:
      return [400];
    case ProxyErrorCode.InvalidRanking:
      return [400];
    case ProxyErrorCode.UnknownDocument:
      return [400];
    case ProxyErrorCode.TooManyVotes:
      return [400];
    case ProxyErrorCode.MatterNotLive:
      return [409];
    case ProxyErrorCode.ProxyNotAllowed:
      return [409];
    case ProxyErrorCode.NotDefaultHolder:
      return [403];
    case ProxyErrorCode.InvalidHolderToken:
      return [401];
    case ProxyErrorCode.TooManyProxies:
      return [409];
    case ProxyErrorCode.TooManyNewHolders:
      return [429];
    case ProxyErrorCode.RateLimited:
      return [429, 'holder_presence'];
    case ProxyErrorCode.TestVoter:
      return [403, 'proxy'];
    case ProxyErrorCode.HolderHasNoEmail:
      return [409];
    case ProxyErrorCode.HolderHoldsNothing:
      return [409];
    case ProxyErrorCode.NoticeNotSent:
      return [502];
  }
}

export class ProxyException extends ApiException {
  constructor(
    code: ProxyErrorCode,
    headers: Record<string, string> = {},
    /** Where in the request the problem is (`errors[]`), e.g. `directions.0.ranking.1`. */
    items?: readonly ProblemItem[],
  ) {
    const [status, variant] = describe(code);
    super(status, code, { variant }, headers, items);
  }
}
