import { ApiException } from '../common/api-exception';

export enum AccountErrorCode {
  AccountNotFound = 'account_not_found',
  UserNotFound = 'user_not_found',
  AlreadyMember = 'already_member',
  NotMember = 'not_member',
  LastUser = 'last_user',
  OwnRoles = 'own_roles',
}

function describe(code: AccountErrorCode): [number, string] {
  switch (code) {
    case AccountErrorCode.AccountNotFound:
      return [404, 'Account not found.'];
    case AccountErrorCode.UserNotFound:
      return [
        404,
        'No user with that e-mail; users are created with the admin CLI.',
      ];
    case AccountErrorCode.AlreadyMember:
      return [409, 'The user already belongs to this account.'];
    case AccountErrorCode.NotMember:
      return [404, 'The user does not belong to this account.'];
    case AccountErrorCode.LastUser:
      return [409, 'The last user of an account cannot be removed.'];
    case AccountErrorCode.OwnRoles:
      return [
        403,
        'A user cannot change their own roles: another user of the account (or the admin CLI) does.',
      ];
  }
}

export class AccountException extends ApiException {
  constructor(code: AccountErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
