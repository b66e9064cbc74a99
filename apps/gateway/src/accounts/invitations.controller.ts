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
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Invitation } from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { ReaderLanguage } from '../common/reader-language';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  CreateInvitationRequestDto,
  InvitationDto,
  ListInvitationsQueryDto,
} from './invitations.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('Accounts')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Accounts/:key/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @ApiOperation({
    summary: 'Invite someone to the team with roles (owners)',
    description:
      'Sends the e-mail with a link to the console; 7 days. 409 `invitation_pending` while one is pending for the e-mail, `already_member` for a user already in the account.',
  })
  @Post()
  @ApiCreatedResponse({ type: InvitationDto })
  create(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Body() body: CreateInvitationRequestDto,
    @ReaderLanguage() lng: Language,
  ): Promise<Invitation> {
    return this.invitations.create(manager.userId, key, body, lng);
  }

  @ApiOperation({ summary: "List the team's invitations (owners)" })
  @Get()
  @ApiOkResponse({ type: [InvitationDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Query() query: ListInvitationsQueryDto,
  ): Promise<Invitation[]> {
    return this.invitations.list(manager.userId, key, query);
  }

  @ApiOperation({ summary: 'Revoke an invitation: its link fails (owners)' })
  @Delete(':invitationKey')
  @HttpCode(204)
  @ApiNoContentResponse()
  revoke(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Param('invitationKey') invitationKey: string,
  ): Promise<void> {
    return this.invitations.revoke(manager.userId, key, invitationKey);
  }
}
