import {
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type {
  EmailReceiptResponse,
  PublishedCount,
  ReceiptStatus,
} from '@livevote/contracts';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import type { VoterPrincipal } from '../voting/ballot-entry';
import { PublishedCountService } from './published-count.service';
import { ReceiptsService } from './receipts.service';
import {
  EmailReceiptResponseDto,
  PublishedCountDto,
  ReceiptListDto,
  ReceiptStatusDto,
} from './verifiability.dto';

/** A voter's receipts and the published counts (docs/verifiability.md). */
@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode')
export class ReceiptsController {
  constructor(
    private readonly receipts: ReceiptsService,
    private readonly counts: PublishedCountService,
  ) {}

  @Get('receipts')
  @ApiOkResponse({ type: ReceiptListDto })
  list(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<ReceiptStatus[]> {
    return this.receipts.list(voter, shortCode);
  }

  @Get('receipts/:receipt')
  @ApiOkResponse({ type: ReceiptStatusDto })
  get(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('receipt') receipt: string,
  ): Promise<ReceiptStatus> {
    return this.receipts.get(voter, shortCode, receipt);
  }

  @Post('receipts/:receipt/email')
  @HttpCode(200)
  @ApiOkResponse({ type: EmailReceiptResponseDto })
  email(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('receipt') receipt: string,
  ): Promise<EmailReceiptResponse> {
    return this.receipts.email(voter, shortCode, receipt);
  }

  @Get('matters/:matterKey/published')
  @ApiOkResponse({ type: PublishedCountDto })
  published(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<PublishedCount> {
    return this.counts.forVoter(voter, shortCode, matterKey);
  }
}
