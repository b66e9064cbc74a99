import {
  Body,
  Controller,
  HttpCode,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  BulkInviteRequest,
  BulkInviteResult,
  InviteRequest,
  InviteResult,
  PersonalLink,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { InvitesService } from './invites.service';

export class InviteRequestDto extends createZodDto(InviteRequest) {}
export class InviteResultDto extends createZodDto(InviteResult) {}
export class BulkInviteRequestDto extends createZodDto(BulkInviteRequest) {}
export class BulkInviteResultDto extends createZodDto(BulkInviteResult) {}
export class PersonalLinkDto extends createZodDto(PersonalLink) {}

@ApiTags('Members')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings')
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @ApiOperation({ summary: 'Send a voter their invite' })
  @Post(':shortCode/members/:memberKey/voters/:email/invite')
  @HttpCode(200)
  @ApiBody({ type: InviteRequestDto, required: false })
  @ApiOkResponse({ type: InviteResultDto })
  @ApiNotFoundResponse({
    description: 'meeting_not_found, member_not_found, voter_not_found',
  })
  @ApiConflictResponse({ description: 'emails_disabled' })
  @ApiBadGatewayResponse({ description: 'mail_not_sent' })
  @ApiTooManyRequestsResponse({ description: 'rate_limited' })
  invite(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Param('email') email: string,
    @Body() _body: InviteRequestDto,
  ): Promise<InviteResult> {
    return this.invites.inviteVoter(
      manager.userId,
      shortCode,
      memberKey,
      email,
    );
  }

  @ApiOperation({ summary: "Get a voter's personal portal link" })
  @Post(':shortCode/members/:memberKey/voters/:email/personal-link')
  @HttpCode(200)
  @ApiOkResponse({ type: PersonalLinkDto })
  @ApiNotFoundResponse({
    description: 'meeting_not_found, member_not_found, voter_not_found',
  })
  personalLink(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Param('email') email: string,
  ): Promise<PersonalLink> {
    return this.invites.personalLink(
      manager.userId,
      shortCode,
      memberKey,
      email,
    );
  }

  @ApiOperation({
    summary:
      'Send invites to every voter not yet invited, or again to those not reached, or to all',
  })
  @Post(':shortCode/invites')
  @HttpCode(200)
  @ApiBody({ type: BulkInviteRequestDto, required: false })
  @ApiOkResponse({ type: BulkInviteResultDto })
  @ApiNotFoundResponse({ description: 'meeting_not_found' })
  @ApiTooManyRequestsResponse({ description: 'rate_limited (a resend)' })
  inviteAll(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: BulkInviteRequestDto,
  ): Promise<BulkInviteResult> {
    return this.invites.inviteAll(manager.userId, shortCode, body);
  }
}
