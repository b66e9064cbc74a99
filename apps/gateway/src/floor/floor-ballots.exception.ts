import { ApiException } from '../common/api-exception';

export enum FloorErrorCode {
  MemberNotFound = 'member_not_found',
  MemberAbsent = 'member_absent',
  NotDoubleEntry = 'not_double_entry',
  SameClerk = 'same_clerk',
  EntryNotFound = 'entry_not_found',
}

function describe(code: FloorErrorCode): [number, string] {
  switch (code) {
    case FloorErrorCode.MemberNotFound:
      return [404, 'Member not found.'];
    case FloorErrorCode.MemberAbsent:
      return [
        409,
        'This member is not present at the meeting; floor ballots are for members present.',
      ];
    case FloorErrorCode.NotDoubleEntry:
      return [
        409,
        'The meeting is not in double-entry mode: a sheet is entered once (entry 1).',
      ];
    case FloorErrorCode.SameClerk:
      return [
        409,
        'The other entry of this sheet is yours: a second manager enters it again.',
      ];
    case FloorErrorCode.EntryNotFound:
      return [404, 'No such pending floor entry on this matter.'];
  }
}

export class FloorException extends ApiException {
  constructor(code: FloorErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
