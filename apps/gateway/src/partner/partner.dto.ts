import { createZodDto } from 'nestjs-zod';
import {
  Campaign,
  CampaignWithStats,
  OAuthErrorResponse,
  PartnerTokenRequest,
  PartnerTokenResponse,
} from '@livevote/contracts';

export class CampaignDto extends createZodDto(Campaign) {}
export class CampaignWithStatsDto extends createZodDto(CampaignWithStats) {}
export class PartnerTokenRequestDto extends createZodDto(PartnerTokenRequest) {}
export class PartnerTokenResponseDto extends createZodDto(
  PartnerTokenResponse,
) {}
export class OAuthErrorResponseDto extends createZodDto(OAuthErrorResponse) {}
