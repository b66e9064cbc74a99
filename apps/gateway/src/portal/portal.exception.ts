import { ApiException } from '../common/api-exception';

export enum PortalErrorCode {
  InvalidInvite = 'invalid_invite',
  InvalidControlNumber = 'invalid_control_number',
  MeetingNotFound = 'meeting_not_found',
  BallotNotFound = 'ballot_not_found',
  RateLimited = 'rate_limited',
}

function describe(code: PortalErrorCode): [number, string] {
  switch (code) {
    case PortalErrorCode.InvalidInvite:
      return [401, 'The invitation link is invalid or has expired.'];
    case PortalErrorCode.InvalidControlNumber:
      return [401, 'No member of this meeting has that control number.'];
    case PortalErrorCode.MeetingNotFound:
      return [404, 'Meeting not found.'];
    case PortalErrorCode.BallotNotFound:
      return [404, 'Your unit has no ballot on this matter.'];
    case PortalErrorCode.RateLimited:
      return [429, 'Too many attempts; try again later.'];
  }
}

export class PortalException extends ApiException {
  constructor(code: PortalErrorCode, headers: Record<string, string> = {}) {
    const [status, message] = describe(code);
    super(status, code, message, headers);
  }
}
