import { createZodDto } from 'nestjs-zod';
import {
  Account,
  AccountUser,
  AddAccountUserRequest,
  ListAccountsQuery,
  PatchAccountRequest,
  PatchAccountUserRequest,
} from '@livevote/contracts';

export class AccountDto extends createZodDto(Account) {}
export class ListAccountsQueryDto extends createZodDto(ListAccountsQuery) {}
export class AddAccountUserRequestDto extends createZodDto(
  AddAccountUserRequest,
) {}
export class AccountUserDto extends createZodDto(AccountUser) {}
export class PatchAccountUserRequestDto extends createZodDto(
  PatchAccountUserRequest,
) {}
export class PatchAccountRequestDto extends createZodDto(PatchAccountRequest) {}
