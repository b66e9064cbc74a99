import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Account, AccountUser } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  AccountDto,
  AccountUserDto,
  AddAccountUserRequestDto,
  ListAccountsQueryDto,
  PatchAccountRequestDto,
  PatchAccountUserRequestDto,
} from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('Accounts')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @ApiOperation({ summary: "List the manager's accounts" })
  @ClerkMay()
  @Get()
  @ApiOkResponse({ type: [AccountDto] })
  list(
    @CurrentManager() manager: Manager,
    @Query() query: ListAccountsQueryDto,
  ): Promise<Account[]> {
    return this.accounts.list(manager.userId, query);
  }

  @ApiOperation({ summary: 'Get an account' })
  @ClerkMay()
  @Get(':key')
  @ApiOkResponse({ type: AccountDto })
  get(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
  ): Promise<Account> {
    return this.accounts.get(manager.userId, key);
  }

  @ApiOperation({ summary: "Set an account's language" })
  @Patch(':key')
  @ApiOkResponse({ type: AccountDto })
  patch(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Body() body: PatchAccountRequestDto,
  ): Promise<Account> {
    return this.accounts.patch(manager.userId, key, body);
  }

  @ApiOperation({ summary: 'Add a user to an account' })
  @Post(':key/users')
  @ApiCreatedResponse({ type: AccountUserDto })
  addUser(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Body() body: AddAccountUserRequestDto,
  ): Promise<AccountUser> {
    return this.accounts.addUser(manager.userId, key, body.email);
  }

  @ApiOperation({ summary: "List an account's users" })
  @Get(':key/users')
  @ApiOkResponse({ type: [AccountUserDto] })
  users(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
  ): Promise<AccountUser[]> {
    return this.accounts.users(manager.userId, key);
  }

  @ApiOperation({ summary: "Set a user's roles in an account" })
  @Patch(':key/users/:email')
  @ApiOkResponse({ type: AccountUserDto })
  setRoles(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Param('email') email: string,
    @Body() body: PatchAccountUserRequestDto,
  ): Promise<AccountUser> {
    return this.accounts.setRoles(manager.userId, key, email, body.roles);
  }

  @ApiOperation({ summary: 'Remove a user from an account' })
  @Delete(':key/users/:email')
  @HttpCode(204)
  @ApiNoContentResponse()
  removeUser(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Param('email') email: string,
  ): Promise<void> {
    return this.accounts.removeUser(manager.userId, key, email);
  }
}
