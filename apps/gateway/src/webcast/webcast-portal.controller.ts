import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { VoterPrincipal } from '../identity/voter-principal';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import { PortalWebcastDto } from './webcast.dto';
import { WebcastPortalService } from './webcast-portal.service';

@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode/webcast')
export class WebcastPortalController {
  constructor(private readonly portal: WebcastPortalService) {}

  @ApiOperation({ summary: "The voter's link into the video room" })
  @Get()
  @ApiOkResponse({ type: PortalWebcastDto })
  @ApiNoContentResponse({
    description: 'The meeting has no video room: nothing, not an error',
  })
  async get(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Res() res: Response,
  ): Promise<void> {
    const webcast = await this.portal.forVoter(voter, shortCode);
    if (webcast) res.json(webcast);
    else res.status(204).end();
  }
}
