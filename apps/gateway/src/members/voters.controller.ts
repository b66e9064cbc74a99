import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Voter } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  CreateVoterRequestDto,
  UpdateVoterRequestDto,
  VoterDto,
} from './members.dto';
import { VotersService } from './voters.service';

@ApiTags('Members')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/members/:memberKey/voters')
export class VotersController {
  constructor(private readonly voters: VotersService) {}

  @ApiOperation({ summary: 'Add a voter to a member' })
  @Post()
  @ApiCreatedResponse({ type: VoterDto })
  create(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Body() body: CreateVoterRequestDto,
  ): Promise<Voter> {
    return this.voters.create(manager.userId, shortCode, memberKey, body);
  }

  @ApiOperation({ summary: 'Get a voter' })
  @ClerkMay()
  @Get(':email')
  @ApiParam({
    name: 'email',
    description: 'URL-encoded; matched case-insensitively',
  })
  @ApiOkResponse({ type: VoterDto })
  get(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Param('email') email: string,
  ): Promise<Voter> {
    return this.voters.get(manager.userId, shortCode, memberKey, email);
  }

  @ApiOperation({ summary: 'Edit a voter' })
  @Patch(':email')
  @ApiParam({
    name: 'email',
    description: 'URL-encoded; matched case-insensitively',
  })
  @ApiOkResponse({ type: VoterDto })
  update(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Param('email') email: string,
    @Body() body: UpdateVoterRequestDto,
  ): Promise<Voter> {
    return this.voters.update(
      manager.userId,
      shortCode,
      memberKey,
      email,
      body,
    );
  }

  @ApiOperation({ summary: 'Remove a voter' })
  @Delete(':email')
  @HttpCode(204)
  @ApiParam({
    name: 'email',
    description: 'URL-encoded; matched case-insensitively',
  })
  @ApiNoContentResponse()
  remove(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('memberKey') memberKey: string,
    @Param('email') email: string,
  ): Promise<void> {
    return this.voters.remove(manager.userId, shortCode, memberKey, email);
  }
}
