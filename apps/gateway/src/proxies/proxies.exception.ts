import { ApiException } from '../common/api-exception';

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
  UnknownDocument = 'unknown_document',
  TooManyVotes = 'too_many_votes',
  MatterNotLive = 'matter_not_live',
  ProxyNotAllowed = 'proxy_not_allowed',
  NotDefaultHolder = 'not_default_holder',
  InvalidHolderToken = 'invalid_holder_token',
}

function describe(code: ProxyErrorCode): [number, string] {
  switch (code) {
    case ProxyErrorCode.ProxyNotFound:
      return [404, 'Proxy not found.'];
    case ProxyErrorCode.HolderNotFound:
      return [404, 'Proxy holder not found.'];
    case ProxyErrorCode.MemberNotFound:
      return [404, 'Member not found.'];
    case ProxyErrorCode.MatterNotFound:
      return [404, 'Matter not found.'];
    case ProxyErrorCode.ProxyClosed:
      return [409, 'Proxies closed at the meeting’s expiryDate.'];
    case ProxyErrorCode.ProxyNotPending:
      return [
        409,
        'Only a submitted proxy can be verified or rejected; this one is not.',
      ];
    case ProxyErrorCode.UnknownDefaultHolder:
      return [
        400,
        'That name is not one of the meeting’s default proxy holders.',
      ];
    case ProxyErrorCode.InvalidDirection:
      return [
        400,
        'A direction names a matter this meeting does not have, or names one twice.',
      ];
    case ProxyErrorCode.DirectionNotAllowed:
      return [400, 'A direction names a matter that takes no proxy votes.'];
    case ProxyErrorCode.NotEligible:
      return [
        403,
        'A direction names a matter this member is not eligible to vote on.',
      ];
    case ProxyErrorCode.InvalidChoice:
      return [400, 'A choice is not one of the options of its matter.'];
    case ProxyErrorCode.TooManyChoices:
      return [400, 'More choices than the matter allows.'];
    case ProxyErrorCode.DuplicateChoice:
      return [400, 'The same option was chosen twice.'];
    case ProxyErrorCode.UnknownDocument:
      return [400, 'scanKey is not a document of this meeting.'];
    case ProxyErrorCode.TooManyVotes:
      return [
        400,
        'The split casts more votes than the discretionary proxies held on this matter.',
      ];
    case ProxyErrorCode.MatterNotLive:
      return [409, 'Voting on this matter is not open.'];
    case ProxyErrorCode.ProxyNotAllowed:
      return [409, 'This matter takes no proxy votes.'];
    case ProxyErrorCode.NotDefaultHolder:
      return [
        403,
        'Managers vote only for the meeting’s default proxy holders; other holders vote from their own link.',
      ];
    case ProxyErrorCode.InvalidHolderToken:
      return [401, 'The proxy holder link is invalid or has expired.'];
  }
}

export class ProxyException extends ApiException {
  constructor(code: ProxyErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
