import type { ImportLineError } from '@livevote/contracts';
import { ApiException } from '../common/api-exception';

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

function describe(code: MemberErrorCode): [number, string] {
  switch (code) {
    case MemberErrorCode.MemberNotFound:
      return [404, 'Member not found.'];
    case MemberErrorCode.VoterNotFound:
      return [404, 'Voter not found.'];
    case MemberErrorCode.UnitTaken:
      return [409, 'Another member of this meeting has that unit.'];
    case MemberErrorCode.ControlNumberTaken:
      return [409, 'Another member of this meeting has that control number.'];
    case MemberErrorCode.VoterEmailTaken:
      return [409, 'This member already has a voter with that e-mail.'];
    case MemberErrorCode.MemberHasBallots:
      return [409, 'The member holds ballots and cannot be deleted.'];
    case MemberErrorCode.VoterHasBallots:
      return [409, 'The voter cast ballots and cannot be deleted.'];
    case MemberErrorCode.CsvRequired:
      return [415, 'The import takes a text/csv body.'];
    case MemberErrorCode.CsvEmpty:
      return [400, 'The CSV body is empty.'];
  }
}

export class MemberException extends ApiException {
  constructor(code: MemberErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}

/** Reported errors are capped so a broken 10 MB file does not produce a 10 MB answer. */
export const MAX_REPORTED_IMPORT_ERRORS = 200;

/** A rejected import: nothing was written; `errors` name the file lines (header = line 1). */
export class MembersImportException extends ApiException {
  constructor(errors: ImportLineError[]) {
    const shown = errors.slice(0, MAX_REPORTED_IMPORT_ERRORS);
    const more =
      errors.length > shown.length
        ? ` (the first ${shown.length} are listed)`
        : '';
    super(
      400,
      'import_invalid',
      `The file has ${errors.length} problem${errors.length === 1 ? '' : 's'}${more}; nothing was imported.`,
      {},
      shown,
    );
  }
}
