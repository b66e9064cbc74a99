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
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type {
  HolderCastResponse,
  HolderView,
  MemberProxy,
  ProxyHolderSummary,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { HolderVotesService } from './holder-votes.service';
import {
  HolderCastRequestDto,
  HolderCastResponseDto,
  HolderPresenceRequestDto,
  HolderViewDto,
  ListProxiesQueryDto,
  MemberProxyDto,
  PaperProxyRequestDto,
  ProxyHolderSummaryDto,
  RejectProxyRequestDto,
} from './proxies.dto';
import { ProxiesService } from './proxies.service';

/** Managers: the verification queue, paper proxies, holders and default holders' votes. */
@ApiTags('Proxies')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class ProxiesController {
  constructor(
    private readonly proxies: ProxiesService,
    private readonly holderVotes: HolderVotesService,
  ) {}

  @Get('proxies')
  @ApiOkResponse({ type: [MemberProxyDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ListProxiesQueryDto,
  ): Promise<MemberProxy[]> {
    return this.proxies.list(manager.userId, shortCode, query);
  }

  @Post('proxies')
  @ApiCreatedResponse({ type: MemberProxyDto })
  enterPaper(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: PaperProxyRequestDto,
  ): Promise<MemberProxy> {
    return this.proxies.enterPaper(manager.userId, shortCode, body);
  }

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

  @Get('proxy-holders')
  @ApiOkResponse({ type: [ProxyHolderSummaryDto] })
  holders(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<ProxyHolderSummary[]> {
    return this.proxies.holders(manager.userId, shortCode);
  }

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

  @Get('proxy-holders/:holderKey/proxies')
  @ApiOkResponse({ type: HolderViewDto })
  defaultHolderView(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('holderKey') holderKey: string,
  ): Promise<HolderView> {
    return this.holderVotes.view(
      { userId: manager.userId },
      shortCode,
      holderKey,
    );
  }

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
