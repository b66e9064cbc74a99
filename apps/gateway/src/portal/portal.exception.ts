import { ApiException } from '../common/api-exception';

export enum PortalErrorCode {
  InvalidInvite = 'invalid_invite',
  InvalidControlNumber = 'invalid_control_number',
  MeetingNotFound = 'meeting_not_found',
  BallotNotFound = 'ballot_not_found',
  RateLimited = 'rate_limited',
  VoterExists = 'voter_exists',
}

function describe(code: PortalErrorCode): [status: number, variant?: string] {
  switch (code) {
    case PortalErrorCode.InvalidInvite:
      return [401];
    case PortalErrorCode.InvalidControlNumber:
      return [401];
    case PortalErrorCode.MeetingNotFound:
      return [404];
    case PortalErrorCode.BallotNotFound:
      return [404];
    case PortalErrorCode.RateLimited:
      return [429];
    case PortalErrorCode.VoterExists:
      return [409];
  }
}

export class PortalException extends ApiException {
  constructor(code: PortalErrorCode, headers: Record<string, string> = {}) {
    const [status, variant] = describe(code);
    super(status, code, { variant }, headers);
  }
}
