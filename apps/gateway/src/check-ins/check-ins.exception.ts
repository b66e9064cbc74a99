import { ApiException } from '../common/api-exception';

export enum CheckInErrorCode {
  InvalidCode = 'check_in_code_invalid',
  CodeExpired = 'check_in_code_expired',
  VoterNotFound = 'voter_not_found',
  MemberNotFound = 'member_not_found',
  MeetingOver = 'meeting_over',
  RsvpClosed = 'rsvp_closed',
  MeetingNotFound = 'meeting_not_found',
}

function describe(code: CheckInErrorCode): [status: number, variant?: string] {
  switch (code) {
    case CheckInErrorCode.InvalidCode:
      return [400];
    case CheckInErrorCode.CodeExpired:
      return [400];
    case CheckInErrorCode.VoterNotFound:
      return [404];
    case CheckInErrorCode.MemberNotFound:
      return [404, 'control_number'];
    case CheckInErrorCode.MeetingOver:
      return [409];
    case CheckInErrorCode.RsvpClosed:
      return [409];
    case CheckInErrorCode.MeetingNotFound:
      return [404];
  }
}

export class CheckInException extends ApiException {
  constructor(code: CheckInErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
