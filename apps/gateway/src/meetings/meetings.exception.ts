import { ApiException } from '../common/api-exception';

export enum MeetingErrorCode {
  InvalidDates = 'invalid_dates',
  ShortCodeExhausted = 'short_code_unavailable',
}

function describe(code: MeetingErrorCode): [number, string] {
  switch (code) {
    case MeetingErrorCode.InvalidDates:
      return [
        400,
        'Early voting (expiryDate) must close before the meeting ends.',
      ];
    case MeetingErrorCode.ShortCodeExhausted:
      return [503, 'No free short code could be found; try again.'];
  }
}

export class MeetingException extends ApiException {
  constructor(code: MeetingErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
