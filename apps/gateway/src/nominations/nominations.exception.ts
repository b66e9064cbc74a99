import { ApiException } from '../common/api-exception';

export enum NominationErrorCode {
  NominationNotFound = 'nomination_not_found',
  MeetingNotFound = 'meeting_not_found',
  NominationsClosed = 'nominations_closed',
  TooManyNominations = 'too_many_nominations',
  NotSubmitted = 'nomination_not_submitted',
  RateLimited = 'rate_limited',
  /** A test voter nominates no one into a real election (docs/test-voters.md). */
  TestVoter = 'test_voter',
}

function describe(
  code: NominationErrorCode,
): [status: number, variant?: string] {
  switch (code) {
    case NominationErrorCode.NominationNotFound:
    case NominationErrorCode.MeetingNotFound:
      return [404];
    case NominationErrorCode.NominationsClosed:
    case NominationErrorCode.TooManyNominations:
    case NominationErrorCode.NotSubmitted:
      return [409];
    case NominationErrorCode.RateLimited:
      return [429, 'nominations'];
    case NominationErrorCode.TestVoter:
      return [403, 'nomination'];
  }
}

export class NominationException extends ApiException {
  constructor(code: NominationErrorCode, headers: Record<string, string> = {}) {
    const [status, variant] = describe(code);
    super(status, code, { variant }, headers);
  }
}
