import { Body, Controller, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { BallotReceipt } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { BallotReceiptDto, RecordBallotRequestDto } from '../voting/voting.dto';
import { BallotIntakeService } from './ballot-intake.service';
import { IdempotencyKey } from './idempotency-key';

/** A ballot a manager records for a member (a paper proxy form, a vote in the room). */
@ApiTags('Live voting')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class BallotsController {
  constructor(private readonly intake: BallotIntakeService) {}

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
    return this.intake.submit({
      kind: 'manager',
      userId: manager.userId,
      shortCode,
      matterKey,
      request: body,
      idempotencyKey,
    });
  }
}
