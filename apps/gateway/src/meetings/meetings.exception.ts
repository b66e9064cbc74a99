import { ApiException } from '../common/api-exception';

export enum MeetingErrorCode {
  InvalidDates = 'invalid_dates',
  ShortCodeExhausted = 'short_code_unavailable',
}

function describe(code: MeetingErrorCode): [status: number, variant?: string] {
  switch (code) {
    case MeetingErrorCode.InvalidDates:
      return [400];
    case MeetingErrorCode.ShortCodeExhausted:
      return [503];
  }
}

export class MeetingException extends ApiException {
  constructor(code: MeetingErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
