import { ApiException } from '../common/api-exception';
import type { ImportLineProblem } from './members-csv';

export enum MemberErrorCode {
  MemberNotFound = 'member_not_found',
  VoterNotFound = 'voter_not_found',
  UnitTaken = 'unit_taken',
  ControlNumberTaken = 'control_number_taken',
  VoterEmailTaken = 'voter_email_taken',
  MemberHasBallots = 'member_has_ballots',
  VoterHasBallots = 'voter_has_ballots',
  CsvRequired = 'unsupported_media_type',
  CsvEmpty = 'csv_empty',
}

function describe(code: MemberErrorCode): [status: number, variant?: string] {
  switch (code) {
    case MemberErrorCode.MemberNotFound:
      return [404];
    case MemberErrorCode.VoterNotFound:
      return [404];
    case MemberErrorCode.UnitTaken:
      return [409];
    case MemberErrorCode.ControlNumberTaken:
      return [409];
    case MemberErrorCode.VoterEmailTaken:
      return [409];
    case MemberErrorCode.MemberHasBallots:
      return [409];
    case MemberErrorCode.VoterHasBallots:
      return [409];
    case MemberErrorCode.CsvRequired:
      return [415, 'csv'];
    case MemberErrorCode.CsvEmpty:
      return [400];
  }
}

export class MemberException extends ApiException {
  constructor(code: MemberErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}

/** Reported errors are capped so a broken 10 MB file does not produce a 10 MB answer. */
export const MAX_REPORTED_IMPORT_ERRORS = 200;

/** A rejected import: nothing was written; `errors` name the file lines (header = line 1). */
export class MembersImportException extends ApiException {
  constructor(errors: ImportLineProblem[]) {
    const shown = errors.slice(0, MAX_REPORTED_IMPORT_ERRORS);
    super(
      400,
      'import_invalid',
      {
        variant: errors.length > shown.length ? 'listed' : undefined,
        values: { count: errors.length, shown: shown.length },
      },
      {},
      shown,
    );
  }
}
