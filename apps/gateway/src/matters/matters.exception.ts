import { MAX_MEETING_MATTERS } from '@livevote/contracts';
import { ApiException } from '../common/api-exception';

export enum MatterErrorCode {
  MatterNotFound = 'matter_not_found',
  MatterLive = 'matter_live',
  MatterHasBallots = 'matter_has_ballots',
  TooManyChoices = 'too_many_choices',
  InvalidExclusion = 'invalid_exclusion',
  SecretBallotLocked = 'secret_ballot_locked',
  TooManyMatters = 'too_many_matters',
  NominationsOpen = 'nominations_open',
  NoAcceptedNominations = 'no_accepted_nominations',
}

function describe(code: MatterErrorCode): [status: number, variant?: string] {
  switch (code) {
    case MatterErrorCode.MatterNotFound:
      return [404];
    case MatterErrorCode.MatterLive:
      return [409];
    case MatterErrorCode.MatterHasBallots:
      return [409];
    case MatterErrorCode.TooManyChoices:
      return [400, 'matter'];
    case MatterErrorCode.InvalidExclusion:
      return [400];
    case MatterErrorCode.SecretBallotLocked:
      return [409];
    case MatterErrorCode.TooManyMatters:
      return [400];
    case MatterErrorCode.NominationsOpen:
    case MatterErrorCode.NoAcceptedNominations:
      return [409];
  }
}

export class MatterException extends ApiException {
  constructor(
    code: MatterErrorCode,
    /** The fields at fault, as in every validation error. */
    errors?: { path: string; message: string }[],
  ) {
    const [status, variant] = describe(code);
    super(
      status,
      code,
      { variant, values: { max: MAX_MEETING_MATTERS } },
      {},
      errors,
    );
  }
}
