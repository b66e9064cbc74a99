import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Nomination } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  ListNominationsQueryDto,
  NominationDto,
  RejectNominationRequestDto,
} from './nominations.dto';
import { NominationsService } from './nominations.service';

/** Managers review the nominations (docs/elections.md, "Nominations"). */
@ApiTags('Nominations')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/nominations')
export class NominationsController {
  constructor(private readonly nominations: NominationsService) {}

  @ApiOperation({ summary: "The meeting's nominations, by status" })
  @Get()
  @ApiOkResponse({ type: [NominationDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ListNominationsQueryDto,
  ): Promise<Nomination[]> {
    return this.nominations.list(manager.userId, shortCode, query);
  }

  @ApiOperation({ summary: 'Accept a nomination' })
  @Post(':nominationKey/accept')
  @HttpCode(200)
  @ApiOkResponse({ type: NominationDto })
  accept(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('nominationKey') nominationKey: string,
  ): Promise<Nomination> {
    return this.nominations.accept(manager.userId, shortCode, nominationKey);
  }

  @ApiOperation({ summary: 'Reject a nomination, with the reason' })
  @Post(':nominationKey/reject')
  @HttpCode(200)
  @ApiOkResponse({ type: NominationDto })
  reject(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('nominationKey') nominationKey: string,
    @Body() body: RejectNominationRequestDto,
  ): Promise<Nomination> {
    return this.nominations.reject(
      manager.userId,
      shortCode,
      nominationKey,
      body,
    );
  }
}
