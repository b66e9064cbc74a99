import {
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
  ScreenTokenResponse,
  ScreenTokenSummary,
} from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  ScreenTokenResponseDto,
  ScreenTokenSummaryDto,
} from './screen-tokens.dto';
import { ScreenTokensService } from './screen-tokens.service';

@ApiTags('Live voting')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/screen-tokens')
export class ScreenTokensController {
  constructor(private readonly screenTokens: ScreenTokensService) {}

  @ApiOperation({ summary: 'Issue a results screen link' })
  @Post()
  @ApiCreatedResponse({ type: ScreenTokenResponseDto })
  issue(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<ScreenTokenResponse> {
    return this.screenTokens.issue(manager.userId, shortCode);
  }

  @ApiOperation({ summary: "List a meeting's screen links" })
  @Get()
  @ApiOkResponse({ type: [ScreenTokenSummaryDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<ScreenTokenSummary[]> {
    return this.screenTokens.list(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Revoke a screen link' })
  @Delete(':key')
  @HttpCode(204)
  @ApiNoContentResponse()
  revoke(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('key') key: string,
  ): Promise<void> {
    return this.screenTokens.revoke(manager.userId, shortCode, key);
  }
}
