import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
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
import type { Response } from 'express';
import type {
  Matter,
  MatterTallyRow,
  MatterVoterRecord,
  NotVotedUnit,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { ClerkMay } from '../identity/team-roles';
import {
  CreateMatterRequestDto,
  MatterDto,
  MatterTallyRowDto,
  MatterVoterRecordDto,
  MatterVotersQueryDto,
  NotVotedQueryDto,
  NotVotedUnitDto,
  UpdateMatterRequestDto,
} from './matters.dto';
import { MattersService } from './matters.service';

@ApiTags('Matters')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/matters')
export class MattersController {
  constructor(private readonly matters: MattersService) {}

  @ApiOperation({ summary: 'Add a matter to a meeting' })
  @Post()
  @ApiCreatedResponse({ type: MatterDto })
  create(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: CreateMatterRequestDto,
  ): Promise<Matter> {
    return this.matters.create(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: "List a meeting's matters" })
  @ClerkMay()
  @Get()
  @ApiOkResponse({ type: [MatterDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<Matter[]> {
    return this.matters.list(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Get a matter' })
  @ClerkMay()
  @Get(':matterKey')
  @ApiOkResponse({ type: MatterDto })
  get(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<Matter> {
    return this.matters.get(manager.userId, shortCode, matterKey);
  }

  @ApiOperation({ summary: 'Edit a matter' })
  @Patch(':matterKey')
  @ApiOkResponse({ type: MatterDto })
  update(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: UpdateMatterRequestDto,
  ): Promise<Matter> {
    return this.matters.update(manager.userId, shortCode, matterKey, body);
  }

  @ApiOperation({ summary: 'Delete a matter' })
  @Delete(':matterKey')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<void> {
    return this.matters.delete(manager.userId, shortCode, matterKey);
  }

  @ApiOperation({ summary: 'Ballot counts of a matter' })
  @Get(':matterKey/stats')
  @ApiOkResponse({ type: [MatterTallyRowDto] })
  stats(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<MatterTallyRow[]> {
    return this.matters.stats(manager.userId, shortCode, matterKey);
  }

  @ApiOperation({ summary: 'Members with a ballot on a matter' })
  @Get(':matterKey/voters')
  @ApiOkResponse({
    type: [MatterVoterRecordDto],
    headers: {
      'X-Total-Count': {
        description: 'Members with a ballot on the matter',
        schema: { type: 'integer' },
      },
    },
  })
  async voters(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Query() query: MatterVotersQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MatterVoterRecord[]> {
    const page = await this.matters.voters(
      manager.userId,
      shortCode,
      matterKey,
      query,
    );
    response.setHeader('X-Total-Count', String(page.total));
    return page.records;
  }

  /** Who may still vote and has not: a page, searchable; never how anyone voted. */
  @ApiOperation({
    summary: 'Members who may still vote on a matter and have not',
  })
  @Get(':matterKey/not-voted')
  @ApiOkResponse({
    type: [NotVotedUnitDto],
    headers: {
      'X-Total-Count': {
        description: 'Units without a ballot that match searchText',
        schema: { type: 'integer' },
      },
    },
  })
  async notVoted(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Query() query: NotVotedQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<NotVotedUnit[]> {
    const page = await this.matters.notVoted(
      manager.userId,
      shortCode,
      matterKey,
      query,
    );
    response.setHeader('X-Total-Count', String(page.total));
    return page.units;
  }
}
