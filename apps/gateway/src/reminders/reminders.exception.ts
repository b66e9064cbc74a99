import { ApiException } from '../common/api-exception';

export enum RemindersErrorCode {
  InvalidUnsubscribeToken = 'invalid_unsubscribe_token',
  VoterNotFound = 'voter_not_found',
}

function describe(
  code: RemindersErrorCode,
): [status: number, variant?: string] {
  switch (code) {
    case RemindersErrorCode.InvalidUnsubscribeToken:
      return [400];
    case RemindersErrorCode.VoterNotFound:
      return [404, 'unsubscribe'];
  }
}

export class RemindersException extends ApiException {
  constructor(code: RemindersErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
