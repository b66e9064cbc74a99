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
  ApiNoContentResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { MatterLifecycleService } from './matter-lifecycle.service';
import { MatterActionRequestDto } from './voting.dto';

@ApiTags('Live voting')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class VotingController {
  constructor(private readonly lifecycle: MatterLifecycleService) {}

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
}
