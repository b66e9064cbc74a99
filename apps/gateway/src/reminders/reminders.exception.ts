import { ApiException } from '../common/api-exception';

export enum RemindersErrorCode {
  InvalidUnsubscribeToken = 'invalid_unsubscribe_token',
  VoterNotFound = 'voter_not_found',
}

function describe(code: RemindersErrorCode): [number, string] {
  switch (code) {
    case RemindersErrorCode.InvalidUnsubscribeToken:
      return [400, 'This unsubscribe link is not valid or has expired.'];
    case RemindersErrorCode.VoterNotFound:
      return [404, 'The voter of this unsubscribe link no longer exists.'];
  }
}

export class RemindersException extends ApiException {
  constructor(code: RemindersErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
