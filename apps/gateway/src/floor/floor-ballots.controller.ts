import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
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
import type {
  FloorBallotResponse,
  PendingFloorBallot,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  FloorBallotRequestDto,
  FloorBallotResponseDto,
  PendingFloorBallotDto,
} from './floor-ballots.dto';
import { FloorBallotsService } from './floor-ballots.service';

/** Clerks' floor ballots for a live matter (docs/hybrid-meetings.md, "Floor ballots"). */
@ApiTags('Live voting')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@ClerkMay()
@Controller('v1/Meetings/:shortCode/matters/:matterKey/floor-ballots')
export class FloorBallotsController {
  constructor(private readonly floor: FloorBallotsService) {}

  @ApiOperation({ summary: 'Record a floor ballot for a live matter' })
  @Post()
  @ApiCreatedResponse({ type: FloorBallotResponseDto })
  record(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: FloorBallotRequestDto,
  ): Promise<FloorBallotResponse> {
    return this.floor.record(manager.userId, shortCode, matterKey, body);
  }

  @ApiOperation({
    summary: "List a matter's floor ballots awaiting a second clerk",
  })
  @Get('pending')
  @ApiOkResponse({ type: [PendingFloorBallotDto] })
  pending(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<PendingFloorBallot[]> {
    return this.floor.pending(manager.userId, shortCode, matterKey);
  }

  @ApiOperation({ summary: 'Discard a pending floor ballot' })
  @Delete('pending/:entryKey')
  @HttpCode(204)
  @ApiNoContentResponse()
  discard(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Param('entryKey') entryKey: string,
  ): Promise<void> {
    return this.floor.discard(manager.userId, shortCode, matterKey, entryKey);
  }
}
