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

function describe(code: CheckInErrorCode): [number, string] {
  switch (code) {
    case CheckInErrorCode.InvalidCode:
      return [
        400,
        'This is not a check-in code of this meeting. Check the code, or find the voter by unit or name.',
      ];
    case CheckInErrorCode.CodeExpired:
      return [400, 'This check-in code has expired: the meeting is over.'];
    case CheckInErrorCode.VoterNotFound:
      return [404, 'Voter not found.'];
    case CheckInErrorCode.MemberNotFound:
      return [404, 'No unit of this meeting has that control number.'];
    case CheckInErrorCode.MeetingOver:
      return [409, 'The meeting is over: check-ins are closed.'];
    case CheckInErrorCode.RsvpClosed:
      return [409, 'The meeting has started: RSVPs are closed.'];
    case CheckInErrorCode.MeetingNotFound:
      return [404, 'Meeting not found.'];
  }
}

export class CheckInException extends ApiException {
  constructor(code: CheckInErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
