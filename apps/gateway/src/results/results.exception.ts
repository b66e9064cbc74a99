import { ApiException } from '../common/api-exception';

export enum ResultsErrorCode {
  QuorumNotMet = 'quorum_not_met',
  AnotherMatterLive = 'another_matter_live',
  NotAScrutineer = 'not_a_scrutineer',
  InvalidScrutineer = 'invalid_scrutineer',
  MatterNotClosed = 'matter_not_closed',
  AlreadySignedOff = 'already_signed_off',
  ResultNotReady = 'result_not_ready',
}

function describe(code: ResultsErrorCode): [number, string] {
  switch (code) {
    case ResultsErrorCode.QuorumNotMet:
      return [
        409,
        'Quorum is not met. The meeting requires quorum to start a matter; start with overrideQuorum: true to proceed without it (recorded).',
      ];
    case ResultsErrorCode.AnotherMatterLive:
      return [
        409,
        'Another matter of the meeting is live; the meeting allows one live matter at a time. Stop it first.',
      ];
    case ResultsErrorCode.NotAScrutineer:
      return [403, 'Only a scrutineer of the meeting may sign off results.'];
    case ResultsErrorCode.InvalidScrutineer:
      return [
        400,
        'Every scrutineer named must be a user of the account with the scrutineer role.',
      ];
    case ResultsErrorCode.MatterNotClosed:
      return [409, 'Only a closed matter can be signed off.'];
    case ResultsErrorCode.AlreadySignedOff:
      return [409, 'The result of this close is already signed off.'];
    case ResultsErrorCode.ResultNotReady:
      return [409, 'The result is still being counted; try again shortly.'];
  }
}

export class ResultsException extends ApiException {
  constructor(
    code: ResultsErrorCode,
    detail?: string,
    errors?: { path: string; message: string }[],
  ) {
    const [status, message] = describe(code);
    super(status, code, detail ?? message, {}, errors);
  }
}
