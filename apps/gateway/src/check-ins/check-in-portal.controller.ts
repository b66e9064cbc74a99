import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { PortalCheckInCode, PortalRsvp } from '@livevote/contracts';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import type { VoterPrincipal } from '../identity/voter-principal';
import {
  PortalCheckInCodeDto,
  PortalRsvpDto,
  RsvpRequestDto,
} from './check-ins.dto';
import { PortalAttendanceService } from './portal-attendance.service';

/** A voter's RSVP and check-in code. */
@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode')
export class CheckInPortalController {
  constructor(private readonly attendance: PortalAttendanceService) {}

  @ApiOperation({ summary: "The voter's RSVP" })
  @Get('rsvp')
  @ApiOkResponse({ type: PortalRsvpDto })
  rsvp(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<PortalRsvp> {
    return this.attendance.rsvp(voter, shortCode);
  }

  @ApiOperation({ summary: 'Answer the RSVP' })
  @Put('rsvp')
  @ApiOkResponse({ type: PortalRsvpDto })
  setRsvp(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Body() body: RsvpRequestDto,
  ): Promise<PortalRsvp> {
    return this.attendance.setRsvp(voter, shortCode, body.attending);
  }

  @ApiOperation({ summary: "The voter's check-in code" })
  @Get('check-in-code')
  @ApiOkResponse({ type: PortalCheckInCodeDto })
  checkInCode(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<PortalCheckInCode> {
    return this.attendance.checkInCode(voter, shortCode);
  }
}
