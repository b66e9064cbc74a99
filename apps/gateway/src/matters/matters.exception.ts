import { ApiException } from '../common/api-exception';

export enum MatterErrorCode {
  MatterNotFound = 'matter_not_found',
  MatterLive = 'matter_live',
  MatterHasBallots = 'matter_has_ballots',
  TooManyChoices = 'too_many_choices',
  InvalidExclusion = 'invalid_exclusion',
  SecretBallotLocked = 'secret_ballot_locked',
}

function describe(code: MatterErrorCode): [number, string] {
  switch (code) {
    case MatterErrorCode.MatterNotFound:
      return [404, 'Matter not found.'];
    case MatterErrorCode.MatterLive:
      return [
        409,
        'A live matter cannot be changed or deleted; stop it first.',
      ];
    case MatterErrorCode.MatterHasBallots:
      return [
        409,
        'The matter holds ballots: it cannot be deleted, change its options or its majority rule, or lower its choices.',
      ];
    case MatterErrorCode.TooManyChoices:
      return [400, 'choices must be between 1 and the number of options.'];
    case MatterErrorCode.InvalidExclusion:
      return [400, 'Every exclusion must be one of the options.'];
    case MatterErrorCode.SecretBallotLocked:
      return [
        409,
        'The matter holds ballots cast in secret: it cannot become an open ballot.',
      ];
  }
}

export class MatterException extends ApiException {
  constructor(
    code: MatterErrorCode,
    /** The fields at fault, as in every validation error. */
    errors?: { path: string; message: string }[],
  ) {
    const [status, message] = describe(code);
    super(status, code, message, {}, errors);
  }
}
