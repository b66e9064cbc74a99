import {
  Body,
  Controller,
  Header,
  HttpCode,
  Ip,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { MfaSecretResponse } from '@livevote/contracts';
import {
  DisableMfaRequestDto,
  EnrolMfaRequestDto,
  MfaSecretResponseDto,
} from './auth.dto';
import { CurrentManager, JwtAuthGuard, type Manager } from './jwt-auth.guard';
import { MfaService } from './mfa.service';

/** One-time codes for the signed-in user (docs/security.md, "One-time codes"). */
@ApiTags('Auth')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('auth/mfa')
export class MfaController {
  constructor(private readonly mfa: MfaService) {}

  @ApiOperation({
    summary: 'A new secret for an authenticator app (nothing is stored yet)',
    description: '409 `mfa_enrolled` when one-time codes are already on.',
  })
  @Post('secret')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: MfaSecretResponseDto })
  secret(@CurrentManager() manager: Manager): Promise<MfaSecretResponse> {
    return this.mfa.newSecret(manager.userId);
  }

  @ApiOperation({
    summary:
      'Turn one-time codes on with a secret, the password and a first code',
    description:
      '400 `invalid_password` or `invalid_mfa_token`; 409 `mfa_enrolled`; counts against the Auth API rate limits. From then on, signing in needs `mfaToken`.',
  })
  @Post()
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @ApiNoContentResponse({ description: 'One-time codes are on.' })
  enrol(
    @CurrentManager() manager: Manager,
    @Body() body: EnrolMfaRequestDto,
    @Ip() ip: string,
  ): Promise<void> {
    return this.mfa.enrol(manager.userId, body, ip);
  }

  @ApiOperation({
    summary: 'Turn one-time codes off with the password and a current code',
    description:
      '400 `invalid_password` or `invalid_mfa_token`; 409 `mfa_not_enrolled`; counts against the Auth API rate limits.',
  })
  @Post('off')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @ApiNoContentResponse({ description: 'One-time codes are off.' })
  disable(
    @CurrentManager() manager: Manager,
    @Body() body: DisableMfaRequestDto,
    @Ip() ip: string,
  ): Promise<void> {
    return this.mfa.disable(manager.userId, body, ip);
  }
}
