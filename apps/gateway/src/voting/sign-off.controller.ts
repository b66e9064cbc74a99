import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { SignOffStatus } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  NameScrutineersRequestDto,
  SignOffStatusDto,
  TieBreakRequestDto,
} from '../results/results.dto';
import { SignOffService } from './sign-off.service';
import { TieBreakService } from './tie-break.service';

@ApiTags('Results')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class SignOffController {
  constructor(
    private readonly signOff: SignOffService,
    private readonly tieBreaks: TieBreakService,
  ) {}

  @ApiOperation({ summary: "Record the chair's decision on a tied result" })
  @Post('matters/:matterKey/tie-break')
  @HttpCode(204)
  @ApiNoContentResponse({
    description:
      'Decided: the tied options named take the seats left; shown as `result.tieBreak` (docs/elections.md).',
  })
  tieBreak(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
    @Body() body: TieBreakRequestDto,
  ): Promise<void> {
    return this.tieBreaks.decide(manager.userId, shortCode, matterKey, body);
  }

  @ApiOperation({ summary: "Sign off a matter's result" })
  @Post('matters/:matterKey/sign-off')
  @HttpCode(204)
  @ApiNoContentResponse({
    description:
      'Signed off (and published, if it was not): a scrutineer of the meeting only.',
  })
  sign(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<void> {
    return this.signOff.signOff(manager.userId, shortCode, matterKey);
  }

  @ApiOperation({ summary: 'Sign-off status of every matter' })
  @Get('sign-off')
  @ApiOkResponse({ type: SignOffStatusDto })
  status(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<SignOffStatus> {
    return this.signOff.status(manager.userId, shortCode);
  }

  @ApiOperation({ summary: "Name the meeting's scrutineers" })
  @Put('scrutineers')
  @ApiOkResponse({ type: SignOffStatusDto })
  name(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: NameScrutineersRequestDto,
  ): Promise<SignOffStatus> {
    return this.signOff.nameScrutineers(manager.userId, shortCode, body.emails);
  }
}
