import { ApiException } from '../common/api-exception';

export enum FloorErrorCode {
  MemberNotFound = 'member_not_found',
  MemberAbsent = 'member_absent',
  NotDoubleEntry = 'not_double_entry',
  SameClerk = 'same_clerk',
  EntryNotFound = 'entry_not_found',
}

function describe(code: FloorErrorCode): [status: number, variant?: string] {
  switch (code) {
    case FloorErrorCode.MemberNotFound:
      return [404];
    case FloorErrorCode.MemberAbsent:
      return [409];
    case FloorErrorCode.NotDoubleEntry:
      return [409];
    case FloorErrorCode.SameClerk:
      return [409];
    case FloorErrorCode.EntryNotFound:
      return [404];
  }
}

export class FloorException extends ApiException {
  constructor(code: FloorErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
