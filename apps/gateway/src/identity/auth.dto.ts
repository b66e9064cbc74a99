import { createZodDto } from 'nestjs-zod';
import {
  AuthLogoutRequest,
  AuthRefreshRequest,
  AuthRefreshResponse,
  AuthTokenRequest,
  AuthTokenResponse,
  DisableMfaRequest,
  EnrolMfaRequest,
  MfaSecretResponse,
} from '@livevote/contracts';

export class AuthTokenRequestDto extends createZodDto(AuthTokenRequest) {}
export class AuthTokenResponseDto extends createZodDto(AuthTokenResponse) {}
export class AuthRefreshRequestDto extends createZodDto(AuthRefreshRequest) {}
export class AuthRefreshResponseDto extends createZodDto(AuthRefreshResponse) {}
export class AuthLogoutRequestDto extends createZodDto(AuthLogoutRequest) {}
export class MfaSecretResponseDto extends createZodDto(MfaSecretResponse) {}
export class EnrolMfaRequestDto extends createZodDto(EnrolMfaRequest) {}
export class DisableMfaRequestDto extends createZodDto(DisableMfaRequest) {}
