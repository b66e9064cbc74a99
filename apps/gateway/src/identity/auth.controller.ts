import {
  Body,
  Controller,
  Header,
  HttpCode,
  Ip,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
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
import { AuthErrorCode, AuthException } from './auth.exception';
import { AuthService } from './auth.service';
import { SessionCookie } from './session-cookie';

@ApiTags('Auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
  ) {}

  @ApiOperation({
    summary: 'Sign in with e-mail and password (and a one-time code)',
    description:
      'Also sets the browser session cookie (httpOnly, SameSite=Strict, Path=/auth) holding the refresh token.',
    security: [],
  })
  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: AuthTokenResponseDto })
  async token(
    @Body() body: AuthTokenRequestDto,
    @Ip() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthTokenResponse> {
    const answer = await this.auth.signIn(body, ip);
    this.cookie.set(request, response, answer.refresh_token);
    return answer;
  }

  @ApiOperation({
    summary: 'Trade a refresh token for a new access token',
    description:
      'A `refresh_token` in the body is kept. Without one, the session cookie is used and rotated: a replayed, already rotated token revokes its family.',
    security: [],
  })
  @Post(['oauth/refresh', 'oauth/refresh/'])
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: AuthRefreshResponseDto })
  async refresh(
    @Body() body: AuthRefreshRequestDto,
    @Ip() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthRefreshResponse> {
    const fromCookie = body.refresh_token
      ? undefined
      : this.cookie.read(request);
    const token = body.refresh_token ?? fromCookie;
    if (!token) throw new AuthException(AuthErrorCode.InvalidRefreshToken);
    try {
      const { answer, rotated } = await this.auth.refresh(
        { token, rotate: fromCookie !== undefined },
        ip,
      );
      if (rotated) this.cookie.set(request, response, rotated);
      return answer;
    } catch (caught) {
      if (
        fromCookie &&
        caught instanceof AuthException &&
        caught.status === 401
      )
        this.cookie.clear(request, response);
      throw caught;
    }
  }

  @ApiOperation({
    summary: 'Sign out: revoke a refresh token and every token rotated from it',
    description:
      "Revokes the body's `refresh_token`, the session cookie's, or both, and clears the cookie.",
    security: [],
  })
  @Post('logout')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @ApiNoContentResponse({
    description: 'The refresh token is revoked (also 204 when it is unknown).',
  })
  async logout(
    @Body() body: AuthLogoutRequestDto,
    @Ip() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const tokens = [body.refresh_token, this.cookie.read(request)].filter(
      (token): token is string => Boolean(token),
    );
    await this.auth.logout(tokens, ip);
    this.cookie.clear(request, response);
  }
}
