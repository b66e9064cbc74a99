import { ApiException } from '../common/api-exception';

export enum AccountErrorCode {
  AccountNotFound = 'account_not_found',
  UserNotFound = 'user_not_found',
  AlreadyMember = 'already_member',
  NotMember = 'not_member',
  LastUser = 'last_user',
  OwnRoles = 'own_roles',
  OwnerRequired = 'owner_required',
  LastOwner = 'last_owner',
}

function describe(code: AccountErrorCode): [status: number, variant?: string] {
  switch (code) {
    case AccountErrorCode.AccountNotFound:
      return [404];
    case AccountErrorCode.UserNotFound:
      return [404];
    case AccountErrorCode.AlreadyMember:
      return [409];
    case AccountErrorCode.NotMember:
      return [404];
    case AccountErrorCode.LastUser:
      return [409];
    case AccountErrorCode.OwnRoles:
      return [403];
    case AccountErrorCode.OwnerRequired:
      return [403];
    case AccountErrorCode.LastOwner:
      return [409];
  }
}

export class AccountException extends ApiException {
  constructor(code: AccountErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
