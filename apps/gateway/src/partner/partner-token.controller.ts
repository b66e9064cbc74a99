import {
  Body,
  Controller,
  Header,
  Headers,
  HttpCode,
  Ip,
  Post,
  Query,
  UseFilters,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { PartnerTokenResponse } from '@livevote/contracts';
import { OAuthExceptionFilter } from './oauth-exception.filter';
import {
  OAuthErrorResponseDto,
  PartnerTokenRequestDto,
  PartnerTokenResponseDto,
} from './partner.dto';
import { PartnerTokenService } from './partner-token.service';

@ApiTags('Partner OAuth')
@UseFilters(OAuthExceptionFilter)
@Controller('papi/v1/oauth')
export class PartnerTokenController {
  constructor(private readonly tokens: PartnerTokenService) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiOperation({
    summary: 'Exchange an authorization code, or rotate a refresh token',
    description:
      'Client authentication: client_id + client_secret in the body, or HTTP Basic. ' +
      'A code exchange needs code (and code_verifier when the authorization used PKCE); ' +
      'a refresh needs ?grant_type=refresh (or grant_type=refresh_token) and refresh_token.',
  })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: PartnerTokenRequestDto })
  @ApiQuery({ name: 'grant_type', required: false, enum: ['refresh'] })
  @ApiBasicAuth()
  @ApiOkResponse({ type: PartnerTokenResponseDto })
  @ApiBadRequestResponse({ type: OAuthErrorResponseDto })
  @ApiUnauthorizedResponse({ type: OAuthErrorResponseDto })
  @ApiTooManyRequestsResponse({
    type: OAuthErrorResponseDto,
    description: 'slow_down: over the rate limit, see Retry-After.',
  })
  @ApiServiceUnavailableResponse({
    type: OAuthErrorResponseDto,
    description:
      'temporarily_unavailable: too many client authentications waiting.',
  })
  token(
    @Body() body: PartnerTokenRequestDto,
    @Query('grant_type') grantType: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Ip() ip: string,
  ): Promise<PartnerTokenResponse> {
    return this.tokens.token(body, grantType, authorization, ip);
  }
}
