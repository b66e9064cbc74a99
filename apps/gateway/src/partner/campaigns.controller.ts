import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Campaign, CampaignWithStats } from '@livevote/contracts';
import { CampaignsService } from './campaigns.service';
import { CampaignDto, CampaignWithStatsDto } from './partner.dto';
import { CurrentPartner, PartnerAuthGuard } from './partner-auth.guard';
import type { PartnerPrincipal } from '../identity/partner-access-tokens.service';

@ApiTags('Partner API')
@ApiBearerAuth()
@ApiUnauthorizedResponse({
  description: 'No, unknown, expired or revoked partner access token.',
})
@UseGuards(PartnerAuthGuard)
@Controller('papi/v1/campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @ApiOperation({
    summary: "The campaigns (meetings) of the granting customer's accounts",
  })
  @ApiOkResponse({ type: [CampaignDto] })
  list(@CurrentPartner() partner: PartnerPrincipal): Promise<Campaign[]> {
    return this.campaigns.list(partner.userId);
  }

  @Get(':key')
  @ApiOperation({ summary: 'One campaign with its stats' })
  @ApiOkResponse({ type: CampaignWithStatsDto })
  @ApiNotFoundResponse({
    description: "No such campaign among the customer's accounts.",
  })
  get(
    @CurrentPartner() partner: PartnerPrincipal,
    @Param('key') key: string,
  ): Promise<CampaignWithStats> {
    return this.campaigns.get(partner.userId, key);
  }
}
