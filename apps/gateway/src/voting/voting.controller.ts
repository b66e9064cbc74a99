import {
  Body,
  Controller,
  HttpCode,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { BallotReceipt } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { IdempotencyKey } from './idempotency-key';
import { BallotEntry } from './ballot-entry';
import { MatterLifecycle } from './matter-lifecycle';
import {
  BallotReceiptDto,
  MatterActionRequestDto,
  RecordBallotRequestDto,
} from './voting.dto';

@ApiTags('Live voting')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class VotingController {
  constructor(
    private readonly lifecycle: MatterLifecycle,
    private readonly ballots: BallotEntry,
  ) {}

  @ApiOperation({ summary: 'Start, extend or stop live voting on a matter' })
  @Post('matters/:matterKey/action')
  @HttpCode(204)
  @ApiNoContentResponse()
  action(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: MatterActionRequestDto,
  ): Promise<void> {
    return this.lifecycle.action(manager.userId, shortCode, matterKey, body);
  }

  @ApiOperation({ summary: "Record a manager's ballot for a member" })
  @Post('matters/:matterKey/ballots')
  @ApiCreatedResponse({ type: BallotReceiptDto })
  record(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: RecordBallotRequestDto,
    @IdempotencyKey() idempotencyKey: string | null,
  ): Promise<BallotReceipt> {
    return this.ballots.recordByManager(
      manager.userId,
      shortCode,
      matterKey,
      body,
      idempotencyKey,
    );
  }
}
