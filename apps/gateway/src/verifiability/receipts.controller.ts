import {
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type {
  EmailReceiptResponse,
  PublishedCount,
  ReceiptStatus,
} from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { ReaderLanguage } from '../common/reader-language';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import type { VoterPrincipal } from '../identity/voter-principal';
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

  @ApiOperation({
    summary: "List the voter's receipts and the published counts",
  })
  @Get('receipts')
  @Header('Vary', 'Accept-Language')
  @ApiOkResponse({ type: ReceiptListDto })
  list(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @ReaderLanguage() lng: Language,
  ): Promise<ReceiptStatus[]> {
    return this.receipts.list(voter, shortCode, lng);
  }

  @ApiOperation({ summary: 'Check one receipt' })
  @Get('receipts/:receipt')
  @Header('Vary', 'Accept-Language')
  @ApiOkResponse({ type: ReceiptStatusDto })
  get(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('receipt') receipt: string,
    @ReaderLanguage() lng: Language,
  ): Promise<ReceiptStatus> {
    return this.receipts.get(voter, shortCode, receipt, lng);
  }

  @ApiOperation({ summary: 'E-mail a receipt to the voter' })
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

  @ApiOperation({ summary: "A matter's published count, as voters see it" })
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
