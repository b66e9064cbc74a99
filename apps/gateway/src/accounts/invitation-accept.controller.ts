import { Body, Controller, Header, HttpCode, Ip, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type {
  AcceptInvitationResponse,
  InspectInvitationResponse,
} from '@livevote/contracts';
import {
  AcceptInvitationRequestDto,
  AcceptInvitationResponseDto,
  InspectInvitationRequestDto,
  InspectInvitationResponseDto,
} from './invitations.dto';
import { InvitationAcceptService } from './invitation-accept.service';

@ApiTags('Auth')
@Controller('auth/invitations')
export class InvitationAcceptController {
  constructor(private readonly accept: InvitationAcceptService) {}

  @ApiOperation({
    summary: 'What an invitation is for, before accepting it',
    security: [],
  })
  @Post('inspect')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: InspectInvitationResponseDto })
  inspect(
    @Body() body: InspectInvitationRequestDto,
    @Ip() ip: string,
  ): Promise<InspectInvitationResponse> {
    return this.accept.inspect(body.token, ip);
  }

  @ApiOperation({
    summary: 'Accept an invitation: a new user sets name and password',
    description:
      'A user who already exists signs in with their own password (and mfaToken) instead, and is added. Then POST /auth/token works.',
    security: [],
  })
  @Post('accept')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ type: AcceptInvitationResponseDto })
  acceptInvitation(
    @Body() body: AcceptInvitationRequestDto,
    @Ip() ip: string,
  ): Promise<AcceptInvitationResponse> {
    return this.accept.accept(body, ip);
  }
}
