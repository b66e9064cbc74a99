import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTooManyRequestsResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type {
  HolderCastResponse,
  HolderView,
  InviteResult,
  MemberProxy,
  ProxyHolderSummary,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { AcceptedLanguages } from '../common/accepted-languages';
import { HolderLinkResendService } from './holder-link-resend.service';
import { HolderVotesService } from './holder-votes.service';
import {
  HolderCastRequestDto,
  HolderCastResponseDto,
  HolderNoticeResultDto,
  HolderPresenceRequestDto,
  HolderViewDto,
  ListProxiesQueryDto,
  MemberProxyDto,
  PaperProxyRequestDto,
  ProxyHolderSummaryDto,
  RejectProxyRequestDto,
} from './proxies.dto';
import { ManagerProxiesService } from './manager-proxies.service';

/** Managers: the verification queue, paper proxies, holders and default holders' votes. */
@ApiTags('Proxies')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class ProxiesController {
  constructor(
    private readonly proxies: ManagerProxiesService,
    private readonly holderVotes: HolderVotesService,
    private readonly holderLinks: HolderLinkResendService,
  ) {}

  @ApiOperation({ summary: "List a meeting's proxies for verification" })
  @Get('proxies')
  @ApiOkResponse({ type: [MemberProxyDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ListProxiesQueryDto,
  ): Promise<MemberProxy[]> {
    return this.proxies.list(manager.userId, shortCode, query);
  }

  @ApiOperation({ summary: 'Enter a paper proxy' })
  @Post('proxies')
  @ApiCreatedResponse({ type: MemberProxyDto })
  enterPaper(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: PaperProxyRequestDto,
  ): Promise<MemberProxy> {
    return this.proxies.enterPaper(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: 'Verify a proxy' })
  @Post('proxies/:proxyKey/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: MemberProxyDto })
  verify(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('proxyKey') proxyKey: string,
  ): Promise<MemberProxy> {
    return this.proxies.verify(manager.userId, shortCode, proxyKey);
  }

  @ApiOperation({ summary: 'Reject a proxy' })
  @Post('proxies/:proxyKey/reject')
  @HttpCode(200)
  @ApiOkResponse({ type: MemberProxyDto })
  reject(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('proxyKey') proxyKey: string,
    @Body() body: RejectProxyRequestDto,
  ): Promise<MemberProxy> {
    return this.proxies.reject(
      manager.userId,
      shortCode,
      proxyKey,
      body.reason,
    );
  }

  @ApiOperation({ summary: "List a meeting's proxy holders" })
  @Get('proxy-holders')
  @ApiOkResponse({ type: [ProxyHolderSummaryDto] })
  holders(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<ProxyHolderSummary[]> {
    return this.proxies.holders(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Mark a proxy holder present or absent' })
  @Put('proxy-holders/:holderKey/presence')
  @ApiOkResponse({ type: ProxyHolderSummaryDto })
  setHolderPresence(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('holderKey') holderKey: string,
    @Body() body: HolderPresenceRequestDto,
  ): Promise<ProxyHolderSummary> {
    return this.proxies.setHolderPresence(
      manager.userId,
      shortCode,
      holderKey,
      body.present,
    );
  }

  @ApiOperation({ summary: 'Send a named proxy holder its link again' })
  @Post('proxy-holders/:holderKey/notice')
  @HttpCode(200)
  @ApiOkResponse({ type: HolderNoticeResultDto })
  @ApiNotFoundResponse({ description: 'meeting_not_found, holder_not_found' })
  @ApiConflictResponse({
    description: 'holder_has_no_email, holder_holds_nothing',
  })
  @ApiTooManyRequestsResponse({ description: 'rate_limited' })
  @ApiBadGatewayResponse({ description: 'notice_not_sent' })
  resendHolderLink(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('holderKey') holderKey: string,
  ): Promise<InviteResult> {
    return this.holderLinks.resend(manager.userId, shortCode, holderKey);
  }

  @ApiOperation({ summary: 'Proxies held by a default holder' })
  @Get('proxy-holders/:holderKey/proxies')
  @ApiOkResponse({ type: HolderViewDto })
  defaultHolderView(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('holderKey') holderKey: string,
    @AcceptedLanguages() browser: string[],
  ): Promise<HolderView> {
    return this.holderVotes.view(
      { userId: manager.userId },
      shortCode,
      holderKey,
      browser,
    );
  }

  @ApiOperation({ summary: "Cast a default holder's discretionary ballot" })
  @Post('proxy-holders/:holderKey/matters/:matterKey/ballots')
  @ApiCreatedResponse({ type: HolderCastResponseDto })
  castForDefaultHolder(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('holderKey') holderKey: string,
    @Param('matterKey') matterKey: string,
    @Body() body: HolderCastRequestDto,
  ): Promise<HolderCastResponse> {
    return this.holderVotes.cast(
      { userId: manager.userId },
      shortCode,
      matterKey,
      body.split,
      holderKey,
    );
  }
}
