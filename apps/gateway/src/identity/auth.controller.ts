import { Body, Controller, Header, HttpCode, Ip, Post } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type {
  AuthRefreshResponse,
  AuthTokenResponse,
} from '@livevote/contracts';
import {
  AuthLogoutRequestDto,
  AuthRefreshRequestDto,
  AuthRefreshResponseDto,
  AuthTokenRequestDto,
  AuthTokenResponseDto,
} from './auth.dto';
import { AuthService } from './auth.service';

@ApiTags('Auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({
    summary: 'Sign in with e-mail and password (and a one-time code)',
    security: [],
  })
  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: AuthTokenResponseDto })
  token(
    @Body() body: AuthTokenRequestDto,
    @Ip() ip: string,
  ): Promise<AuthTokenResponse> {
    return this.auth.signIn(body, ip);
  }

  @ApiOperation({
    summary: 'Trade a refresh token for a new access token',
    security: [],
  })
  @Post(['oauth/refresh', 'oauth/refresh/'])
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: AuthRefreshResponseDto })
  refresh(
    @Body() body: AuthRefreshRequestDto,
    @Ip() ip: string,
  ): Promise<AuthRefreshResponse> {
    return this.auth.refresh(body.refresh_token, ip);
  }

  @ApiOperation({ summary: 'Sign out: revoke a refresh token', security: [] })
  @Post('logout')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @ApiNoContentResponse({
    description: 'The refresh token is revoked (also 204 when it is unknown).',
  })
  logout(@Body() body: AuthLogoutRequestDto, @Ip() ip: string): Promise<void> {
    return this.auth.logout(body.refresh_token, ip);
  }
}
