import {
  Body,
  Controller,
  Get,
  HttpCode,
  Ip,
  Param,
  Patch,
  Post,
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
  BallotReceipt,
  OwnBallot,
  OwnBallots,
  PortalEntry,
  PortalMeeting,
  PortalSessionResponse,
  PortalVoter,
} from '@livevote/contracts';
import { IdempotencyKey } from '../ballots/idempotency-key';
import { PortalReaderOf, type PortalReader } from '../common/reader-language';
import type { VoterPrincipal } from '../identity/voter-principal';
import {
  BallotReceiptDto,
  CastBallotRequestDto,
  OwnBallotDto,
} from '../voting/voting.dto';
import { CurrentVoter, PortalAuthGuard } from './portal-auth.guard';
import {
  OwnBallotsDto,
  PortalEntryDto,
  PortalMeetingDto,
  PortalRegisterRequestDto,
  PortalSessionRequestDto,
  PortalSessionResponseDto,
  PortalVoterDto,
  PortalVoterUpdateDto,
} from './portal.dto';
import { PortalMeetingService } from './portal-meeting.service';
import { PortalSessionsService } from './portal-sessions.service';

@ApiTags('Voter portal')
@Controller('portal/v1/Meetings/:shortCode')
export class PortalController {
  constructor(
    private readonly sessions: PortalSessionsService,
    private readonly portal: PortalMeetingService,
  ) {}

  @ApiOperation({
    summary: 'Open a voter session from an invite link',
    security: [],
  })
  @Post('session')
  @HttpCode(200)
  @ApiOkResponse({ type: PortalSessionResponseDto })
  session(
    @Param('shortCode') shortCode: string,
    @Body() body: PortalSessionRequestDto,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<PortalSessionResponse> {
    return this.sessions.session(shortCode, body.inviteToken, reader);
  }

  @ApiOperation({ summary: 'How a voter may enter a meeting', security: [] })
  @Get('entry')
  @ApiOkResponse({ type: PortalEntryDto })
  entry(
    @Param('shortCode') shortCode: string,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<PortalEntry> {
    return this.sessions.entry(shortCode, reader);
  }

  @ApiOperation({
    summary: 'Register as a voter at an open meeting',
    security: [],
  })
  @Post('register')
  @HttpCode(200)
  @ApiOkResponse({ type: PortalSessionResponseDto })
  register(
    @Param('shortCode') shortCode: string,
    @Body() body: PortalRegisterRequestDto,
    @Ip() ip: string,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<PortalSessionResponse> {
    return this.sessions.register(shortCode, body, ip, reader);
  }

  @ApiOperation({ summary: 'The meeting as a voter sees it' })
  @Get()
  @UseGuards(PortalAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: PortalMeetingDto })
  meeting(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<PortalMeeting> {
    return this.portal.meeting(voter, shortCode, reader);
  }

  @ApiOperation({ summary: "The voter's ballots" })
  @Get('ballots')
  @UseGuards(PortalAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: OwnBallotsDto })
  ownBallots(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<OwnBallots> {
    return this.portal.ownBallots(voter, shortCode);
  }

  /** The voter's own language (null: back to the browser's, else the meeting's primary). */
  @ApiOperation({ summary: "Set the voter's language" })
  @Patch('voter')
  @UseGuards(PortalAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: PortalVoterDto })
  updateVoter(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Body() body: PortalVoterUpdateDto,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<PortalVoter> {
    return this.portal.updateVoter(voter, shortCode, body, reader);
  }

  @ApiOperation({ summary: "The voter's ballot on a matter" })
  @Get('matters/:matterKey/ballot')
  @UseGuards(PortalAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: OwnBallotDto })
  ownBallot(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<OwnBallot> {
    return this.portal.ownBallot(voter, shortCode, matterKey);
  }

  @ApiOperation({ summary: 'Cast a ballot' })
  @Post('matters/:matterKey/ballots')
  @UseGuards(PortalAuthGuard)
  @ApiBearerAuth()
  @ApiCreatedResponse({ type: BallotReceiptDto })
  cast(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: CastBallotRequestDto,
    @IdempotencyKey() idempotencyKey: string | null,
  ): Promise<BallotReceipt> {
    return this.portal.cast(voter, shortCode, matterKey, body, idempotencyKey);
  }
}
