import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { PortalWebcast } from '@livevote/contracts';
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
  get(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<PortalWebcast> {
    return this.portal.forVoter(voter, shortCode);
  }
}
