import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
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
} from '@nestjs/swagger';
import type { Account, AccountUser } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  AccountDto,
  AccountUserDto,
  AddAccountUserRequestDto,
  ListAccountsQueryDto,
} from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('Accounts')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOkResponse({ type: [AccountDto] })
  list(
    @CurrentManager() manager: Manager,
    @Query() query: ListAccountsQueryDto,
  ): Promise<Account[]> {
    return this.accounts.list(manager.userId, query);
  }

  @Get(':key')
  @ApiOkResponse({ type: AccountDto })
  get(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
  ): Promise<Account> {
    return this.accounts.get(manager.userId, key);
  }

  @Post(':key/users')
  @ApiCreatedResponse({ type: AccountUserDto })
  addUser(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Body() body: AddAccountUserRequestDto,
  ): Promise<AccountUser> {
    return this.accounts.addUser(manager.userId, key, body.email);
  }

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
