import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { CheckInList, CheckInResult } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  CheckInListDto,
  CheckInRequestDto,
  CheckInResultDto,
} from './check-ins.dto';
import { CheckInsService } from './check-ins.service';

/** The check-in desk of a hybrid meeting (docs/hybrid-meetings.md). */
@ApiTags('Check-in desk')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@ClerkMay()
@Controller('v1/Meetings/:shortCode/check-ins')
export class CheckInsController {
  constructor(private readonly checkIns: CheckInsService) {}

  @ApiOperation({ summary: 'Voters checked in at the desk' })
  @Get()
  @ApiOkResponse({ type: CheckInListDto })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<CheckInList> {
    return this.checkIns.list(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Check a voter in with a check-in code' })
  @Post()
  @ApiCreatedResponse({ type: CheckInResultDto })
  @ApiBadRequestResponse({
    description:
      'Not a check-in code of this meeting (`check_in_code_invalid`), or one whose meeting is over (`check_in_code_expired`).',
  })
  @ApiNotFoundResponse({
    description: 'No such voter, or control number, in this meeting.',
  })
  checkIn(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: CheckInRequestDto,
  ): Promise<CheckInResult> {
    return this.checkIns.checkIn(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: 'Check a voter out' })
  @Delete(':voterKey')
  @ApiOkResponse({ type: CheckInResultDto })
  checkOut(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('voterKey') voterKey: string,
  ): Promise<CheckInResult> {
    return this.checkIns.checkOut(manager.userId, shortCode, voterKey);
  }
}
