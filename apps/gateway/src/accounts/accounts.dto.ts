import { createZodDto } from 'nestjs-zod';
import {
  Account,
  AccountUser,
  AddAccountUserRequest,
  ListAccountsQuery,
} from '@livevote/contracts';

export class AccountDto extends createZodDto(Account) {}
export class ListAccountsQueryDto extends createZodDto(ListAccountsQuery) {}
export class AddAccountUserRequestDto extends createZodDto(
  AddAccountUserRequest,
) {}
export class AccountUserDto extends createZodDto(AccountUser) {}
