import { PortalReaderOf, type PortalReader } from '../common/reader-language';
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Ip,
  Param,
  Post,
  Put,
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
import type {
  HolderCastResponse,
  HolderSessionResponse,
  HolderView,
  MemberProxy,
  ProxyForm,
} from '@livevote/contracts';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import type { VoterPrincipal } from '../identity/voter-principal';
import type { Response } from 'express';
import { CurrentHolder, HolderAuthGuard } from './holder-auth.guard';
import type { HolderPrincipal } from './holder-tokens.service';
import { HolderVotesService } from './holder-votes.service';
import { AcceptedLanguages } from '../common/accepted-languages';
import {
  HolderCastRequestDto,
  HolderCastResponseDto,
  HolderPresenceRequestDto,
  HolderSessionRequestDto,
  HolderSessionResponseDto,
  HolderViewDto,
  MemberProxyDto,
  ProxyFormDto,
  SubmitProxyRequestDto,
} from './proxies.dto';
import { VoterProxiesService } from './voter-proxies.service';

const MAX_USER_AGENT = 500;

/** A member's voter: its proxy form. */
@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode')
export class ProxyPortalController {
  constructor(private readonly proxies: VoterProxiesService) {}

  @ApiOperation({ summary: "The member's proxy form" })
  @Get('proxy-form')
  @ApiOkResponse({ type: ProxyFormDto })
  form(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<ProxyForm> {
    return this.proxies.form(voter, shortCode, reader);
  }

  @ApiOperation({ summary: 'Submit or replace a proxy' })
  @Post('proxy')
  @ApiCreatedResponse({ type: MemberProxyDto })
  submit(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Body() body: SubmitProxyRequestDto,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<MemberProxy> {
    return this.proxies.submit(voter, shortCode, body, {
      ip,
      userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    });
  }

  @ApiOperation({ summary: "The member's current proxy" })
  @Get('proxy')
  @ApiOkResponse({ type: MemberProxyDto })
  @ApiNoContentResponse({
    description: 'The member has never given a proxy: nothing, not an error',
  })
  async mine(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Res() res: Response,
  ): Promise<void> {
    const proxy = await this.proxies.mine(voter, shortCode);
    if (proxy) res.json(proxy);
    else res.status(204).end();
  }

  @ApiOperation({ summary: 'Withdraw a proxy' })
  @Delete('proxy')
  @HttpCode(204)
  @ApiNoContentResponse()
  withdraw(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<void> {
    return this.proxies.withdraw(voter, shortCode);
  }
}

/** A proxy holder, from the link in its e-mail: what it holds, and its discretionary votes. */
@ApiTags('Voter portal')
@Controller('portal/v1/Meetings/:shortCode/holder')
export class HolderPortalController {
  constructor(private readonly holderVotes: HolderVotesService) {}

  @ApiOperation({
    summary: "Open a proxy holder's session from its e-mail link",
    security: [],
  })
  @Post('session')
  @HttpCode(200)
  @ApiOkResponse({ type: HolderSessionResponseDto })
  session(
    @Param('shortCode') shortCode: string,
    @Body() body: HolderSessionRequestDto,
  ): Promise<HolderSessionResponse> {
    return this.holderVotes.session(shortCode, body.holderToken);
  }

  @ApiOperation({ summary: 'Proxies the holder holds' })
  @Get('proxies')
  @UseGuards(HolderAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: HolderViewDto })
  view(
    @CurrentHolder() holder: HolderPrincipal,
    @Param('shortCode') shortCode: string,
    @AcceptedLanguages() browser: string[],
  ): Promise<HolderView> {
    return this.holderVotes.view({ holder }, shortCode, undefined, browser);
  }

  @ApiOperation({ summary: 'Say whether the holder attends' })
  @Put('presence')
  @UseGuards(HolderAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: HolderViewDto })
  presence(
    @CurrentHolder() holder: HolderPrincipal,
    @Param('shortCode') shortCode: string,
    @Body() body: HolderPresenceRequestDto,
    @AcceptedLanguages() browser: string[],
  ): Promise<HolderView> {
    return this.holderVotes.setPresence(
      holder,
      shortCode,
      body.present,
      browser,
    );
  }

  @ApiOperation({ summary: "Cast the holder's discretionary ballot" })
  @Post('matters/:matterKey/ballots')
  @UseGuards(HolderAuthGuard)
  @ApiBearerAuth()
  @ApiCreatedResponse({ type: HolderCastResponseDto })
  cast(
    @CurrentHolder() holder: HolderPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: HolderCastRequestDto,
  ): Promise<HolderCastResponse> {
    return this.holderVotes.cast({ holder }, shortCode, matterKey, body.split);
  }
}
