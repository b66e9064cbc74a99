import {
  Body,
  Controller,
  Get,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type {
  Meeting,
  MeetingSettings,
  ConnectedVoters,
  MeetingStats,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  CreateMeetingRequestDto,
  ListMeetingsQueryDto,
  MeetingDto,
  MeetingSettingsDto,
  ConnectedVotersDto,
  MeetingStatsDto,
  PatchMeetingRequestDto,
  PatchMeetingSettingsRequestDto,
} from './meetings.dto';
import { MeetingsService } from './meetings.service';

@ApiTags('Meetings')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1')
export class MeetingsController {
  constructor(private readonly meetings: MeetingsService) {}

  @ApiOperation({ summary: 'Create a meeting in an account' })
  @Post('Accounts/:key/meetings')
  @ApiCreatedResponse({ type: MeetingDto })
  create(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Body() body: CreateMeetingRequestDto,
  ): Promise<Meeting> {
    return this.meetings.create(manager.userId, key, body);
  }

  @ApiOperation({ summary: "List an account's meetings" })
  @ClerkMay()
  @Get('Accounts/:key/meetings')
  @ApiOkResponse({ type: [MeetingDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('key') key: string,
    @Query() query: ListMeetingsQueryDto,
  ): Promise<Meeting[]> {
    return this.meetings.list(manager.userId, key, query);
  }

  @ApiOperation({ summary: 'Get a meeting' })
  @ClerkMay()
  @Get('Meetings/:shortCode')
  @ApiOkResponse({ type: MeetingDto })
  get(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<Meeting> {
    return this.meetings.get(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Edit a meeting' })
  @Patch('Meetings/:shortCode')
  @ApiOkResponse({ type: MeetingDto })
  patch(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: PatchMeetingRequestDto,
  ): Promise<Meeting> {
    return this.meetings.patch(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: "Get a meeting's settings" })
  @ClerkMay()
  @Get('Meetings/:shortCode/settings')
  @ApiOkResponse({ type: MeetingSettingsDto })
  settings(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<MeetingSettings> {
    return this.meetings.settings(manager.userId, shortCode);
  }

  @ApiOperation({ summary: "Edit a meeting's settings" })
  @Patch('Meetings/:shortCode/settings')
  @ApiOkResponse({ type: MeetingSettingsDto })
  patchSettings(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: PatchMeetingSettingsRequestDto,
  ): Promise<MeetingSettings> {
    return this.meetings.patchSettings(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: 'Voters connected now' })
  @Get('Meetings/:shortCode/connected')
  @ApiOkResponse({ type: ConnectedVotersDto })
  connected(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<ConnectedVoters> {
    return this.meetings.connected(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Attendance and voting figures of a meeting' })
  @Get('Meetings/:shortCode/stats')
  @ApiOkResponse({ type: MeetingStatsDto })
  stats(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<MeetingStats> {
    return this.meetings.stats(manager.userId, shortCode);
  }
}
