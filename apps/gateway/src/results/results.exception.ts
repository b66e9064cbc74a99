import {
  ApiException,
  type ProblemItem,
  type ProblemWording,
} from '../common/api-exception';

export enum ResultsErrorCode {
  QuorumNotMet = 'quorum_not_met',
  AnotherMatterLive = 'another_matter_live',
  NotAScrutineer = 'not_a_scrutineer',
  InvalidScrutineer = 'invalid_scrutineer',
  MatterNotClosed = 'matter_not_closed',
  AlreadySignedOff = 'already_signed_off',
  ResultNotReady = 'result_not_ready',
  NotTied = 'not_tied',
  InvalidTieBreak = 'invalid_tie_break',
}

function describe(code: ResultsErrorCode): [status: number, variant?: string] {
  switch (code) {
    case ResultsErrorCode.QuorumNotMet:
      return [409];
    case ResultsErrorCode.AnotherMatterLive:
      return [409];
    case ResultsErrorCode.NotAScrutineer:
      return [403];
    case ResultsErrorCode.InvalidScrutineer:
      return [400];
    case ResultsErrorCode.MatterNotClosed:
      return [409];
    case ResultsErrorCode.AlreadySignedOff:
      return [409];
    case ResultsErrorCode.ResultNotReady:
      return [409];
    case ResultsErrorCode.NotTied:
      return [409];
    case ResultsErrorCode.InvalidTieBreak:
      return [400];
  }
}

export class ResultsException extends ApiException {
  constructor(
    code: ResultsErrorCode,
    /** Another of the code's texts, more precise, and its values. */
    detail?: ProblemWording,
    errors?: ProblemItem[],
  ) {
    const [status, variant] = describe(code);
    super(status, code, detail ?? { variant }, {}, errors);
  }
}
